import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render, type RenderResult } from 'vitest-browser-react';
import { AppProviders } from '../../../app-providers';
import { REGISTER_REDIRECT_MS, RegisterScreen } from './register';
import { REGISTRATION_STORAGE_KEY } from './registration-storage';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const TOKEN = 'inbjudan-1';
const saved = {
  email: 'asa.oberg@example.com',
  firstname: 'Åsa',
  lastname: 'Öberg',
  hasSocialSecurity: true,
  socialSecurityNumber: '19900517-1234',
  birthDate: '',
  phoneNumber: '+46701234567',
  street: 'Storgatan 1',
  city: 'Umeå',
  zipCode: '903 25',
};

const screenAt = (url: string) => (
  <AppProviders isolated>
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/login" element={<p>Inloggningssidan</p>} />
      </Routes>
    </MemoryRouter>
  </AppProviders>
);

const hasText = (screen: RenderResult, text: string) => screen.getByText(text).query() !== null;

describe('RegisterScreen', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    fetchSpy.mockRestore();
    vi.useRealTimers();
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
  });

  it('waits 3000 ms before /login', () => {
    expect(REGISTER_REDIRECT_MS).toBe(3000);
  });

  it('resumes a reload at the saved step with empty passwords', async () => {
    sessionStorage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ token: TOKEN, step: 2, data: saved }),
    );
    const screen = await render(screenAt(`/register?token=${TOKEN}`));
    await expect.element(screen.getByRole('heading', { name: 'Ditt konto' })).toBeVisible();
    await expect.element(screen.getByLabelText('E-post')).toHaveValue('asa.oberg@example.com');
    await expect.element(screen.getByLabelText('Lösenord')).toHaveValue('');
    await expect.element(screen.getByLabelText('Bekräfta lösenord')).toHaveValue('');
  });

  it('starts again for another invitation', async () => {
    sessionStorage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ token: 'någon-annan', step: 4, data: saved }),
    );
    const screen = await render(screenAt(`/register?token=${TOKEN}`));
    await expect
      .element(screen.getByRole('heading', { name: 'Välkommen till Hälsoportalen' }))
      .toBeVisible();
  });

  it("shows 'Registrering lyckades!' and goes to /login after exactly 3000 ms", async () => {
    fetchSpy.mockResolvedValue(new Response(null, { status: 204 }));
    sessionStorage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ token: TOKEN, step: 2, data: saved }),
    );
    const screen = await render(screenAt(`/register?token=${TOKEN}`));
    await userEvent.fill(screen.getByLabelText('Lösenord'), 'Sommar2026');
    await userEvent.fill(screen.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
    for (const heading of ['Personuppgifter', 'Kontaktuppgifter', 'Godkänn användarvillkor']) {
      await userEvent.click(screen.getByRole('button', { name: 'Nästa' }));
      await expect.element(screen.getByRole('heading', { name: heading })).toBeVisible();
    }
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acceptera användarvillkor' }));

    vi.useFakeTimers();
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => {
      (screen.getByRole('button', { name: 'Registrera' }).element() as HTMLButtonElement).click();
    });
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });

    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(new URL(url, location.href).searchParams.get('token')).toBe(TOKEN);
    const body = JSON.parse(String(init.body));
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).toMatchObject({ email: 'asa.oberg@example.com', password: 'Sommar2026' });

    expect(hasText(screen, 'Registrering lyckades!')).toBe(true);
    expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(REGISTER_REDIRECT_MS - 1);
    });
    expect(hasText(screen, 'Inloggningssidan')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(hasText(screen, 'Inloggningssidan')).toBe(true);
    // Nothing was written back after the success.
    expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();
  });
});
