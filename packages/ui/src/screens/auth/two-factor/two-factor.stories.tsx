import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { useSWRConfig } from 'swr';
import { expect, waitFor } from 'storybook/test';
import { SESSION_KEY, type SessionUser } from '@halsa/api';
import {
  authScenarios,
  errorFor,
  loadingFor,
  resetMockState,
  securityScenarios,
} from '@halsa/api/mocks';
import { TwoFactorScreen } from './two-factor';
import { LocationProbe, mocks } from '../../../testing';

/** Who the cached session user is, beside where the screen navigated to. */
function SessionLine() {
  const { cache } = useSWRConfig();
  const user = cache.get(SESSION_KEY)?.data as SessionUser | null | undefined;
  return user ? (
    <p>
      Session: {user.firstName} {user.lastName}
    </p>
  ) : null;
}

const emailOnly = securityScenarios.loginStepEmailOnly;

const countdown = /^Du kan skicka en ny kod om \d+ sekund(er)?\.$/;

const meta = {
  title: 'Inloggning/Verifieringskod',
  component: TwoFactorScreen,
  // The e-mailed code is her only second step here; the other ways are in second-step.stories.
  parameters: { route: { url: '/2fa?twoFactorId=2fa-demo' }, ...mocks(emailOnly) },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
  },
  render: (args) => (
    <Routes>
      <Route path="/2fa" element={<TwoFactorScreen {...args} />} />
      <Route
        path="*"
        element={
          <LocationProbe asPage>
            <SessionLine />
          </LocationProbe>
        }
      />
    </Routes>
  ),
} satisfies Meta<typeof TwoFactorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Idle: a numeric one-time-code field; resend waits with a visible countdown. */
export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ange verifieringskod' }),
    ).toBeVisible();
    const input = canvas.getByLabelText('Verifieringskod');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toHaveAccessibleDescription('Sex siffror från e-postmeddelandet.');
    const resend = canvas.getByRole('button', { name: 'Skicka koden igen' });
    await expect(resend).toBeDisabled();
    await expect(canvas.getByText(countdown)).toBeVisible();
    await expect(resend).toHaveAccessibleDescription(countdown);
  },
};

/** Typing and pasting: non-digits are stripped and at most six digits kept. */
export const Skriver: Story = {
  name: 'Skriver',
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText('Verifieringskod');
    await userEvent.type(input, 'a1b2-c3 d4');
    await expect(input).toHaveValue('1234');
    await userEvent.type(input, '56789');
    await expect(input).toHaveValue('123456');

    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('Din kod: 987 654');
    await expect(input).toHaveValue('987654');

    await userEvent.clear(input);
    await userEvent.paste('12-34-56-78');
    await expect(input).toHaveValue('123456');
  },
};

/** Fewer than six digits are not sent. */
export const OfullstandigKod: Story = {
  name: 'Ofullständig kod',
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText('Verifieringskod');
    await userEvent.type(input, '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(input).toHaveAccessibleDescription(
      'Sex siffror från e-postmeddelandet. Ange koden med sex siffror.',
    );
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Submitting: 'Verifierar...' while the server checks the code. */
export const Skickar: Story = {
  name: 'Skickar',
  parameters: mocks(emailOnly, loadingFor(['verifyTwoFactor'])),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Verifieringskod'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('button', { name: 'Verifierar...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** A wrong code: the server's message. */
export const FelKod: Story = {
  name: 'Fel kod',
  parameters: mocks(emailOnly, authScenarios.verifyFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Verifieringskod'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Felaktig eller utgången kod.',
    );
  },
};

/** A failure without a message: 'Verifiering misslyckades. Försök igen.' */
export const Serverfel: Story = {
  name: 'Serverfel',
  parameters: mocks(emailOnly, authScenarios.error(500)),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Verifieringskod'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Verifiering misslyckades. Försök igen.',
    );
  },
};

/** Success: the session user is stored and the page moves on to /overview. */
export const Lyckad: Story = {
  name: 'Lyckad',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Verifieringskod'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
    await expect(canvas.getByText('Session: Anna Lindqvist')).toBeVisible();
  },
};

/** Success closes the open toasts (the login's 2FA hint, a resend notice): none follows into the portal. */
export const LyckadStangerNotiser: Story = {
  name: 'Lyckad stänger notiser',
  args: { resendWaitSeconds: 1 },
  play: async ({ canvas, userEvent }) => {
    const resend = await canvas.findByRole('button', { name: 'Skicka koden igen' });
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(resend);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Koden har skickats igen!');
    await userEvent.type(canvas.getByLabelText('Verifieringskod'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
    await expect(canvas.queryByText('Koden har skickats igen!')).not.toBeInTheDocument();
  },
};

/** Resend (wait shortened to 1 s here; the 10 s are tested in two-factor.test.tsx). */
export const SkickaIgen: Story = {
  name: 'Skicka koden igen',
  args: { resendWaitSeconds: 1 },
  play: async ({ canvas, userEvent }) => {
    const resend = await canvas.findByRole('button', { name: 'Skicka koden igen' });
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 3000 });
    await expect(canvas.getByText('Fick du ingen kod? Du kan skicka en ny.')).toBeVisible();
    await userEvent.click(resend);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Koden har skickats igen!');
    // The countdown starts again.
    await expect(canvas.getByRole('button', { name: 'Skicka koden igen' })).toBeDisabled();
    await expect(canvas.getByText('Du kan skicka en ny kod om 1 sekund.')).toBeVisible();
  },
};

/** Resend refused: the server's message. */
export const SkickaIgenMisslyckas: Story = {
  name: 'Skicka koden igen misslyckas',
  args: { resendWaitSeconds: 1 },
  parameters: mocks(emailOnly, authScenarios.resendFailure),
  play: async ({ canvas, userEvent }) => {
    const resend = await canvas.findByRole('button', { name: 'Skicka koden igen' });
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(resend);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Vänta innan du begär en ny kod.',
    );
  },
};

/** Resend fails without a message: 'Kunde inte skicka kod igen'. */
export const SkickaIgenServerfel: Story = {
  name: 'Skicka koden igen – serverfel',
  args: { resendWaitSeconds: 1 },
  parameters: mocks(emailOnly, errorFor(['resendTwoFactor'])),
  play: async ({ canvas, userEvent }) => {
    const resend = await canvas.findByRole('button', { name: 'Skicka koden igen' });
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(resend);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte skicka kod igen');
  },
};

/** Without a twoFactorId the visitor goes to /login. */
export const UtanTwoFactorId: Story = {
  name: 'Utan twoFactorId',
  parameters: { route: { url: '/2fa' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigerade till /login')).toBeVisible();
  },
};

/** Keyboard only: Tab to the code, type it, Enter. */
export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText('Verifieringskod');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('123456');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
  },
};

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
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
