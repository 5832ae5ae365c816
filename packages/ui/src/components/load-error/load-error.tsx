import type { ReactNode } from 'react';
import { Alert } from '../../primitives/alert/alert';
import { Button } from '../../primitives/button/button';

export interface LoadErrorProps {
  /** A short heading, e.g. 'Kunde inte hämta klienter'. */
  title?: ReactNode;
  /** What went wrong, usually the server's Swedish message. */
  children?: ReactNode;
  /** Fetches again; the button reads 'Försök igen'. */
  onRetry: () => void;
  className?: string;
}

/** The one way a screen says its data could not be fetched, with 'Försök igen'. */
export function LoadError({ title, children, onRetry, className }: LoadErrorProps) {
  return (
    <Alert
      variant="error"
      title={title}
      className={className}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Försök igen
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
