import { Suspense, useEffect } from 'react';
import { useSession } from '@halsa/api';
import type { SessionUser } from '@halsa/api/contract';
import { screen, SignedOutRoutes } from './router';

/** The signed-in app, a chunk of its own; main.tsx starts loading it early on a signed-in shell. */
export const SignedInApp = screen<{ user: SessionUser }>(async () => {
  const signedIn = await import('./signed-in');
  // Ready when the opened page's screen is too, so the first render shows the page, not a gap.
  await signedIn.openedScreen;
  return signedIn.default;
});

export interface AppProps {
  /**
   * The page came prerendered (a signed-out page, scripts/prerender.mjs): while the session
   * lookup runs, show the signed-out routes, so the first render matches the HTML that is
   * already on screen. The server sends prerendered pages only to visitors without a session
   * cookie; should the lookup still find a user, the signed-in app takes over.
   */
  assumeSignedOut?: boolean;
  /**
   * The user the session lookup has already answered (main.tsx waits for it on a signed-in
   * shell): shown from the first render instead of nothing while useSession takes that answer.
   */
  knownUser?: SessionUser;
  /** Called once the first render is on screen (main.tsx lifts `inert` after hydration). */
  onMounted?: () => void;
}

/**
 * Spec §2.1: while the current-user lookup is loading nothing is shown (unless the page came
 * prerendered); a found user gets the signed-in app, anyone else the signed-out routes. A 401
 * anywhere clears the session (useSession listens for `unAuthorized`), which swaps the trees.
 */
export function App({ assumeSignedOut = false, knownUser, onMounted }: AppProps) {
  const session = useSession();
  useEffect(() => onMounted?.(), [onMounted]);
  const user = session.user === undefined && session.isLoading ? knownUser : session.user;
  if (user === undefined && session.isLoading && !assumeSignedOut) return null;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={null}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
