// The SWR hooks in a real browser (Chromium), answered by the default MSW handlers through a
// `fetch` stub that resolves each request with msw's `getResponse` (no service worker needed).
import { getResponse, type HttpHandler } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { UNAUTHORIZED_EVENT } from './client.ts';
import {
  defaultHandlers,
  mockState,
  resetMockState,
  scenarios,
  sessionUsers,
} from './mocks/index.ts';
import { useConversation } from './messaging/use-conversation.ts';
import { useSendMessage } from './messaging/use-send-message.ts';
import { useMarkNotificationRead } from './notifications/use-mark-notification-read.ts';
import { useNotifications } from './notifications/use-notifications.ts';
import { useClients } from './clients/use-clients.ts';
import { useLogin } from './auth/use-login.ts';
import { useLogout } from './auth/use-logout.ts';
import { useSession } from './auth/use-session.ts';
import { useVerifyTwoFactor } from './auth/use-verify-two-factor.ts';

let handlers: HttpHandler[] = defaultHandlers;
const realFetch = globalThis.fetch;
const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(new URL(String(input), location.origin), init);
  return (await getResponse(handlers, request)) ?? new Response(null, { status: 404 });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

beforeEach(() => {
  resetMockState();
  handlers = defaultHandlers;
  fetchSpy.mockClear();
  globalThis.fetch = fetchSpy as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('useSession', () => {
  it('loads the session user with credentials', async () => {
    const { result } = await renderHook(() => useSession(), { wrapper });
    await expect.poll(() => result.current.user?.firstName).toBe('Maria');
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('gives null, not an error, when signed out (401)', async () => {
    resetMockState({ sessionUser: null });
    const { result } = await renderHook(() => useSession(), { wrapper });
    await expect.poll(() => result.current.user).toBeNull();
    expect(result.current.error).toBeUndefined();
  });

  it('surfaces other failures with the Swedish fallback and does not retry', async () => {
    handlers = [...scenarios.auth.sessionError, ...defaultHandlers];
    const { result } = await renderHook(() => useSession(), { wrapper });
    await expect.poll(() => result.current.error?.message).toBe('Kunde inte hämta användarsession');
    await new Promise((r) => setTimeout(r, 300));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('clears the user on the unAuthorized window event', async () => {
    const { result } = await renderHook(() => useSession(), { wrapper });
    await expect.poll(() => result.current.user?.role).toBe('ADMIN');
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    await expect.poll(() => result.current.user).toBeNull();
  });

  it('clears the user when any other call answers 401', async () => {
    const { result } = await renderHook(() => ({ session: useSession(), clients: useClients() }), {
      wrapper,
    });
    await expect.poll(() => result.current.session.user?.role).toBe('ADMIN');
    mockState.sessionUser = null;
    await result.current.clients.mutate();
    await expect.poll(() => result.current.session.user).toBeNull();
  });
});

describe('login flow', () => {
  it('login → verify stores the session; logout clears it', async () => {
    resetMockState({ sessionUser: null });
    const { result, act } = await renderHook(
      () => ({
        session: useSession(),
        login: useLogin(),
        verify: useVerifyTwoFactor(),
        logout: useLogout(),
      }),
      { wrapper },
    );
    await expect.poll(() => result.current.session.user).toBeNull();
    let twoFactorId = '';
    await act(async () => {
      twoFactorId = (
        await result.current.login.trigger({ email: 'klient@example.com', password: 'x' })
      ).message;
    });
    expect(twoFactorId).not.toBe('');
    await act(async () => {
      await result.current.verify.trigger({ twoFactorId, code: '123456' });
    });
    await expect.poll(() => result.current.session.user?.firstName).toBe('Anna');
    await act(async () => {
      await result.current.logout.trigger();
    });
    await expect.poll(() => result.current.session.user).toBeNull();
  });

  it('a failed login rejects with the server message', async () => {
    handlers = [...scenarios.auth.loginFailure, ...defaultHandlers];
    const { result } = await renderHook(() => useLogin(), { wrapper });
    await expect(result.current.trigger({ email: 'a@b.se', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Ogiltig e-postadress eller lösenord.',
    });
  });
});

describe('notifications', () => {
  it('marks one read in the cache only after the server agreed', async () => {
    const { result, act } = await renderHook(
      () => ({ list: useNotifications(), mark: useMarkNotificationRead() }),
      { wrapper },
    );
    await expect.poll(() => result.current.list.unreadCount).toBe(3);
    await act(async () => {
      await result.current.mark.trigger(101);
    });
    await expect.poll(() => result.current.list.unreadCount).toBe(2);

    handlers = [...scenarios.notifications.markReadFailure, ...defaultHandlers];
    await act(async () => {
      await result.current.mark.trigger(102).catch(() => undefined);
    });
    expect(result.current.list.unreadCount).toBe(2);
  });
});

describe('messaging', () => {
  it('a sent message appears in the open conversation', async () => {
    resetMockState({ sessionUser: sessionUsers.user });
    const { result, act } = await renderHook(
      () => ({ conversation: useConversation(1), send: useSendMessage(1) }),
      { wrapper },
    );
    await expect.poll(() => result.current.conversation.conversation?.messages.length).toBe(4);
    await act(async () => {
      await result.current.send.trigger({ receiverId: 1, content: 'Tack för hjälpen!' });
    });
    await expect
      .poll(() => result.current.conversation.conversation?.messages.at(-1)?.content)
      .toBe('Tack för hjälpen!');
    const body = JSON.parse(String(fetchSpy.mock.calls.at(-1)?.[1]?.body)) as {
      clientMessageId?: string;
    };
    expect(body.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
