// @halsa/api/live — the shared STOMP connection and its React hooks (design.md §1).
export { LivePingError, PING_TIMEOUT_MS } from './connection.ts';
export { LiveDestinations } from './destinations.ts';
export { FakeLiveClient } from './fake.ts';
export {
  FakeLiveProvider,
  LiveProvider,
  useLiveClient,
  useLiveStatus,
  useRevalidateOnReconnect,
  useTopic,
} from './react.tsx';
