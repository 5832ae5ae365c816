// React side of the live connection: LiveProvider (one connection per signed-in user),
// FakeLiveProvider for stories, and the hooks screens use.
import {
  type ReactNode,
  type Ref,
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type Key, useSWRConfig } from 'swr';
import {
  type LiveClient,
  LiveConnection,
  type LiveConnectionOptions,
  type LiveMessage,
  type LiveStatus,
  idleLiveClient,
} from './connection.ts';
import { FakeLiveClient } from './fake.ts';
import { SESSION_KEY } from '../session-key.ts';
import { useStartSchedule } from '../after-usable.tsx';

const LiveContext = createContext<LiveClient>(idleLiveClient);

export interface LiveProviderProps {
  /** The signed-in user; null/undefined → no connection (and disconnect on logout). */
  user: { id: string | number } | null | undefined;
  /** Connection settings (URL, test factories, onError…); read when a user signs in. */
  options?: LiveConnectionOptions;
  children?: ReactNode;
}

/**
 * Opens the shared STOMP connection while `user` is set and closes it when it becomes null
 * (logout, or any 401 that clears the session). A different user gets a new connection.
 * Inside <DeferUntilUsable> the socket opens once the page is usable (after-usable.tsx).
 */
export function LiveProvider({ user, options, children }: LiveProviderProps) {
  const { mutate } = useSWRConfig();
  const userKey = user ? String(user.id) : null;
  // One connection per user: replaced during render when the user changes (an inert object
  // until the effect below starts it), so the children keep their place in the tree.
  const [current, setCurrent] = useState<{
    userKey: string | null;
    connection: LiveConnection | null;
  }>({ userKey: null, connection: null });
  let { connection } = current;
  if (current.userKey !== userKey) {
    // Sessions ended elsewhere: ask for this one again (a 401 signs the tab out, with the reason).
    const onSessionEnded = () => void mutate(SESSION_KEY);
    connection = userKey === null ? null : new LiveConnection({ onSessionEnded, ...options });
    setCurrent({ userKey, connection });
  }
  const schedule = useStartSchedule();
  useEffect(() => {
    if (!connection) return;
    const cancel = schedule(() => connection.start());
    return () => {
      cancel();
      void connection.stop();
    };
  }, [connection, schedule]);
  return <LiveContext value={connection ?? idleLiveClient}>{children}</LiveContext>;
}

export interface FakeLiveProviderProps {
  /** Drive it from a story or test: `const live = new FakeLiveClient(); live.emit(…)`. */
  live?: FakeLiveClient;
  /** Initial status when no `live` is given. Default 'open'. */
  status?: LiveStatus;
  /** Imperative handle to the FakeLiveClient (React 19 ref prop). */
  ref?: Ref<FakeLiveClient>;
  children?: ReactNode;
}

/** Stand-in for LiveProvider in stories and component tests: no socket. */
export function FakeLiveProvider({ live, status = 'open', ref, children }: FakeLiveProviderProps) {
  const [own] = useState(() => new FakeLiveClient(status));
  const client = live ?? own;
  useImperativeHandle(ref, () => client, [client]);
  return <LiveContext value={client}>{children}</LiveContext>;
}

/** The live client of the nearest provider (an idle one outside any provider). */
export function useLiveClient(): LiveClient {
  return useContext(LiveContext);
}

/**
 * Subscribes to `destination` while mounted (null/undefined: not subscribed), resubscribing
 * after every reconnect. `onMessage` may change between renders without resubscribing.
 */
export function useTopic<T = unknown>(
  destination: string | null | undefined,
  onMessage: (body: T, message: LiveMessage<T>) => void,
): void {
  const client = useLiveClient();
  const handle = useEffectEvent((body: unknown, message: LiveMessage) =>
    onMessage(body as T, message as LiveMessage<T>),
  );
  useEffect(() => {
    if (!destination) return;
    return client.subscribe(destination, (body, message) => handle(body, message));
  }, [client, destination]);
}

/** 'connecting' | 'open' | 'closed' of the shared connection. */
export function useLiveStatus(): LiveStatus {
  const client = useLiveClient();
  const subscribe = useMemo(
    () => (onChange: () => void) => client.onStatus(() => onChange()),
    [client],
  );
  return useSyncExternalStore(
    subscribe,
    () => client.status,
    () => 'closed' as const,
  );
}

/** Calls `callback` after every reconnect (not the first connect). */
export function useOnReconnect(callback: () => void): void {
  const client = useLiveClient();
  const run = useEffectEvent(callback);
  useEffect(() => client.onReconnect(() => run()), [client]);
}

/**
 * Revalidates SWR keys after every reconnect, so nothing published while the socket was down
 * is missed: a list of keys, a key filter, or (no argument) every key in the cache.
 */
export function useRevalidateOnReconnect(keys?: readonly Key[] | ((key: Key) => boolean)): void {
  const { mutate } = useSWRConfig();
  useOnReconnect(() => {
    if (keys === undefined) void mutate(() => true);
    else if (typeof keys === 'function') void mutate((key) => keys(key as Key));
    else for (const key of keys) void mutate(key);
  });
}
