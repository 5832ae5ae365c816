// Words and formats the client screens share (spec §2.6).
import type { RegistrationStatus } from '@halsa/api';

export const NOT_AVAILABLE = 'N/A';

export const registrationStatusLabels: Record<RegistrationStatus, string> = {
  INVITED: 'Inbjuden',
  REGISTERED: 'Registrerad',
};

const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '12 mars 2026'. */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
/** '12 mars 2026 09:30'. */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

export const fullNameOf = (c: { firstName: string; lastName: string }): string =>
  `${c.firstName} ${c.lastName}`.trim();

/** A client who has not yet registered has no name: her e-mail stands in. */
export const displayNameOf = (c: { firstName: string; lastName: string; email: string }): string =>
  fullNameOf(c) || c.email;
