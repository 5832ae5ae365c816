// Why the widget was opened. The two window events themselves (names, payloads, helpers) are
// part of @halsa/api (messaging/widget-events.ts), so any screen can fire them.
import type { OpenConversationDetail, StartConversationDetail } from '@halsa/api';

/**
 * Why the widget was opened, handed to the Meddelande tab. `seq` grows with every event, so
 * the same conversation asked for twice is still a new intent.
 */
export type WidgetIntent =
  | ({ type: 'open-conversation'; seq: number } & OpenConversationDetail)
  | ({ type: 'start-conversation'; seq: number } & StartConversationDetail);
