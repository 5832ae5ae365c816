import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

export interface LocationProbeProps {
  /** Stands as a page of its own (a route the screen left for): a visible `<main>`. Inside a
   * layout that has its own `<main>` (the shell) it is a visually hidden line instead. */
  asPage?: boolean;
  /** More lines the page shows (e.g. who the session user is now). */
  children?: ReactNode;
}

/**
 * Shows where the screen navigated to, so a play function can assert it:
 * `getByTestId('location')` or the text 'Navigerade till /login'.
 */
export function LocationProbe({ asPage = false, children }: LocationProbeProps) {
  const { pathname, search } = useLocation();
  const line = (
    <p data-testid="location" className={asPage ? undefined : 'sr-only'}>
      Navigerade till {pathname}
      {search}
    </p>
  );
  return asPage ? (
    <main>
      {line}
      {children}
    </main>
  ) : (
    line
  );
}
