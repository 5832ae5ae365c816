// A 409 on the forms editor: saving stopped; the alert offers the latest form.
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';

export interface ConflictAlertProps {
  message: string;
  onReload: () => void;
}

export function ConflictAlert({ message, onReload }: ConflictAlertProps) {
  return (
    <Alert
      variant="error"
      title="Ändringarna kunde inte sparas"
      action={
        <Button type="button" variant="secondary" size="sm" onClick={onReload}>
          Ladda om formuläret
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
