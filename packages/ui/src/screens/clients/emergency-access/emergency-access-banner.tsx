// The banner on every page of a client a STAFF member reads under 'Nödåtkomst' (design §4.20):
// when it closes, that everything she reads is logged, and 'Avsluta nu', which ends the access
// at once (the page then shows 'Nödåtkomst' again instead of the client's data).
import { useCloseEmergencyAccess, useMyEmergencyAccesses, useSession } from '@halsa/api';
import { formatTime, SWEDISH_TIME } from '../../../lib/format';
import { genitive } from '../../../lib/genitive';
import { messageOr } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { useToast } from '../../../primitives/toast/toast';

export const EMERGENCY_CLOSE_FAILED = 'Kunde inte avsluta nödåtkomsten';
export const EMERGENCY_CLOSED = 'Nödåtkomsten är avslutad.';

/** 'Nödåtkomst till 17:40 – allt du läser loggas' (the time in Swedish time). */
export const emergencyBannerText = (expiresAt: string) =>
  `Nödåtkomst till ${formatTime(expiresAt, { timeZone: SWEDISH_TIME })} – allt du läser loggas`;

export function EmergencyAccessBanner({
  clientId,
  clientName,
}: {
  clientId: number;
  clientName: string;
}) {
  const { user } = useSession();
  const { accesses } = useMyEmergencyAccesses(user?.role);
  const { trigger, isMutating } = useCloseEmergencyAccess();
  const toast = useToast();
  const access = accesses?.find((a) => a.clientId === clientId);
  if (!access) return null;

  const close = async () => {
    try {
      await trigger(access.id);
      toast.success(EMERGENCY_CLOSED);
    } catch (e) {
      toast.error(messageOr(e, EMERGENCY_CLOSE_FAILED));
    }
  };

  return (
    <Alert
      variant="warning"
      aria-label={`Nödåtkomst till ${clientName}`}
      title={emergencyBannerText(access.expiresAt)}
      action={
        <Button
          variant="secondary"
          size="sm"
          loading={isMutating}
          loadingLabel="Avslutar…"
          onClick={() => void close()}
        >
          Avsluta nu
        </Button>
      }
    >
      Du läser {genitive(clientName)} uppgifter utan att vara med i vårdteamet. Avsluta när du inte
      längre behöver dem.
    </Alert>
  );
}
