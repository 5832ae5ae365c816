import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, waitFor } from 'storybook/test';
import { fetchSessionUser, SECURITY_MESSAGES, sessionEndNotice } from '@halsa/api';
import { authScenarios, loadingFor, resetMockState, securityScenarios } from '@halsa/api/mocks';
import { LoginScreen } from './login';
import { fakeWebAuthn, LocationProbe, mocks } from '../../../testing';
import { PASSKEY_LOGIN_CANCELLED } from './passkey-login';

const meta = {
  title: 'Inloggning/Logga in',
  component: LoginScreen,
  parameters: { route: { url: '/login' } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
  },
  render: (args) => (
    <Routes>
      <Route path="/login" element={<LoginScreen {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Idle: an empty form, no password toggle yet, a link to /forgot-password. */
export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const email = canvas.getByLabelText('E-post');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('autocomplete', 'username');
    await expect(canvas.getByLabelText('Lösenord')).toHaveAttribute('type', 'password');
    await expect(canvas.queryByRole('button', { name: 'Visa lösenord' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Glömt lösenord?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(canvas.getByRole('button', { name: 'Logga in' })).toBeEnabled();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
  },
};

/** Typing: the show/hide toggle appears once text is typed. */
export const Skriver: Story = {
  name: 'Skriver',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    const password = canvas.getByLabelText('Lösenord');
    await userEvent.type(password, 'Halsa2026!');
    await userEvent.click(canvas.getByRole('button', { name: 'Visa lösenord' }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('Halsa2026!');
    await userEvent.click(canvas.getByRole('button', { name: 'Dölj lösenord' }));
    await expect(password).toHaveAttribute('type', 'password');
    // No client-side validation: nothing is marked while typing (spec §5).
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** No client-side validation: an empty form goes to the server, which refuses it. */
export const TomtFormular: Story = {
  name: 'Tomt formulär skickas',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Ogiltig e-postadress eller lösenord.',
    );
    await expect(canvas.getByLabelText('E-post')).not.toHaveAttribute('aria-invalid');
  },
};

/** Submitting: the button is busy ('Loggar in...') while the server answers. */
export const Skickar: Story = {
  name: 'Skickar',
  parameters: mocks(loadingFor(['authenticate'])),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Halsa2026!');
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in' }));
    const busy = await canvas.findByRole('button', { name: 'Loggar in...' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
  },
};

/** Wrong credentials: 'Ogiltig e-postadress eller lösenord.' */
export const FelaktigaUppgifter: Story = {
  name: 'Felaktiga uppgifter',
  parameters: mocks(authScenarios.loginFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'fel-lösenord');
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Ogiltig e-postadress eller lösenord.',
    );
    // The form stays, filled in.
    await expect(canvas.getByLabelText('E-post')).toHaveValue('klient@example.com');
  },
};

/** A deactivated account (design §4.14): the server's reason, not 'wrong password'. */
export const KontotInaktiverat: Story = {
  name: 'Kontot inaktiverat',
  parameters: mocks(authScenarios.loginDeactivated),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'personal@example.com');
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Halsa2026!');
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kontot är inaktiverat. Kontakta mottagningen.',
    );
  },
};

/** A server fault is not blamed on the password: the call's fallback 'Inloggning misslyckades'. */
export const Serverfel: Story = {
  name: 'Serverfel',
  parameters: mocks(authScenarios.loginError),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Halsa2026!');
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Inloggning misslyckades');
  },
};

/** Success: a toast asks for the code and the page moves on to /2fa?twoFactorId=…. */
export const Lyckad: Story = {
  name: 'Lyckad',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Halsa2026!');
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in' }));
    await expect(await canvas.findByText(/^Navigerade till \/2fa\?twoFactorId=2fa-/)).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Kontrollera din e-post för 2FA-koden.',
    );
  },
};

/** Keyboard only: Tab to each field, type, Enter submits. */
export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText('E-post');
    const password = canvas.getByLabelText('Lösenord');
    await userEvent.tab();
    await expect(email).toHaveFocus();
    await userEvent.keyboard('klient@example.com');
    await userEvent.tab();
    await expect(password).toHaveFocus();
    await userEvent.keyboard('Halsa2026!');
    // The toggle and the forgot-password link are reachable too.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Visa lösenord' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Glömt lösenord?' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(password).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByText(/^Navigerade till \/2fa\?twoFactorId=/)).toBeVisible(),
    );
  },
};

/**
 * Signed out elsewhere (issue 13): her password was changed in another browser, so this one's
 * next call got 401 with reason PASSWORD_CHANGED; the login page says why, once.
 */
export const UtloggadEfterLosenordsbyte: Story = {
  name: 'Utloggad efter lösenordsbyte',
  parameters: mocks(authScenarios.sessionEnded('PASSWORD_CHANGED')),
  // The signed-in app's session call, answered by the server that ended the session.
  beforeEach: async () => {
    await expect(fetchSessionUser()).resolves.toBeNull();
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Du har loggats ut eftersom lösenordet för ditt konto ändrades. Logga in med ditt nya lösenord.',
    );
    await expect(canvas.getByRole('button', { name: 'Logga in' })).toBeEnabled();
    // Shown once: the next visit to /login starts clean.
    await expect(sessionEndNotice()).toBeUndefined();
  },
};

/** Signed out because the session ran out (401 with reason EXPIRED). */
export const UtloggadSessionenGickUt: Story = {
  name: 'Utloggad, sessionen gick ut',
  parameters: mocks(authScenarios.sessionEnded('EXPIRED')),
  beforeEach: async () => {
    await expect(fetchSessionUser()).resolves.toBeNull();
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Din session har gått ut och du har loggats ut. Logga in igen för att fortsätta.',
    );
  },
};

/** 'Logga in med nyckel': the browser's prompt, no e-mail, password or code; then Att göra. */
export const MedNyckel: Story = {
  name: 'Logga in med nyckel',
  beforeEach: () => fakeWebAuthn('accept'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in med nyckel' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
    await expect(await fetchSessionUser()).toMatchObject({ firstName: 'Anna' });
  },
};

/** The prompt was cancelled: she reads why and may sign in with her password. */
export const NyckelAvbruten: Story = {
  name: 'Inloggning med nyckel avbröts',
  beforeEach: () => fakeWebAuthn('refuse'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in med nyckel' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSKEY_LOGIN_CANCELLED);
    await expect(canvas.getByRole('button', { name: 'Logga in med nyckel' })).toBeEnabled();
  },
};

/** A key that belongs to no account here: the server's reason. */
export const OkandNyckel: Story = {
  name: 'Okänd nyckel',
  parameters: mocks(securityScenarios.passkeyLoginUnknown),
  beforeEach: () => fakeWebAuthn('accept'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logga in med nyckel' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      SECURITY_MESSAGES.passkeyUnknown,
    );
  },
};

/** The narrowest phone (320 px): nothing overflows. */
export const Mobil: Story = {
  name: 'Mobil',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
