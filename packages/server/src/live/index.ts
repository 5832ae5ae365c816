// Live events: STOMP 1.2 over WebSocket and SockJS at /ws, in-process broker, optional Redis
// fan-out. See attach.ts for the endpoint and README-style notes, destinations.ts for the
// subscription rules.
export { attachLive, type AttachLiveOptions, type LiveServer } from './attach.ts';
export type { LiveBroker } from './broker.ts';
export {
  LiveDestinations,
  conversationIdOf,
  classifySubscription,
  isValidDestination,
} from './destinations.ts';
export { DEFAULT_FRAME_LIMITS, type FrameLimits } from './frames.ts';
export { LiveCloseCodes, type LiveLogger, type LiveUser } from './types.ts';
