import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, fn, waitFor } from 'storybook/test';
import { eidScenarios, loadingFor, resetMockState } from '@halsa/api/mocks';
import { EidLogin } from './eid-login';
import { LoginScreen } from './login';
import { LocationProbe, mocks } from '../../../testing';

/**
 * 'Logga in med BankID' on /login (design §4.18): the button when the clinic has an
 * e-legitimation broker, the wait while the browser leaves for it, and the refusals the server
 * sends her back with (`/login?eid=…`).
 */
const meta = {
  title: 'Inloggning/Logga in med BankID',
  component: LoginScreen,
  parameters: { route: { url: '/login' }, ...mocks(eidScenarios.configured) },
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

/** A broker is set up: the button under the password form, leading to the server's start. */
export const Knappen: Story = {
  name: 'Knappen Logga in med BankID',
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Logga in med BankID' });
    await expect(link).toHaveAttribute('href', '/api/v1/auth/eid/start');
    await expect(canvas.getByRole('button', { name: 'Logga in' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** EID_LABEL names another e-legitimation. */
export const AnnanEtikett: Story = {
  name: 'Med Freja eID',
  parameters: mocks(eidScenarios.freja),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Logga in med Freja eID' })).toBeVisible();
  },
};

/** No broker: /login is as before, without the button. */
export const UtanEleg: Story = {
  name: 'Utan e-legitimation',
  parameters: mocks(),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Logga in' })).toBeVisible();
    // The question has been answered (no broker) before we look for the button.
    await new Promise((r) => setTimeout(r, 300));
    await expect(canvas.queryByRole('link', { name: /Logga in med/ })).toBeNull();
  },
};

/** While the server is still asked, nothing is shown in the button's place. */
export const FragarServern: Story = {
  name: 'Frågar servern',
  parameters: mocks(loadingFor(['eidLogin'])),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Logga in' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /Logga in med/ })).toBeNull();
  },
};

/** Clicked: the button waits ('Öppnar BankID…') while the browser leaves for the broker. */
export const Vantar: Story = {
  name: 'Väntar på BankID',
  args: { go: fn() } as never,
  render: (args) => (
    <main className="mx-auto max-w-md p-4">
      <EidLogin go={(args as { go: (href: string) => void }).go} />
    </main>
  ),
  play: async ({ canvas, userEvent, args }) => {
    const link = await canvas.findByRole('link', { name: 'Logga in med BankID' });
    await userEvent.click(link);
    const busy = await canvas.findByRole('link', { name: 'Öppnar BankID…' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect((args as { go: ReturnType<typeof fn> }).go).toHaveBeenCalledWith(
      '/api/v1/auth/eid/start',
    );
    // A second click does not start a second sign-in.
    await userEvent.click(busy);
    await expect((args as { go: ReturnType<typeof fn> }).go).toHaveBeenCalledTimes(1);
  },
};

/** The page she asked for before signing in goes along, so she lands there. */
export const MedSidan: Story = {
  name: 'Tar med sidan hon bad om',
  args: { go: fn() } as never,
  render: Vantar.render,
  beforeEach: () => {
    window.sessionStorage.setItem(
      'halsa.returnTo',
      JSON.stringify({ path: '/lab-results?fil=2', at: Date.now() }),
    );
  },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Logga in med BankID' }));
    await waitFor(() =>
      expect((args as { go: ReturnType<typeof fn> }).go).toHaveBeenCalledWith(
        '/api/v1/auth/eid/start?returnTo=%2Flab-results%3Ffil%3D2',
      ),
    );
  },
};

const refused = (reason: string) => ({ route: { url: `/login?eid=${reason}` } });

/** No account, or more than one, with her number: the same words either way. */
export const IngetKonto: Story = {
  name: 'Inget konto med personnumret',
  parameters: refused('no-account'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Vi hittar inget konto med ditt personnummer. Kontakta mottagningen.',
    );
    await expect(await canvas.findByRole('link', { name: 'Logga in med BankID' })).toBeVisible();
  },
};

/** Her account is deactivated: the text of the password login. */
export const Inaktiverat: Story = {
  name: 'Kontot inaktiverat',
  parameters: refused('deactivated'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kontot är inaktiverat. Kontakta mottagningen.',
    );
  },
};

/** She cancelled at the broker. */
export const Avbruten: Story = {
  name: 'Avbruten legitimering',
  parameters: refused('cancelled'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Inloggningen med BankID avbröts.',
    );
  },
};

/** Anything else (a token that did not hold, a replayed link, the broker unreachable). */
export const Misslyckades: Story = {
  name: 'Legitimeringen misslyckades',
  parameters: refused('failed'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Inloggningen med BankID misslyckades. Försök igen.',
    );
  },
};
