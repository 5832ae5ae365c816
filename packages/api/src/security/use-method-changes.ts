// Adding and removing her methods on /profile/security (design §4.17). Every change revalidates
// her overview and the session (whose `mustSetUpStrongSignIn` may change with it).
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type {
  ConfirmTotpRequest,
  PasskeyOptionsResponse,
  RegisterPasskeyRequest,
  RemoveSignInMethodRequest,
  ReserveCodes,
  SignInMethod,
  TotpSetup,
} from '../contract/security.ts';
import { mutationKey, SESSION_KEY } from '../keys.ts';
import { SECURITY_OVERVIEW_KEY } from './use-security-overview.ts';

function useRevalidateSecurity() {
  const { mutate } = useSWRConfig();
  return async () => {
    await Promise.all([mutate(SECURITY_OVERVIEW_KEY), mutate(SESSION_KEY)]);
  };
}

/** `POST …/passkeys/options`: pass `options` to `startRegistration({ optionsJSON })`. */
export const fetchPasskeyRegistrationOptions = (): Promise<PasskeyOptionsResponse> =>
  call('passkeyRegistrationOptions', { body: {} });

export const PASSKEY_REGISTRATION_OPTIONS_KEY = mutationKey('passkeyRegistrationOptions');

export function usePasskeyRegistrationOptions() {
  return useSWRMutation<PasskeyOptionsResponse, ApiError, string, void>(
    PASSKEY_REGISTRATION_OPTIONS_KEY,
    () => fetchPasskeyRegistrationOptions(),
    { throwOnError: true },
  );
}

/** `POST …/passkeys` with her name for the key and what `startRegistration()` gave. */
export const registerPasskey = (body: RegisterPasskeyRequest): Promise<SignInMethod> =>
  call('registerPasskey', { body });

export const REGISTER_PASSKEY_KEY = mutationKey('registerPasskey');

export function useRegisterPasskey() {
  const revalidate = useRevalidateSecurity();
  return useSWRMutation<SignInMethod, ApiError, string, RegisterPasskeyRequest>(
    REGISTER_PASSKEY_KEY,
    async (_key, { arg }) => {
      const method = await registerPasskey(arg);
      await revalidate();
      return method;
    },
    { throwOnError: true },
  );
}

/** `POST …/totp`: a key for the app (QR from `otpauthUri`), not in use until confirmed. */
export const startTotpSetup = (): Promise<TotpSetup> => call('startTotpSetup', { body: {} });

export const START_TOTP_SETUP_KEY = mutationKey('startTotpSetup');

export function useStartTotpSetup() {
  return useSWRMutation<TotpSetup, ApiError, string, void>(
    START_TOTP_SETUP_KEY,
    () => startTotpSetup(),
    { throwOnError: true },
  );
}

/** `POST …/totp/:id/confirm` with a code from the app. */
export const confirmTotp = (setupId: Id, body: ConfirmTotpRequest): Promise<SignInMethod> =>
  call('confirmTotp', { params: { id: setupId }, body });

export const CONFIRM_TOTP_KEY = mutationKey('confirmTotp');

/** `trigger({ setupId, code, name? })`. */
export function useConfirmTotp() {
  const revalidate = useRevalidateSecurity();
  return useSWRMutation<SignInMethod, ApiError, string, ConfirmTotpRequest & { setupId: Id }>(
    CONFIRM_TOTP_KEY,
    async (_key, { arg: { setupId, ...body } }) => {
      const method = await confirmTotp(setupId, body);
      await revalidate();
      return method;
    },
    { throwOnError: true },
  );
}

/** `POST …/reserve-codes`: 10 new codes (shown once); the old ones stop working. */
export const createReserveCodes = (): Promise<ReserveCodes> =>
  call('createReserveCodes', { body: {} });

export const CREATE_RESERVE_CODES_KEY = mutationKey('createReserveCodes');

export function useCreateReserveCodes() {
  const revalidate = useRevalidateSecurity();
  return useSWRMutation<ReserveCodes, ApiError, string, void>(
    CREATE_RESERVE_CODES_KEY,
    async () => {
      const codes = await createReserveCodes();
      await revalidate();
      return codes;
    },
    { throwOnError: true },
  );
}

/** `POST …/methods/:id/remove` with her password. */
export const removeSignInMethod = (id: Id, body: RemoveSignInMethodRequest): Promise<void> =>
  call('removeSignInMethod', { params: { id }, body });

export const REMOVE_SIGN_IN_METHOD_KEY = mutationKey('removeSignInMethod');

/** `trigger({ id, password })`. */
export function useRemoveSignInMethod() {
  const revalidate = useRevalidateSecurity();
  return useSWRMutation<void, ApiError, string, RemoveSignInMethodRequest & { id: Id }>(
    REMOVE_SIGN_IN_METHOD_KEY,
    async (_key, { arg: { id, ...body } }) => {
      await removeSignInMethod(id, body);
      await revalidate();
    },
    { throwOnError: true },
  );
}
