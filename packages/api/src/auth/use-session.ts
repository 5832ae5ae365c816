import { useEffect } from 'react';
import useSWR, { useSWRConfig, type KeyedMutator, type SWRConfiguration } from 'swr';
import { ApiError, call, UNAUTHORIZED_EVENT } from '../client.ts';
import type { SessionUser } from '../contract/auth.ts';
import { SESSION_KEY } from '../keys.ts';

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
