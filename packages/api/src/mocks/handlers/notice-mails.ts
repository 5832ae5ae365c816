// 'E-postavisering' (design §4.16): the signed-in user's switches (defaults by role until she
// changes one) and the public unsubscribe page's calls on the kind its token names (the mock's
// token is `<anything>.<KIND>`; an unknown kind is a bad link).
import type { HttpHandler } from 'msw';
import {
  defaultNoticeSetting,
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
  NOTICE_MAIL_MESSAGES,
  resubscribedMessage,
  unsubscribedMessage,
  unsubscribeQuestion,
  type NoticeKind,
  type NoticeMailSettings,
} from '../../contract/index.ts';
import { mockState } from '../state.ts';
import { on } from './endpoint.ts';
import { readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

/** The switches of the signed-in user: what she chose over her role's defaults. */
export function mockNoticeMailSettings(): NoticeMailSettings {
  const user = viewer();
  const chosen = mockState.noticeMailSettings[user.id] ?? {};
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, chosen[kind] ?? defaultNoticeSetting(user.role, kind)]),
  ) as NoticeMailSettings;
}

/**
 * The token's kind, as the server reads it: GET only says what it names (mail scanners open
 * links), POST turns it off (one-click or the page's button), 'Ångra' turns it on again.
 */
const byToken =
  (turn: 'read' | 'off' | 'on') =>
  ({ request }: { request: Request }) => {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    const kind = token.split('.').at(-1) as NoticeKind;
    if (!NOTICE_KINDS.includes(kind)) {
      return errorResponse(400, NOTICE_MAIL_MESSAGES.badToken);
    }
    if (turn === 'off') mockState.unsubscribed.push(kind);
    if (turn === 'on') mockState.unsubscribed = mockState.unsubscribed.filter((k) => k !== kind);
    const message = {
      read: unsubscribeQuestion,
      off: unsubscribedMessage,
      on: resubscribedMessage,
    };
    return HttpResponse.json({
      kind,
      label: NOTICE_KIND_LABELS[kind],
      message: message[turn](kind),
    });
  };

export const noticeMailHandlers: HttpHandler[] = [
  on('noticeMailSettings', () => HttpResponse.json(mockNoticeMailSettings())),
  on('updateNoticeMailSettings', async ({ request }) => {
    const user = viewer();
    const change = await readJson(request, 'updateNoticeMailSettings');
    mockState.noticeMailSettings[user.id] = {
      ...mockState.noticeMailSettings[user.id],
      ...change,
    };
    return HttpResponse.json(mockNoticeMailSettings());
  }),
  on('unsubscribe', byToken('read')),
  on('unsubscribeOneClick', byToken('off')),
  on('resubscribe', byToken('on')),
];

export const noticeMailScenarios = scenariosFor([
  'noticeMailSettings',
  'updateNoticeMailSettings',
  'unsubscribe',
  'unsubscribeOneClick',
  'resubscribe',
]);
