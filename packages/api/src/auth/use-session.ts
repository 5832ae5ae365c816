import { useEffect } from 'react';
import useSWR, { preload, useSWRConfig, type KeyedMutator, type SWRConfiguration } from 'swr';
import { ApiError, call, UNAUTHORIZED_EVENT } from '../client.ts';
import type { SessionUser } from '../contract/auth.ts';
import { SESSION_KEY } from '../session-key.ts';

export { SESSION_KEY };

/** `GET /api/v1/auth/me`. A 401 means signed out and yields `null` instead of an error. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await call('me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Starts the session lookup before anything renders (the portal's entry, issue 14), so it runs
 * beside the code instead of after it; the first `useSession` takes its answer. `signedOut`:
 * the page already knows there is no session (the server sends the signed-out pages only to a
 * visitor without a session cookie), so the answer is `null` without asking for a 401.
 */
export function preloadSession({ signedOut = false }: { signedOut?: boolean } = {}): Promise<
  SessionUser | null | undefined
> {
  // A failure reaches the hook that takes this answer; it is not an unhandled rejection here.
  // The promise answers the user (`undefined` when the lookup failed).
  return preload(SESSION_KEY, signedOut ? async () => null : fetchSessionUser).catch(
    () => undefined,
  );
}

/** Spec §4/§9: refetch on every mount, no staleness window, no retries. */
export const sessionConfig = {
  shouldRetryOnError: false,
  dedupingInterval: 0,
  revalidateOnMount: true,
} as const satisfies SWRConfiguration;

export interface UseSession {
  /** `undefined` while unknown, `null` when signed out, else the user. */
  user: SessionUser | null | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  /** Revalidates the session (`mutate()`), or sets it (`mutate(user, { revalidate: false })`). */
  mutate: KeyedMutator<SessionUser | null>;
}

/**
 * The signed-in user, cached under `sessionUser`. Clears it to `null` when the window event
 * `unAuthorized` fires (any 401, spec §4).
 */
export function useSession(): UseSession {
  const { mutate: globalMutate } = useSWRConfig();
  const { data, error, isLoading, mutate } = useSWR<SessionUser | null, ApiError>(
    SESSION_KEY,
    fetchSessionUser,
    sessionConfig,
  );

  useEffect(() => {
    if (typeof window === 'undefined') return undefined;
    const clear = () => {
      void globalMutate(SESSION_KEY, null, { revalidate: false });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, clear);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, clear);
  }, [globalMutate]);

  return { user: data, isLoading, error, mutate };
}
