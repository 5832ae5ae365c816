// The self-check page's test notice (issue 13): stored among the caller's notices; with a live
// fake in the story, the story itself emits it (the mocks have no socket).
import type { HttpHandler } from 'msw';
import { SELF_TEST_MESSAGE, SELF_TEST_NOTIFICATION_TYPE } from '../../contract/index.ts';
import { mockState, nextMockId } from '../state.ts';
import { on } from './endpoint.ts';
import { viewer } from './request.ts';
import { HttpResponse, nowIso } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

export const selfTestHandlers: HttpHandler[] = [
  on('selfTest', () => {
    viewer();
    const notification = {
      id: nextMockId(),
      status: 'UNREAD' as const,
      type: SELF_TEST_NOTIFICATION_TYPE,
      message: SELF_TEST_MESSAGE,
      timestamp: nowIso(),
    };
    mockState.notifications.unshift(notification);
    return HttpResponse.json({ notificationId: notification.id, serverTime: nowIso() });
  }),
];

export const selfTestScenarios = scenariosFor(['selfTest']);
