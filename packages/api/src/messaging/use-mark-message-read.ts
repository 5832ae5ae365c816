import { call } from '../client.ts';
import type { Id } from '../contract/common.ts';

/** `PUT /api/v1/user/messaging/conversations/messages/:messageId` (mark read). */
export const markMessageRead = (messageId: Id): Promise<undefined> =>
  call('markMessageRead', { params: { messageId } });
