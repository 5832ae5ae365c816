// Signed-out routes of spec §2.1 and the lazy-screen helpers. The signed-in routes of §2.4
// live in signed-in.tsx, a chunk of its own, so /login loads none of the signed-in app.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '@halsa/ui/config';

export const screen = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await load() }));

/** Placeholders for pages a later issue builds; they say so in Swedish. */
export const placeholder = (title: string) =>
  screen(async () => {
    const { PlaceholderScreen } = await import('@halsa/ui/screens/shell/placeholder');
    return () => <PlaceholderScreen title={title} />;
  });

export const TermsOfUse = screen(
  async () => (await import('@halsa/ui/screens/registration/terms-of-use')).TermsOfUse,
);

// Signed-out screens.
const Login = screen(async () => (await import('@halsa/ui/screens/auth/login')).LoginScreen);
const TwoFactor = screen(
  async () => (await import('@halsa/ui/screens/auth/two-factor')).TwoFactorScreen,
);
const ForgotPassword = screen(
  async () => (await import('@halsa/ui/screens/auth/forgot-password')).ForgotPasswordScreen,
);
const ResetPassword = screen(
  async () => (await import('@halsa/ui/screens/auth/reset-password')).ResetPasswordScreen,
);
const SetPassword = screen(
  async () => (await import('@halsa/ui/screens/auth/set-password')).SetPasswordScreen,
);
const Register = screen(
  async () => (await import('@halsa/ui/screens/registration/register')).RegisterScreen,
);

export const lazyPage = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={lazyPage(<Login />)} />
      <Route path={paths.twoFactor} element={lazyPage(<TwoFactor />)} />
      <Route path={paths.forgotPassword} element={lazyPage(<ForgotPassword />)} />
      <Route path={paths.resetPassword} element={lazyPage(<ResetPassword />)} />
      <Route path={paths.forgotNewPassword} element={lazyPage(<ResetPassword />)} />
      <Route path={paths.newPassword} element={lazyPage(<SetPassword />)} />
      <Route path={paths.register} element={lazyPage(<Register />)} />
      <Route path={paths.termsOfUse} element={lazyPage(<TermsOfUse />)} />
      <Route path="*" element={<Navigate to={paths.login} replace />} />
    </Routes>
  );
}
