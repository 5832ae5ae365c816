// What /profile/security does with the server (design §4.17), in one place: the screen and its
// dialogs take plain callbacks. The WebAuthn library is imported here, so it rides only in this
// page's chunk.
import { useState } from 'react';
import {
  useConfirmTotp,
  useCreateReserveCodes,
  usePasskeyRegistrationOptions,
  useRegisterPasskey,
  useRemoveSignInMethod,
  useSecurityOverview,
  useStartTotpSetup,
} from '@halsa/api';
import type { TotpSetup as TotpSetupAnswer } from '@halsa/api/contract';
import { createPasskey, isBrowserRefusal } from '../../../lib/passkey';
import { errorText } from '../../../lib/server-message';
import { PASSKEY_ADD_FAILED, PASSKEY_REFUSED, REMOVE_FAILED, TOTP_START_FAILED } from './labels';
import type { TotpSetup } from './totp-setup-dialog';

export function useSecurityActions() {
  const { overview, error, mutate } = useSecurityOverview();
  const passkeyOptions = usePasskeyRegistrationOptions();
  const registerPasskey = useRegisterPasskey();
  const startTotpSetup = useStartTotpSetup();
  const confirmTotp = useConfirmTotp();
  const createReserveCodes = useCreateReserveCodes();
  const removeMethod = useRemoveSignInMethod();
  const [totp, setTotp] = useState<TotpSetupAnswer | null>(null);
  const [totpSetupError, setTotpSetupError] = useState<string | null>(null);

  const totpSetup: TotpSetup | null = totp ? { uri: totp.otpauthUri, secret: totp.secret } : null;

  return {
    overview,
    error,
    retry: () => void mutate(),
    failureText: (e: unknown) => errorText(e, REMOVE_FAILED),
    passkeyFailureText: (e: unknown) =>
      isBrowserRefusal(e) ? PASSKEY_REFUSED : errorText(e, PASSKEY_ADD_FAILED),

    /** Options from the server, the browser's prompt, then the key saved under her name. */
    addPasskey: async (name: string) => {
      const { options } = await passkeyOptions.trigger();
      const credential = await createPasskey(options);
      await registerPasskey.trigger({ name, credential });
    },

    /** A new key for the app, shown as a QR code until a code confirms it. */
    startTotp: () => {
      setTotp(null);
      setTotpSetupError(null);
      startTotpSetup.trigger().then(setTotp, (e: unknown) => {
        setTotpSetupError(errorText(e, TOTP_START_FAILED));
      });
    },
    totpSetup,
    totpSetupError,
    confirmTotp: async (code: string) => {
      if (!totp) return;
      await confirmTotp.trigger({ setupId: totp.setupId, code });
      setTotp(null);
    },

    /** Ten new codes, the old ones void; the codes themselves are never fetched again. */
    createReserveCodes: async () => (await createReserveCodes.trigger()).codes,

    removeMethod: (id: number, password: string) => removeMethod.trigger({ id, password }),
  };
}
