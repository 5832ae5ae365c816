// @halsa/api/live — the shared STOMP connection and its React hooks (design.md §1).
export {
  DEFAULT_SOCKJS_TRANSPORTS,
  type LiveClient,
  LiveConnection,
  type LiveConnectionOptions,
  type LiveError,
  type LiveHandler,
  type LiveMessage,
  type LiveStatus,
  idleLiveClient,
  LivePingError,
  PING_TIMEOUT_MS,
} from './connection.ts';
export { LiveDestinations } from './destinations.ts';
export { FakeLiveClient } from './fake.ts';
export {
  FakeLiveProvider,
  type FakeLiveProviderProps,
  LiveProvider,
  type LiveProviderProps,
  useLiveClient,
  useLiveStatus,
  useOnReconnect,
  useRevalidateOnReconnect,
  useTopic,
} from './react.tsx';
export { type LiveUrls, liveUrls } from './urls.ts';
