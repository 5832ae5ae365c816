// Logout removes the unsent messages kept for a reload (issue 6 req. 3), in Chromium with a
// `fetch` stub answered by the MSW handlers.
import { getResponse, type HttpHandler } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { defaultHandlers, resetMockState } from '../mocks/index.ts';
import { answer } from '../mocks/handlers/endpoint.ts';
import { errorResponse } from '../mocks/handlers/respond.ts';
import {
  addPendingMessage,
  clearPendingMessages,
  loadPendingMessages,
} from '../messaging/pending-messages-storage.ts';
import { useLogout } from './use-logout.ts';

let handlers: HttpHandler[] = defaultHandlers;
const realFetch = globalThis.fetch;
const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(new URL(String(input), location.origin), init);
  return (await getResponse(handlers, request)) ?? new Response(null, { status: 404 });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

const hej = { clientMessageId: 'c-1', text: 'Hej!', timestamp: '2026-11-21T10:00:00.000Z' };

beforeEach(() => {
  resetMockState();
  handlers = defaultHandlers;
  globalThis.fetch = fetchSpy as typeof fetch;
  clearPendingMessages();
  addPendingMessage(1, 1, hej);
  addPendingMessage(1, 2, { ...hej, clientMessageId: 'c-2' });
  sessionStorage.setItem('halsa.other', 'kept');
});

afterEach(() => {
  globalThis.fetch = realFetch;
  clearPendingMessages();
  sessionStorage.removeItem('halsa.other');
});

async function logOut() {
  const { result, act } = await renderHook(() => useLogout(), { wrapper });
  let failure: unknown = null;
  await act(async () => {
    await result.current.trigger().catch((error: unknown) => {
      failure = error;
    });
  });
  return failure;
}

describe('useLogout', () => {
  it('removes the stored pending messages of every conversation', async () => {
    expect(loadPendingMessages(1, 1)).toEqual([hej]);
    await expect(logOut()).resolves.toBeNull();
    expect(loadPendingMessages(1, 1)).toEqual([]);
    expect(loadPendingMessages(1, 2)).toEqual([]);
    expect(sessionStorage.getItem('halsa.other')).toBe('kept');
  });

  it('keeps them when logout fails and the user is still signed in', async () => {
    handlers = [answer('logout', () => errorResponse(500)), ...defaultHandlers];
    await expect(logOut()).resolves.toMatchObject({ status: 500 });
    expect(loadPendingMessages(1, 1)).toEqual([hej]);
  });

  it('removes them when the session was gone already (401)', async () => {
    handlers = [answer('logout', () => errorResponse(401)), ...defaultHandlers];
    await expect(logOut()).resolves.toMatchObject({ status: 401 });
    expect(loadPendingMessages(1, 1)).toEqual([]);
  });
});
