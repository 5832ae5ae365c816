import useSWR, { type SWRConfiguration } from 'swr';
import { request, toQueryString, type ApiError } from '../client.ts';
import type { UnsubscribeResponse } from '../contract/notification-settings.ts';
import { notificationSettingsRouteDefs } from '../contract/routes/notification-settings.ts';

// The signed-out unsubscribe page calls its route directly (like the signed-out hooks of
// auth/): it never loads the whole route table.
const route = notificationSettingsRouteDefs.unsubscribe;

/** `GET /api/v1/public/unsubscribe?token=`: turns off the one kind the token names. */
export const unsubscribeByToken = (token: string): Promise<UnsubscribeResponse> =>
  request<UnsubscribeResponse>(route.path, {
    method: route.method,
    query: { token },
    fallback: route.fallback,
    responseType: 'json',
  });

export const unsubscribeKeyFor = (token: string): string =>
  `${route.path}${toQueryString({ token })}`;

/**
 * The page a notice mail's unsubscribe link opens (design §4.16), signed in or not: one call per
 * token (no retries, no revalidation: the answer does not change), whose answer says what was
 * turned off. Without a token nothing is called.
 */
export function useUnsubscribe(
  token: string | null | undefined,
  config?: SWRConfiguration<UnsubscribeResponse, ApiError>,
) {
  const swr = useSWR<UnsubscribeResponse, ApiError>(
    token ? unsubscribeKeyFor(token) : null,
    () => unsubscribeByToken(token as string),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
      ...config,
    },
  );
  return { ...swr, result: swr.data };
}
