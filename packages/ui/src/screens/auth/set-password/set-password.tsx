import { useSetPassword } from '@halsa/api';
import type { FooterConfig } from '../../../components/footer/footer-config';
import { NewPasswordForm } from '../shared/new-password-form';

export const SET_PASSWORD_SUCCESS_MESSAGE = 'Lösenord har satts!';

export interface SetPasswordScreenProps {
  footerConfig?: FooterConfig;
}

/**
 * /new-password?token=… (spec §2.1, design §4.3): the first password of an account that was made
 * without one. Without a token → /login; on success 'Lösenord har satts!' and /login after 2 s.
 */
export function SetPasswordScreen({ footerConfig }: SetPasswordScreenProps) {
  const { trigger, isMutating } = useSetPassword();
  return (
    <NewPasswordForm
      title="Välj lösenord"
      description="Välj ett lösenord för ditt konto. Du loggar sedan in med din e-postadress och lösenordet."
      passwordLabel="Lösenord"
      successMessage={SET_PASSWORD_SUCCESS_MESSAGE}
      fallback="Kunde inte sätta lösenordet"
      send={trigger}
      sending={isMutating}
      footerConfig={footerConfig}
    />
  );
}
