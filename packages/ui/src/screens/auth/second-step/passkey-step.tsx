// 'Bekräfta med din nyckel' (design §4.17): one button opens the browser's prompt for her key.
// A cancelled prompt or a refused key leaves her here with the reason and 'Välj ett annat sätt'.
import { useState } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';

export interface PasskeyStepProps {
  /** Runs the ceremony and signs her in; a thrown error's text is shown. */
  onUse: () => Promise<void>;
  failureText: (error: unknown) => string;
}

export function PasskeyStep({ onUse, failureText }: PasskeyStepProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const use = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onUse();
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-5">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <Button
        type="button"
        className="w-full"
        loading={busy}
        loadingLabel="Väntar på nyckeln..."
        onClick={() => void use()}
      >
        Använd nyckel
      </Button>
    </div>
  );
}
