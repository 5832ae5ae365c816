// The clinic setting 'Åtkomst endast via vårdteam' (design §4.14): on by default; turning it off
// opens every client to every STAFF member, so it asks first. The server logs the change.
import {
  isApiError,
  STAFF_MESSAGES,
  useCareTeamSetting,
  useUpdateCareTeamSetting,
} from '@halsa/api';
import { useState } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { Spinner } from '../../../primitives/spinner/spinner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';

export const CARE_TEAM_SETTING_HINT =
  'När den är på läser personal bara uppgifter om klienter i sitt vårdteam. Administratörer läser alla.';
export const CARE_TEAM_SETTING_FAILED = 'Kunde inte spara inställningen';

export function CareTeamSetting() {
  const { settings, error } = useCareTeamSetting();
  const update = useUpdateCareTeamSetting();
  const [confirmOff, setConfirmOff] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const save = async (careTeamOnly: boolean) => {
    setFailure(null);
    setSaved(null);
    await update.trigger({ careTeamOnly });
    setSaved(
      careTeamOnly ? 'Åtkomst endast via vårdteam är på.' : 'Åtkomst endast via vårdteam är av.',
    );
  };

  return (
    <section
      aria-labelledby="care-team-setting-heading"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
    >
      <h2 id="care-team-setting-heading" className="text-lg font-semibold">
        Åtkomst till klienter
      </h2>
      {error ? (
        <Alert variant="error">{error.message}</Alert>
      ) : !settings ? (
        <Spinner label="Hämtar inställningen…" />
      ) : (
        <Checkbox
          label={STAFF_MESSAGES.careTeamOnly}
          hint={CARE_TEAM_SETTING_HINT}
          checked={settings.careTeamOnly}
          disabled={update.isMutating}
          onChange={(event) => {
            if (!event.target.checked) return setConfirmOff(true);
            save(true).catch((e: unknown) =>
              setFailure(isApiError(e) ? e.message : CARE_TEAM_SETTING_FAILED),
            );
          }}
        />
      )}
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <p role="status" className="text-sm text-fg-muted empty:hidden">
        {saved}
      </p>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title="Stäng av åtkomst endast via vårdteam?"
        description="All personal kan då läsa alla klienters uppgifter, inte bara sitt vårdteams. Ändringen loggas."
        confirmLabel="Stäng av"
        busyLabel="Sparar…"
        variant="danger"
        fallback={CARE_TEAM_SETTING_FAILED}
        onConfirm={() => save(false)}
      />
    </section>
  );
}
