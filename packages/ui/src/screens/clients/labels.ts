// Words the client screens share (spec §2.6).
import type { RegistrationStatus } from '@halsa/api';

export const NOT_AVAILABLE = 'N/A';

export const registrationStatusLabels: Record<RegistrationStatus, string> = {
  INVITED: 'Inbjuden',
  REGISTERED: 'Registrerad',
};
