import { useState } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { request, toQueryString, type ApiError } from '../client.ts';
import type { UnsubscribeResponse } from '../contract/notice-mails.ts';
import { noticeMailsRouteDefs } from '../contract/routes/notice-mails.ts';

// The signed-out unsubscribe page calls its routes directly (like the signed-out hooks of
// auth/): it never loads the whole route table.
const routes = noticeMailsRouteDefs;

const byToken =
  (route: (typeof routes)['unsubscribe' | 'unsubscribeOneClick' | 'resubscribe']) =>
  (token: string): Promise<UnsubscribeResponse> =>
    request<UnsubscribeResponse>(route.path, {
      method: route.method,
      query: { token },
      fallback: route.fallback,
      responseType: 'json',
    });

/** `GET /api/v1/public/unsubscribe?token=`: what the token names; changes nothing. */
export const readUnsubscribeToken = byToken(routes.unsubscribe);
/** `POST /api/v1/public/unsubscribe?token=`: turns off the one kind the token names. */
export const unsubscribeByToken = byToken(routes.unsubscribeOneClick);
/** `POST /api/v1/public/resubscribe?token=`: 'Ångra', turns it on again. */
export const resubscribeByToken = byToken(routes.resubscribe);

export const unsubscribeKeyFor = (token: string): string =>
  `${routes.unsubscribe.path}${toQueryString({ token })}`;

/**
 * The page a notice mail's unsubscribe link opens (design §4.16), signed in or not. Opening it
 * changes nothing (mail scanners open links, issue 34): `question` says what the token names;
 * `unsubscribe()` (the page's button) turns it off and `undo()` ('Ångra') on again; `done` is the
 * answer of the last of them. Without a token nothing is called.
 */
export function useUnsubscribe(
  token: string | null | undefined,
  config?: SWRConfiguration<UnsubscribeResponse, ApiError>,
) {
  const swr = useSWR<UnsubscribeResponse, ApiError>(
    token ? unsubscribeKeyFor(token) : null,
    () => readUnsubscribeToken(token as string),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
      ...config,
    },
  );
  const [state, setState] = useState<{
    turned: 'off' | 'on' | null;
    done: UnsubscribeResponse | null;
    pending: boolean;
    actionError: ApiError | null;
  }>({ turned: null, done: null, pending: false, actionError: null });
  const act = async (turn: 'off' | 'on') => {
    if (!token) return;
    setState((s) => ({ ...s, pending: true, actionError: null }));
    try {
      const done = await (turn === 'off' ? unsubscribeByToken : resubscribeByToken)(token);
      setState({ turned: turn, done, pending: false, actionError: null });
    } catch (error) {
      setState((s) => ({ ...s, pending: false, actionError: error as ApiError }));
    }
  };
  return {
    ...swr,
    question: swr.data,
    ...state,
    unsubscribe: () => act('off'),
    undo: () => act('on'),
  };
}
