// usePendingMessages under React's StrictMode (as the portal runs it: effects mount, unmount and
// mount again), in Chromium with a `fetch` stub answered by the MSW handlers.
import { HttpResponse, getResponse, type HttpHandler } from 'msw';
import { StrictMode, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { addPendingMessage, clearPendingMessages, loadPendingMessages } from '@halsa/api';
import { defaultHandlers, mockState, resetMockState } from '@halsa/api/mocks';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { usePendingMessages } from './use-pending-messages';

const sent: string[] = [];
let failFirst = false;
const recorder = answer('sendMessage', async ({ request }) => {
  const body = (await request.clone().json()) as { clientMessageId: string };
  sent.push(body.clientMessageId);
  return failFirst && sent.length === 1 ? HttpResponse.error() : undefined;
});
const handlers: HttpHandler[] = [recorder, ...defaultHandlers];

const realFetch = globalThis.fetch;
const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(new URL(String(input), location.origin), init);
  const response = await getResponse(handlers, request);
  // `HttpResponse.error()` is a network error: `fetch` rejects.
  if (response?.type === 'error') throw new TypeError('Failed to fetch');
  return response ?? new Response(null, { status: 404 });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <StrictMode>
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
  </StrictMode>
);

const me = () => mockState.sessionUser?.id ?? 0;
const NO_CONFIRMED: ReadonlySet<string> = new Set();
const ANNA = 3;

beforeEach(() => {
  resetMockState();
  sent.length = 0;
  failFirst = false;
  clearPendingMessages();
  globalThis.fetch = fetchSpy as typeof fetch;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  globalThis.fetch = realFetch;
  clearPendingMessages();
  vi.restoreAllMocks();
});

describe('usePendingMessages in StrictMode', () => {
  it('sends a restored message once and forgets it when confirmed', async () => {
    addPendingMessage(me(), 1, {
      clientMessageId: 'b7a3c1d2-0000-4000-8000-000000000001',
      text: 'Från förra sidladdningen',
      timestamp: '2026-11-21T09:58:00.000Z',
    });
    const { result } = await renderHook(
      () => usePendingMessages(1, ANNA, { userId: me(), confirmed: NO_CONFIRMED }),
      { wrapper },
    );
    await expect.poll(() => result.current.pending).toHaveLength(0);
    expect(sent).toEqual(['b7a3c1d2-0000-4000-8000-000000000001']);
    expect(loadPendingMessages(me(), 1)).toEqual([]);
  });

  it('tries a send that got no answer again by itself, once at a time', async () => {
    failFirst = true;
    const { result, act } = await renderHook(
      () =>
        usePendingMessages(1, ANNA, { userId: me(), confirmed: NO_CONFIRMED, retryDelays: [50] }),
      { wrapper },
    );
    await act(() => result.current.send('Hej igen', null));
    expect(result.current.pending[0]?.status).toBe('sending');
    expect(loadPendingMessages(me(), 1)).toHaveLength(1);
    await expect.poll(() => result.current.pending).toHaveLength(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(loadPendingMessages(me(), 1)).toEqual([]);
  });
});
