import { useResetPassword } from '@halsa/api';
import type { FooterConfig } from '../../../components/footer/footer-config';
import { NewPasswordForm } from '../shared/new-password-form';

export const RESET_PASSWORD_SUCCESS_MESSAGE = 'Lösenord har uppdaterats!';

export interface ResetPasswordScreenProps {
  footerConfig?: FooterConfig;
}

/**
 * /reset-password and /forgot-new-password?token=… (spec §2.1, design §4.3): a new password from
 * the link in the forgot-password mail or a reset link sent by staff. Without a token → /login;
 * on success 'Lösenord har uppdaterats!' and /login after 2 seconds.
 */
export function ResetPasswordScreen({ footerConfig }: ResetPasswordScreenProps) {
  const { trigger, isMutating } = useResetPassword();
  return (
    <NewPasswordForm
      title="Återställ lösenord"
      description="Välj ett nytt lösenord för ditt konto."
      passwordLabel="Nytt lösenord"
      successMessage={RESET_PASSWORD_SUCCESS_MESSAGE}
      fallback="Kunde inte uppdatera lösenordet"
      send={trigger}
      sending={isMutating}
      footerConfig={footerConfig}
    />
  );
}
