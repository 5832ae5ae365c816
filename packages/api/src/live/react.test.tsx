// The live hooks in Chromium, driven by FakeLiveClient (no socket).
import { useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { LiveDestinations } from './destinations.ts';
import { FakeLiveClient } from './fake.ts';
import {
  FakeLiveProvider,
  LiveProvider,
  useLiveStatus,
  useRevalidateOnReconnect,
  useTopic,
} from './react.tsx';

function Notifications() {
  const [items, setItems] = useState<string[]>([]);
  const status = useLiveStatus();
  useTopic<{ message: string }>(LiveDestinations.notifications, (n) =>
    setItems((prev) => [...prev, n.message]),
  );
  return (
    <div>
      <p>Status: {status}</p>
      <ul>
        {items.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

let fetches = 0;
function Conversations() {
  useRevalidateOnReconnect(['conversations']);
  const { data } = useSWR('conversations', async () => `hämtning ${++fetches}`, {
    revalidateOnFocus: false,
  });
  return <p>{data}</p>;
}

describe('live hooks', () => {
  it('useTopic delivers emitted messages; useLiveStatus follows the status', async () => {
    const live = new FakeLiveClient('connecting');
    const screen = await render(
      <FakeLiveProvider live={live}>
        <Notifications />
      </FakeLiveProvider>,
    );
    await expect.element(screen.getByText('Status: connecting')).toBeInTheDocument();
    live.setStatus('open');
    await expect.element(screen.getByText('Status: open')).toBeInTheDocument();
    live.emit('/user/queue/notifications', { message: 'Nytt labbsvar' });
    await expect.element(screen.getByText('Nytt labbsvar')).toBeInTheDocument();
    expect(live.destinations).toEqual(['/user/queue/notifications']);
    await screen.unmount();
    expect(live.destinations).toEqual([]);
  });

  it('useRevalidateOnReconnect refetches its SWR keys after a reconnect', async () => {
    const live = new FakeLiveClient();
    const screen = await render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <FakeLiveProvider live={live}>
          <Conversations />
        </FakeLiveProvider>
      </SWRConfig>,
    );
    await expect.element(screen.getByText('hämtning 1')).toBeInTheDocument();
    live.reconnect();
    await expect.element(screen.getByText('hämtning 2')).toBeInTheDocument();
  });

  it('LiveProvider without a user gives a closed, idle connection', async () => {
    const screen = await render(
      <LiveProvider user={null}>
        <Notifications />
      </LiveProvider>,
    );
    await expect.element(screen.getByText('Status: closed')).toBeInTheDocument();
  });
});
