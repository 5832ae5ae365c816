import { Suspense, useEffect, useMemo } from 'react';
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
  /**
   * Called once the page is on screen (main.tsx lifts `inert`): on a prerendered page once its
   * screen is hydrated, which is after the rest of the tree (see App), else after the first render.
   */
  onMounted?: () => void;
}

/**
 * Spec §2.1: while the current-user lookup is loading nothing is shown (unless the page came
 * prerendered); a found user gets the signed-in app, anyone else the signed-out routes. A 401
 * anywhere clears the session (useSession listens for `unAuthorized`), which swaps the trees.
 */
export function App({ assumeSignedOut = false, knownUser, onMounted }: AppProps) {
  const session = useSession();
  const user = session.user === undefined && session.isLoading ? knownUser : session.user;
  // A prerendered screen sits in its route's Suspense boundary, which React hydrates after the
  // tree around it, in a pass of its own. The session's answer re-renders this component
  // meanwhile; were the routes a new element, React would have to hydrate that boundary at once,
  // at the update's (synchronous) priority: the whole screen in one task, 140 ms of a slowed
  // phone's main thread (issue 39). The same element lets React skip them; the screen's own
  // boundary says when it is on screen (onShown), and only then is #root no longer inert.
  const signedOutRoutes = useMemo(() => <SignedOutRoutes onShown={onMounted} />, [onMounted]);
  // The session's answer re-renders this component after the first commit, when the lookup that
  // main.tsx waited for is taken by useSession (SWR's store, an urgent update): the same user
  // object, so the same element, and React skips the whole signed-in tree instead of rendering
  // it again in one task inside the first passive-effects flush (issue 39).
  const signedIn = useMemo(
    () =>
      user ? (
        <Suspense fallback={null}>
          <SignedInApp user={user} />
        </Suspense>
      ) : null,
    [user],
  );
  const shown = !assumeSignedOut || Boolean(user);
  useEffect(() => {
    if (shown) onMounted?.();
  }, [shown, onMounted]);
  if (user === undefined && session.isLoading && !assumeSignedOut) return null;
  if (!user) return signedOutRoutes;
  return signedIn;
}
