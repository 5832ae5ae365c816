// Care teams from the person's side (`/staff`, issue 35): the clients whose care team a staff
// member is in, and ADMIN adding or removing one there. Each change revalidates her list, the
// staff list (its count) and the client's own care team.
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { StaffClient, StaffClients } from '../contract/care-team.ts';
import type { Id } from '../contract/common.ts';
import { keyFor, mutationKey } from '../keys.ts';
import { STAFF_ACCOUNTS_KEY } from '../staff/use-staff-accounts.ts';
import { careTeamKey } from './use-care-team.ts';

/** `GET /api/v1/admin/users/:id/clients` (ADMIN): her clients by name, personal number masked. */
export const fetchStaffClients = (staffId: Id): Promise<StaffClients> =>
  call('staffClients', { params: { id: staffId } });

export const staffClientsKey = (staffId: Id): string => keyFor('staffClients', { id: staffId });

export function useStaffClients(
  staffId: Id | null | undefined,
  config?: SWRConfiguration<StaffClients, ApiError>,
) {
  const swr = useSWR<StaffClients, ApiError>(
    staffId == null ? null : staffClientsKey(staffId),
    () => fetchStaffClients(staffId as Id),
    config,
  );
  return { ...swr, clients: swr.data?.clients };
}

/** `POST /api/v1/admin/users/:id/clients`: puts her in the client's care team. */
export const addStaffClient = (staffId: Id, clientId: Id): Promise<StaffClient> =>
  call('addStaffClient', { params: { id: staffId }, body: { clientId } });

/** `DELETE /api/v1/admin/users/:id/clients/:clientId`: takes her out of it. */
export const removeStaffClient = (staffId: Id, clientId: Id): Promise<void> =>
  call('removeStaffClient', { params: { id: staffId, clientId } });

export const ADD_STAFF_CLIENT_KEY = mutationKey('addStaffClient');
export const REMOVE_STAFF_CLIENT_KEY = mutationKey('removeStaffClient');

export interface StaffClientArg {
  staffId: Id;
  clientId: Id;
}

function useRevalidateTeams() {
  const { mutate } = useSWRConfig();
  return ({ staffId, clientId }: StaffClientArg) =>
    Promise.all([
      mutate(staffClientsKey(staffId)),
      mutate(STAFF_ACCOUNTS_KEY),
      mutate(careTeamKey(clientId)),
    ]);
}

/** `trigger({ staffId, clientId })`; a deactivated person is refused (400). */
export function useAddStaffClient() {
  const revalidate = useRevalidateTeams();
  return useSWRMutation<StaffClient, ApiError, string, StaffClientArg>(
    ADD_STAFF_CLIENT_KEY,
    async (_key, { arg }) => {
      const client = await addStaffClient(arg.staffId, arg.clientId);
      await revalidate(arg);
      return client;
    },
    { throwOnError: true },
  );
}

/** `trigger({ staffId, clientId })`. */
export function useRemoveStaffClient() {
  const revalidate = useRevalidateTeams();
  return useSWRMutation<void, ApiError, string, StaffClientArg>(
    REMOVE_STAFF_CLIENT_KEY,
    async (_key, { arg }) => {
      await removeStaffClient(arg.staffId, arg.clientId);
      await revalidate(arg);
    },
    { throwOnError: true },
  );
}
