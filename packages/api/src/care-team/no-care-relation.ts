import { isApiError } from '../client.ts';
import { NO_CARE_RELATION } from '../contract/care-team.ts';

/**
 * Is this the 403 a STAFF member outside the client's care team gets on a client-data route
 * (`{ message: 'Du har ingen vårdrelation med klienten.', code: 'NO_CARE_RELATION' }`)? The page
 * then offers 'Nödåtkomst' instead of a load error (design §4.14).
 */
export function isNoCareRelation(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  const { body } = error;
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    (body as { code: unknown }).code === NO_CARE_RELATION
  );
}
