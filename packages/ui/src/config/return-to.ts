// Where a signed-out visitor was going (a notice mail's link to /lab-results, a bookmark): the
// signed-out router remembers the page when it sends her to /login, and the code step takes her
// there instead of /overview. Kept in sessionStorage (this tab, until used, for half an hour);
// only a path of this portal is kept, never another origin.

const KEY = 'halsa.returnTo';

/** How long the page is kept: a login with its e-mailed code, not a later one. */
const KEEP_MS = 30 * 60_000;

/** A path on this site (`/lab-results?x=1`), not `//host` or a URL with a scheme. */
const isLocalPath = (path: string): boolean =>
  /^\/(?![/\\])[^\s]*$/.test(path) && path.length < 500;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** Remembers `path` (pathname + search) to return to after signing in. */
export function rememberReturnTo(path: string): void {
  if (path === '/' || !isLocalPath(path)) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage full or blocked: she lands on /overview as before.
  }
}

/** The remembered path, once (it is forgotten as it is read), or null. */
export function takeReturnTo(): string | null {
  const store = storage();
  const kept = store?.getItem(KEY) ?? null;
  store?.removeItem(KEY);
  try {
    const { path, at } = JSON.parse(kept ?? 'null') as { path: unknown; at: unknown };
    const fresh = typeof at === 'number' && Date.now() - at < KEEP_MS;
    return fresh && typeof path === 'string' && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}
