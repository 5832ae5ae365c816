// Signed-out routes of spec §2.1 and the lazy-screen helpers. The signed-in routes of §2.4
// live in signed-in.tsx, a chunk of its own, so /login loads none of the signed-in app.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@halsa/ui/config';

/** A lazily loaded screen whose code can be fetched ahead of its first render. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts (once) loading the screen's chunk; resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * A screen in a chunk of its own. Once `preload()` has resolved, the screen renders at once
 * instead of suspending: main.tsx preloads the opened route before hydrating, so the first
 * client render matches the prerendered HTML (scripts/prerender.mjs) without a fallback.
 * Each mounted instance keeps the component it started with, so a chunk that arrives while a
 * screen is shown never remounts it.
 */
export const screen = <P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> => {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
};

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
/** The page a notice mail's unsubscribe link opens (design §4.16); also routed when signed in. */
export const Unsubscribe = screen<{ signedIn?: boolean }>(
  async () => (await import('@halsa/ui/screens/notifications/unsubscribe')).UnsubscribeScreen,
);

/** Any other address while signed out: remembered, then /login (to-login.tsx). */
const ToLogin = screen(async () => (await import('./to-login')).ToLogin);

/** The signed-out route table: path → screen (spec §2.1, design §4.3). */
export const signedOutRoutes: ReadonlyArray<{ path: string; Screen: LazyScreen<object> }> = [
  { path: paths.login, Screen: Login },
  { path: paths.twoFactor, Screen: TwoFactor },
  { path: paths.forgotPassword, Screen: ForgotPassword },
  { path: paths.resetPassword, Screen: ResetPassword },
  { path: paths.forgotNewPassword, Screen: ResetPassword },
  { path: paths.newPassword, Screen: SetPassword },
  { path: paths.register, Screen: Register },
  { path: paths.termsOfUse, Screen: TermsOfUse },
  { path: paths.unsubscribe, Screen: Unsubscribe },
];

const normalise = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** Whether `pathname` is one of the signed-out pages (a trailing slash is ignored, as routes do). */
export const isSignedOutPath = (pathname: string): boolean =>
  signedOutRoutes.some((route) => route.path === normalise(pathname));

/** Starts loading the chunk of the signed-out page at `pathname`, if it is one. */
export function preloadSignedOut(pathname: string): Promise<unknown> {
  const route = signedOutRoutes.find((r) => r.path === normalise(pathname));
  return route ? route.Screen.preload() : Promise.resolve();
}

export const lazyPage = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

export function SignedOutRoutes() {
  return (
    <Routes>
      {signedOutRoutes.map(({ path, Screen }) => (
        <Route key={path} path={path} element={lazyPage(<Screen />)} />
      ))}
      <Route path="*" element={lazyPage(<ToLogin />)} />
    </Routes>
  );
}
