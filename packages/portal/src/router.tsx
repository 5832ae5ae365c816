// Signed-out routes of spec §2.1 and the lazy-screen helpers. The signed-out pages are listed
// once, in packages/ui/src/config/signed-out-pages.ts, which the build's prerender reads too; here
// each screen folder gets its lazy screen. The signed-in routes of §2.4 live in signed-in.tsx, a
// chunk of its own, so /login loads none of the signed-in app.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { signedOutPages, type SignedOutScreen } from '@halsa/ui/config/signed-out-pages.ts';

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

/** The page a notice mail's unsubscribe link opens (design §4.16); also routed when signed in. */
export const Unsubscribe = screen<{ signedIn?: boolean }>(
  async () => (await import('@halsa/ui/screens/notifications/unsubscribe')).UnsubscribeScreen,
);

/** The lazy screen of each signed-out page's screen folder (config/signed-out-pages.ts). */
const signedOutScreens = {
  'auth/login': screen(async () => (await import('@halsa/ui/screens/auth/login')).LoginScreen),
  'auth/two-factor': screen(
    async () => (await import('@halsa/ui/screens/auth/two-factor')).TwoFactorScreen,
  ),
  'auth/forgot-password': screen(
    async () => (await import('@halsa/ui/screens/auth/forgot-password')).ForgotPasswordScreen,
  ),
  'auth/reset-password': screen(
    async () => (await import('@halsa/ui/screens/auth/reset-password')).ResetPasswordScreen,
  ),
  'auth/set-password': screen(
    async () => (await import('@halsa/ui/screens/auth/set-password')).SetPasswordScreen,
  ),
  'registration/register': screen(
    async () => (await import('@halsa/ui/screens/registration/register')).RegisterScreen,
  ),
  'registration/terms-of-use': TermsOfUse,
  'notifications/unsubscribe': Unsubscribe,
} satisfies Record<SignedOutScreen, LazyScreen<object>>;

/** Any other address while signed out: remembered, then /login (to-login.tsx). */
const ToLogin = screen(async () => (await import('./to-login')).ToLogin);

/** The signed-out route table: path → screen (spec §2.1, design §4.3). */
export const signedOutRoutes: ReadonlyArray<{ path: string; Screen: LazyScreen<object> }> =
  signedOutPages.map((page) => ({ path: page.path, Screen: signedOutScreens[page.screen] }));

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

/** Calls `onShown` once the Suspense boundary it is in has shown its content (rendered or hydrated). */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

export interface SignedOutRoutesProps {
  /** Called once the page's screen is on screen: on a prerendered page, once it is hydrated. */
  onShown?: () => void;
}

export function SignedOutRoutes({ onShown }: SignedOutRoutesProps) {
  // Shown renders nothing, so the prerendered HTML (rendered without onShown) is the same.
  const page = (node: ReactNode) =>
    lazyPage(
      <>
        {node}
        {onShown ? <Shown onShown={onShown} /> : null}
      </>,
    );
  return (
    <Routes>
      {signedOutRoutes.map(({ path, Screen }) => (
        <Route key={path} path={path} element={page(<Screen />)} />
      ))}
      <Route path="*" element={page(<ToLogin />)} />
    </Routes>
  );
}
