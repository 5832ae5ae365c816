// What the page being opened needs, started as soon as the signed-in app knows the user, not
// when React gets to the route (issue 14, Lighthouse LCP): the screen's chunk and, where the
// page's first content is data, its data call (@halsa/api's preloads hand the answer to the
// screen's hook when it mounts, as preloadSession does for the session).
import { preloadLabResults } from '@halsa/api';
import type { SessionUser } from '@halsa/api/contract';
import { paths } from '@halsa/ui/config';

/** The data calls of the pages whose largest content is data, by path. */
const dataOf: Record<string, (user: SessionUser) => void> = {
  [paths.labResults]: (user) => {
    if (user.role === 'USER') preloadLabResults(user.id);
  },
};

const openedPath = () =>
  typeof window === 'undefined' ? '' : window.location.pathname.replace(/\/+$/, '') || '/';

let screenStarted = false;
let dataStarted = false;

/**
 * Once per page load, when the signed-in app's chunk is evaluated (main.tsx loads it before the
 * session is known): starts loading the opened page's screen, so it renders without suspending.
 * `screens` maps a path to a lazy screen (router.tsx's `screen`, which has `preload`). Settles
 * when that screen's chunk is in (or failed), at once when the path has none.
 */
export function preloadOpenedScreen(
  screens: ReadonlyArray<{ path: string; Screen: object }>,
): Promise<void> {
  if (screenStarted) return Promise.resolve();
  screenStarted = true;
  const screen = screens.find((route) => route.path === openedPath())?.Screen;
  if (screen && 'preload' in screen && typeof screen.preload === 'function') {
    // Settles either way: a chunk that fails is loaded (and its failure shown) when it renders.
    return (screen.preload as () => Promise<unknown>)().then(
      () => undefined,
      () => undefined,
    );
  }
  return Promise.resolve();
}

/** Once per page load, as soon as the user is known: starts the opened page's data call. */
export function preloadOpenedData(user: SessionUser): void {
  if (dataStarted) return;
  dataStarted = true;
  dataOf[openedPath()]?.(user);
}
