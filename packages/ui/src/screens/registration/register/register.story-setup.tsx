// Shared by the register story files (split by purpose); not a story file itself.
import type { Meta } from '@storybook/react-vite';
import { http, type HttpHandler } from 'msw';
import { Route, Routes } from 'react-router';
import { type within } from 'storybook/test';
import { resetMockState } from '@halsa/api/mocks';
import { RegisterScreen } from './register';
import { REGISTRATION_STORAGE_KEY, type SavedRegistrationData } from './registration-storage';
import { LocationProbe } from '../../../testing';

export const TOKEN = 'inbjudan-123';

/** What a user has filled in on steps 2–4 (passwords are never saved). */
export const filled: SavedRegistrationData = {
  email: 'asa.oberg@example.com',
  firstname: 'Åsa-Märta',
  lastname: 'Öberg',
  hasSocialSecurity: true,
  socialSecurityNumber: '19900517-1234',
  birthDate: '',
  phoneNumber: '0701234567',
  street: 'Storgatan 1',
  city: 'Umeå',
  zipCode: '903 25',
};
export const empty: SavedRegistrationData = {
  email: '',
  firstname: '',
  lastname: '',
  hasSocialSecurity: true,
  socialSecurityNumber: '',
  birthDate: '',
  phoneNumber: '',
  street: '',
  city: '',
  zipCode: '',
};

/** As if the page had been reloaded at `step` with `data` saved. */
export const resumeAt =
  (step: number, data: Partial<SavedRegistrationData> = {}) =>
  () => {
    sessionStorage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ token: TOKEN, step, data: { ...filled, ...data } }),
    );
  };

/** The last registration request, recorded before the default answer. */
export let lastRequest: { url: URL; body: Record<string, unknown> } | null = null;
export const recordRegister: HttpHandler[] = [
  http.post('*/api/v1/auth/register', async ({ request }) => {
    const body = (await request.clone().json()) as Record<string, unknown>;
    lastRequest = { url: new URL(request.url), body };
    return undefined;
  }),
];

export const PASSWORD = 'Sommar2026';
export const HINT = 'Minst 8 tecken och minst en stor bokstav.';
export const savedText = () =>
  `${sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? ''}${JSON.stringify({ ...localStorage })}`;

export const baseMeta = {
  component: RegisterScreen,
  parameters: { route: { url: `/register?token=${TOKEN}` } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
    sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
    lastRequest = null;
    return () => sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
  },
  render: (args) => (
    <Routes>
      <Route path="/register" element={<RegisterScreen {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Omit<Meta<typeof RegisterScreen>, 'title'>;

export const stepHeading = (canvas: Canvas, name: string) =>
  canvas.findByRole('heading', { level: 2, name });
export const progress = (canvas: Canvas) =>
  canvas.queryByRole('progressbar', { name: 'Skapa din profil' });

/** Step 1, idle: the welcome, no progress indicator yet. */

export type Canvas = ReturnType<typeof within>;
