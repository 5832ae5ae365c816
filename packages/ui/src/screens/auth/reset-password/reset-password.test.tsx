import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render, type RenderResult } from 'vitest-browser-react';
import { AppProviders } from '../../../app-providers';
import { PASSWORD_REDIRECT_MS } from '../shared/new-password-form';
import { SetPasswordScreen } from '../set-password/set-password';
import { ResetPasswordScreen } from './reset-password';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const at = (path: string, url: string, screen: ReactNode) => (
  <AppProviders isolated>
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="/login" element={<p>Inloggningssidan</p>} />
      </Routes>
    </MemoryRouter>
  </AppProviders>
);

const hasText = (screen: RenderResult, text: string) => screen.getByText(text).query() !== null;

async function saveAndWait(screen: RenderResult, passwordLabel: string, success: string) {
  await userEvent.fill(screen.getByLabelText(passwordLabel, { exact: true }), 'Sommar2026');
  await userEvent.fill(screen.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
  vi.useFakeTimers();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    (screen.getByRole('button', { name: 'Spara lösenord' }).element() as HTMLButtonElement).click();
  });
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
  expect(hasText(screen, success)).toBe(true);
  await act(async () => {
    vi.advanceTimersByTime(PASSWORD_REDIRECT_MS - 1);
  });
  expect(hasText(screen, 'Inloggningssidan')).toBe(false);
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
  expect(hasText(screen, 'Inloggningssidan')).toBe(true);
}

describe('new password screens', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  });
  afterEach(() => {
    fetchSpy.mockRestore();
    vi.useRealTimers();
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  });

  it('waits 2000 ms', () => {
    expect(PASSWORD_REDIRECT_MS).toBe(2000);
  });

  it("reset: 'Lösenord har uppdaterats!' and /login after exactly 2 s", async () => {
    const screen = await render(
      at('/reset-password', '/reset-password?token=t1', <ResetPasswordScreen />),
    );
    await saveAndWait(screen, 'Nytt lösenord', 'Lösenord har uppdaterats!');
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/auth\/reset-password$/);
    expect(JSON.parse(String(init.body))).toEqual({ token: 't1', password: 'Sommar2026' });
  });

  it("set: 'Lösenord har satts!' and /login after exactly 2 s", async () => {
    const screen = await render(
      at('/new-password', '/new-password?token=t2', <SetPasswordScreen />),
    );
    await saveAndWait(screen, 'Lösenord', 'Lösenord har satts!');
    const [url] = fetchSpy.mock.calls[0] as [string];
    expect(url).toMatch(/\/api\/v1\/auth\/set-password$/);
  });
});
