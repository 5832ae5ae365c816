// The signed-out pages of spec §2.1, written once (issue 37): the portal's route table
// (packages/portal/src/router.tsx, which maps each screen folder to its lazy screen) and the
// build's prerender (scripts/prerender.mjs, through scripts/prerender-entry.tsx) both read this
// list. Plain data and nothing else: it is in /login's first JavaScript (`pnpm budget`), so it
// imports only the paths (no pages.ts, whose titles and leads would come with it).
import { paths } from './paths';

export interface SignedOutPage {
  path: string;
  /** The screen's folder under packages/ui/src/screens (its `index.ts` is the chunk). */
  screen: string;
  /**
   * Prerendered into dist/<path without its slash>.html (scripts/prerender.mjs): the first HTML
   * response shows the form. `'token'`: only with `?token=` in the URL (the password pages
   * without one send the visitor to /login; the token itself is never part of the HTML).
   */
  prerender?: true | 'token';
}

export const signedOutPages = [
  { path: paths.login, screen: 'auth/login', prerender: true },
  { path: paths.twoFactor, screen: 'auth/two-factor' },
  { path: paths.forgotPassword, screen: 'auth/forgot-password', prerender: true },
  { path: paths.resetPassword, screen: 'auth/reset-password', prerender: 'token' },
  { path: paths.forgotNewPassword, screen: 'auth/reset-password', prerender: 'token' },
  { path: paths.newPassword, screen: 'auth/set-password', prerender: 'token' },
  { path: paths.register, screen: 'registration/register' },
  { path: paths.termsOfUse, screen: 'registration/terms-of-use', prerender: true },
  { path: paths.unsubscribe, screen: 'notifications/unsubscribe' },
] as const satisfies readonly SignedOutPage[];

/** The screen folders of the signed-out pages: the router has a lazy screen for each. */
export type SignedOutScreen = (typeof signedOutPages)[number]['screen'];
