// 'E-postavisering' (design §4.16): the signed-in user's switches (defaults by role until she
// changes one) and the public unsubscribe page's call, which turns off the kind its token names
// (the mock's token is `<anything>.<KIND>`; an unknown kind is a bad link).
import type { HttpHandler } from 'msw';
import {
  defaultNoticeSetting,
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
  NOTIFICATION_SETTINGS_MESSAGES,
  unsubscribedMessage,
  type NoticeKind,
  type NotificationSettings,
} from '../../contract/index.ts';
import { mockState } from '../state.ts';
import { on } from './endpoint.ts';
import { readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

/** The switches of the signed-in user: what she chose over her role's defaults. */
export function mockNotificationSettings(): NotificationSettings {
  const user = viewer();
  const chosen = mockState.notificationSettings[user.id] ?? {};
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, chosen[kind] ?? defaultNoticeSetting(user.role, kind)]),
  ) as NotificationSettings;
}

const unsubscribe = ({ request }: { request: Request }) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const kind = token.split('.').at(-1) as NoticeKind;
  if (!NOTICE_KINDS.includes(kind)) {
    return errorResponse(400, NOTIFICATION_SETTINGS_MESSAGES.badToken);
  }
  mockState.unsubscribed.push(kind);
  return HttpResponse.json({
    kind,
    label: NOTICE_KIND_LABELS[kind],
    message: unsubscribedMessage(kind),
  });
};

export const notificationSettingsHandlers: HttpHandler[] = [
  on('notificationSettings', () => HttpResponse.json(mockNotificationSettings())),
  on('updateNotificationSettings', async ({ request }) => {
    const user = viewer();
    const change = await readJson(request, 'updateNotificationSettings');
    mockState.notificationSettings[user.id] = {
      ...mockState.notificationSettings[user.id],
      ...change,
    };
    return HttpResponse.json(mockNotificationSettings());
  }),
  on('unsubscribe', unsubscribe),
  on('unsubscribeOneClick', unsubscribe),
];

export const notificationSettingsScenarios = scenariosFor([
  'notificationSettings',
  'updateNotificationSettings',
  'unsubscribe',
  'unsubscribeOneClick',
]);
