import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { InvitationRequest, InvitationResponse } from '../contract/invitations.ts';
import { mutationKey } from '../keys.ts';
import { CLIENTS_KEY } from '../clients/use-clients.ts';

/** `POST /api/v1/admin/invitations` (design §4.8): e-mails a `/register?token=…` link. */
export const createInvitation = (body: InvitationRequest): Promise<InvitationResponse> =>
  call('createInvitation', { body });

export const CREATE_INVITATION_KEY = mutationKey('createInvitation');

export function useCreateInvitation() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<InvitationResponse, ApiError, string, InvitationRequest>(
    CREATE_INVITATION_KEY,
    async (_key, { arg }) => {
      const invitation = await createInvitation(arg);
      // The bare list and every cached page or search: the invited client shows at once.
      await mutate((key) => typeof key === 'string' && key.startsWith(CLIENTS_KEY));
      return invitation;
    },
    { throwOnError: true },
  );
}
