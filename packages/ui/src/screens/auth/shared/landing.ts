// Where a finished sign-in leads (design §4.17): a STAFF or ADMIN whom the clinic's rule requires
// a strong method of, and who has none, to /profile/security; anyone else back to the page she
// asked for while signed out (a notice mail's link), else Att göra.
import type { SessionUser } from '@halsa/api/contract';
import { paths } from '../../../config/paths';
import { takeReturnTo } from '../../../config/return-to';

export function landingFor(user: Pick<SessionUser, 'mustSetUpStrongSignIn'>): string {
  if (user.mustSetUpStrongSignIn) return paths.profileSecurity;
  return takeReturnTo() ?? paths.overview;
}
