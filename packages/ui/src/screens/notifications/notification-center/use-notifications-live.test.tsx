// useNotificationsLive in Chromium, driven by FakeLiveClient (no socket) and an SWR cache of
// its own; the list's fetcher is a counter, so revalidations are visible.
import useSWR, { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { NOTIFICATIONS_KEY } from '@halsa/api';
import type { Notification } from '@halsa/api/contract';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { useNotificationsLive } from './use-notifications-live';

const notice = (id: number, status: Notification['status'], message: string): Notification => ({
  id,
  status,
  type: 'LAB_RESULT',
  message,
  timestamp: '2026-11-20T08:15:00.000Z',
});

let fetches = 0;
let serverList: Notification[] = [];

function Probe() {
  useNotificationsLive();
  const { data } = useSWR<Notification[]>(
    NOTIFICATIONS_KEY,
    async () => {
      fetches += 1;
      return serverList;
    },
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  return (
    <div>
      <p>Hämtningar: {fetches}</p>
      <ul>
        {(data ?? []).map((n) => (
          <li key={n.id}>
            {n.message} ({n.status})
          </li>
        ))}
      </ul>
    </div>
  );
}

async function setup(live: FakeLiveClient) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <FakeLiveProvider live={live}>
        <Probe />
      </FakeLiveProvider>
    </SWRConfig>,
  );
}

describe('useNotificationsLive', () => {
  beforeEach(() => {
    fetches = 0;
    serverList = [notice(1, 'UNREAD', 'Första')];
  });

  it('subscribes to the user queue and lets go on unmount', async () => {
    const live = new FakeLiveClient();
    const screen = await setup(live);
    expect(live.destinations).toEqual([LiveDestinations.notifications]);
    expect(LiveDestinations.notifications).toBe('/user/queue/notifications');
    await screen.unmount();
    expect(live.destinations).toEqual([]);
  });

  it('puts a pushed notification first without fetching again', async () => {
    const live = new FakeLiveClient();
    const screen = await setup(live);
    await expect.element(screen.getByText('Första (UNREAD)')).toBeInTheDocument();
    live.emit(LiveDestinations.notifications, notice(2, 'UNREAD', 'Andra'));
    await expect.element(screen.getByText('Andra (UNREAD)')).toBeInTheDocument();
    const items = screen
      .getByRole('listitem')
      .elements()
      .map((el) => el.textContent);
    expect(items).toEqual(['Andra (UNREAD)', 'Första (UNREAD)']);
    expect(fetches).toBe(1);
  });

  it('replaces a notification it already has', async () => {
    const live = new FakeLiveClient();
    const screen = await setup(live);
    await expect.element(screen.getByText('Första (UNREAD)')).toBeInTheDocument();
    live.emit(LiveDestinations.notifications, notice(1, 'READ', 'Första'));
    await expect.element(screen.getByText('Första (READ)')).toBeInTheDocument();
    expect(screen.getByRole('listitem').elements()).toHaveLength(1);
  });

  it('fetches the list again for a message that is not a notification', async () => {
    const live = new FakeLiveClient();
    const screen = await setup(live);
    await expect.element(screen.getByText('Första (UNREAD)')).toBeInTheDocument();
    serverList = [notice(3, 'UNREAD', 'Från servern')];
    live.emit(LiveDestinations.notifications, { type: 'LAB_RESULT' });
    await expect.element(screen.getByText('Från servern (UNREAD)')).toBeInTheDocument();
    expect(fetches).toBe(2);
  });

  it('fetches the list again after a reconnect', async () => {
    const live = new FakeLiveClient();
    const screen = await setup(live);
    await expect.element(screen.getByText('Första (UNREAD)')).toBeInTheDocument();
    serverList = [notice(4, 'UNREAD', 'Missad under avbrottet'), ...serverList];
    live.reconnect();
    await expect.element(screen.getByText('Missad under avbrottet (UNREAD)')).toBeInTheDocument();
  });
});
