import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, type RenderResult } from 'vitest-browser-react';
import { AppProviders } from '../../../app-providers';
import { RESEND_WAIT_SECONDS, TwoFactorScreen } from './two-factor';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Lets the mocked fetch and SWR's promise chain settle. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

async function setup(): Promise<RenderResult> {
  vi.useFakeTimers();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const screen = await render(
    <AppProviders isolated>
      <MemoryRouter initialEntries={['/2fa?twoFactorId=abc']}>
        <Routes>
          <Route path="/2fa" element={<TwoFactorScreen />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  // The ways of this login (only the e-mailed code here) arrive before the code form shows.
  for (let i = 0; i < 50 && !screen.container.querySelector('input[name="code"]'); i += 1) {
    await flush();
  }
  expect(screen.container.querySelector('input[name="code"]')).not.toBeNull();
  return screen;
}

/**
 * Moves the fake clock on. Each tick's state update and the effect that schedules the next tick
 * run when act() ends, so the clock moves at most one second per act().
 */
async function advance(ms: number) {
  let left = ms;
  while (left > 0) {
    const step = Math.min(1000, left);
    await act(async () => {
      vi.advanceTimersByTime(step);
    });
    left -= step;
  }
}

const resendButton = (screen: RenderResult) =>
  screen.getByRole('button', { name: 'Skicka koden igen' }).element() as HTMLButtonElement;
const hasText = (screen: RenderResult, text: string) => screen.getByText(text).query() !== null;

describe('2FA resend countdown', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  /** What resend-2fa answers; the login's ways are the e-mailed code alone. */
  let resendAnswer: () => Response;
  const resendCalls = () =>
    fetchSpy.mock.calls.filter(([url]: unknown[]) =>
      String(url).endsWith('/api/v1/auth/resend-2fa'),
    );

  beforeEach(() => {
    resendAnswer = () => new Response(null, { status: 204 });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/v1/auth/login-step')) {
        return Response.json({ methods: ['EMAIL'], emailSent: true });
      }
      if (url.endsWith('/api/v1/auth/resend-2fa')) return resendAnswer();
      return new Response(null, { status: 404 });
    });
  });
  afterEach(() => {
    fetchSpy.mockRestore();
    vi.useRealTimers();
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  });

  it('waits 10 seconds', () => {
    expect(RESEND_WAIT_SECONDS).toBe(10);
  });

  it('counts down from 10 seconds and then enables the button', async () => {
    const screen = await setup();
    expect(hasText(screen, 'Du kan skicka en ny kod om 10 sekunder.')).toBe(true);
    expect(resendButton(screen).disabled).toBe(true);

    await advance(1000);
    expect(hasText(screen, 'Du kan skicka en ny kod om 9 sekunder.')).toBe(true);

    await advance(8000);
    expect(hasText(screen, 'Du kan skicka en ny kod om 1 sekund.')).toBe(true);
    expect(resendButton(screen).disabled).toBe(true);

    await advance(999);
    expect(resendButton(screen).disabled).toBe(true);

    await advance(1);
    expect(resendButton(screen).disabled).toBe(false);
    expect(hasText(screen, 'Fick du ingen kod? Du kan skicka en ny.')).toBe(true);
    expect(screen.getByText(/Du kan skicka en ny kod om/).query()).toBeNull();
  });

  it('restarts at 10 after a resend and says so', async () => {
    const screen = await setup();
    await advance(RESEND_WAIT_SECONDS * 1000);
    await act(async () => {
      resendButton(screen).click();
    });
    await flush();

    expect(resendCalls()).toHaveLength(1);
    const [url, init] = resendCalls()[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/auth\/resend-2fa$/);
    expect(JSON.parse(String(init.body))).toEqual({ twoFactorId: 'abc' });

    expect(hasText(screen, 'Koden har skickats igen!')).toBe(true);
    expect(hasText(screen, 'Du kan skicka en ny kod om 10 sekunder.')).toBe(true);
    expect(resendButton(screen).disabled).toBe(true);

    await advance(9000);
    expect(hasText(screen, 'Du kan skicka en ny kod om 1 sekund.')).toBe(true);
    await advance(1000);
    expect(resendButton(screen).disabled).toBe(false);
  });

  it('shows the server message when a resend is refused', async () => {
    resendAnswer = () =>
      Response.json({ message: 'Vänta innan du begär en ny kod.' }, { status: 429 });
    const screen = await setup();
    await advance(RESEND_WAIT_SECONDS * 1000);
    await act(async () => {
      resendButton(screen).click();
    });
    await flush();
    expect(hasText(screen, 'Vänta innan du begär en ny kod.')).toBe(true);
    expect(hasText(screen, 'Du kan skicka en ny kod om 10 sekunder.')).toBe(true);
  });

  it("falls back to 'Kunde inte skicka kod igen'", async () => {
    resendAnswer = () => new Response(null, { status: 500 });
    const screen = await setup();
    await advance(RESEND_WAIT_SECONDS * 1000);
    await act(async () => {
      resendButton(screen).click();
    });
    await flush();
    expect(hasText(screen, 'Kunde inte skicka kod igen')).toBe(true);
  });

  it('does not send while the countdown runs', async () => {
    const screen = await setup();
    await advance(5000);
    await act(async () => {
      resendButton(screen).click();
    });
    expect(resendCalls()).toHaveLength(0);
  });
});
