// Shared by the signed-out screens' stories (not exported from the package).
import type { HttpHandler } from 'msw';
import { useLocation } from 'react-router';
import { withDefaults } from '@halsa/api/mocks';

/** Shows where the screen navigated to, so a play function can assert it. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <main>
      <p>
        Navigerade till {pathname}
        {search}
      </p>
    </main>
  );
}

/** A scenario in front of the default mocks (msw answers with the first matching handler). */
export const mocks = (...scenario: HttpHandler[][]) => ({
  msw: { handlers: { defaults: withDefaults(...scenario) } },
});
