// Who may read a client's data in the mocks (design §4.14): ADMIN always; STAFF in the client's
// care team or with an open emergency access, or everyone while 'Åtkomst endast via vårdteam'
// is off. Used by the client routes and the care-team routes.
import {
  NO_CARE_RELATION,
  NO_CARE_RELATION_MESSAGE,
  type EmergencyAccessReview,
  type Id,
} from '../../contract/index.ts';
import { mockState } from '../state.ts';
import { HttpResponse } from './respond.ts';

/** The 403 of a client-data route for STAFF outside the client's care team. */
export const noCareRelationResponse = (): Response =>
  HttpResponse.json({ message: NO_CARE_RELATION_MESSAGE, code: NO_CARE_RELATION }, { status: 403 });

export const teamOf = (clientId: Id): Id[] => mockState.careTeam.teams[clientId] ?? [];

const openAccessOf = (staffId: Id, clientId: Id): EmergencyAccessReview | undefined =>
  mockState.careTeam.emergencyAccesses.find(
    (a) =>
      a.staff.id === staffId && a.clientId === clientId && Date.parse(a.expiresAt) > Date.now(),
  );

/** May the signed-in user read this client's data (ADMIN, the team, an open emergency access)? */
export function hasCareRelation(clientId: Id): boolean {
  const user = mockState.sessionUser;
  if (!user || user.role !== 'STAFF') return true;
  if (mockState.accessSettings?.careTeamOnly === false) return true;
  return teamOf(clientId).includes(user.id) || openAccessOf(user.id, clientId) !== undefined;
}

/** Throws the 403 NO_CARE_RELATION answer when the signed-in STAFF may not read the client. */
export function careRelationOr403(clientId: Id): void {
  if (!hasCareRelation(clientId)) throw noCareRelationResponse();
}
