import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, waitFor } from 'storybook/test';
import { authScenarios, loadingFor, resetMockState } from '@halsa/api/mocks';
import { ResetPasswordScreen } from './reset-password';
import { bodyRecorder, LocationProbe, mocks } from '../../../testing';

const sent = bodyRecorder('/api/v1/auth/reset-password');

const meta = {
  title: 'Inloggning/Återställ lösenord',
  component: ResetPasswordScreen,
  parameters: { route: { url: '/reset-password?token=abc123' } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
    sent.reset();
  },
  render: (args) => (
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordScreen {...args} />} />
      <Route path="/forgot-new-password" element={<ResetPasswordScreen {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Meta<typeof ResetPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const HINT = 'Minst 8 tecken och minst en stor bokstav.';

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Återställ lösenord' }),
    ).toBeVisible();
    const password = canvas.getByLabelText('Nytt lösenord');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(password).toHaveAccessibleDescription(HINT);
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toHaveAttribute('type', 'password');
    await expect(canvas.queryByRole('button', { name: 'Visa lösenord' })).toBeNull();
  },
};

/** Also served at /forgot-new-password (design §4.3). */
export const GlomtNyttLosenord: Story = {
  name: 'Under /forgot-new-password',
  parameters: { route: { url: '/forgot-new-password?token=abc123' } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Återställ lösenord' }),
    ).toBeVisible();
  },
};

export const Skriver: Story = {
  name: 'Skriver',
  play: async ({ canvas, userEvent }) => {
    const password = canvas.getByLabelText('Nytt lösenord');
    await userEvent.type(password, 'Sommar2026');
    await expect(canvas.getAllByRole('button', { name: 'Visa lösenord' })).toHaveLength(1);
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
    await expect(canvas.getAllByRole('button', { name: 'Visa lösenord' })).toHaveLength(2);
    await expect(password).not.toHaveAttribute('aria-invalid');
  },
};

/** Every password rule of spec §5 with its exact message. */
export const Validering: Story = {
  name: 'Validering',
  play: async ({ canvas, userEvent }) => {
    const password = canvas.getByLabelText('Nytt lösenord');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    const save = canvas.getByRole('button', { name: 'Spara lösenord' });

    await userEvent.click(save);
    await expect(password).toHaveAccessibleDescription(`${HINT} Lösenord är obligatoriskt.`);
    await expect(confirm).toHaveAccessibleDescription('Bekräfta lösenord är obligatoriskt.');
    await expect(password).toHaveFocus();

    // Too short, and long enough without an uppercase letter.
    await userEvent.type(password, 'Kort1');
    await expect(password).toHaveAccessibleDescription(
      `${HINT} Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.`,
    );
    await userEvent.clear(password);
    await userEvent.type(password, 'sommar2026');
    await expect(password).toHaveAccessibleDescription(
      `${HINT} Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.`,
    );
    // Eight characters with an uppercase letter (Å counts) is enough.
    await userEvent.clear(password);
    await userEvent.type(password, 'åsasommar');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(password);
    await userEvent.type(password, 'Åsasomma');
    await expect(password).not.toHaveAttribute('aria-invalid');

    await userEvent.type(confirm, 'Åsasommar');
    await expect(confirm).toHaveAccessibleDescription('Lösenorden matchar inte.');
    await userEvent.type(confirm, '{Backspace}');
    await expect(confirm).not.toHaveAttribute('aria-invalid');
  },
};

export const Skickar: Story = {
  name: 'Skickar',
  parameters: mocks(loadingFor(['resetPassword'])),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Nytt lösenord'), 'Sommar2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await expect(await canvas.findByRole('button', { name: 'Sparar...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** An expired or used link: the server's message; the form stays. */
export const Serverfel: Story = {
  name: 'Serverfel',
  parameters: mocks(authScenarios.resetFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Nytt lösenord'), 'Sommar2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Länken är ogiltig eller har gått ut.',
    );
    await expect(canvas.getByLabelText('Nytt lösenord')).toHaveValue('Sommar2026');
  },
};

/** Success: 'Lösenord har uppdaterats!', then /login after 2 seconds. */
export const Lyckad: Story = {
  name: 'Lyckad',
  parameters: mocks(sent.handlers),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Nytt lösenord'), 'Sommar2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Lösenord har uppdaterats!');
    await expect(sent.last()).toEqual({ token: 'abc123', password: 'Sommar2026' });
    await expect(canvas.queryByText(/^Navigerade till/)).toBeNull();
    await waitFor(() => expect(canvas.getByText('Navigerade till /login')).toBeVisible(), {
      timeout: 4000,
    });
  },
};

/** Without a token the visitor goes to /login. */
export const UtanToken: Story = {
  name: 'Utan token',
  parameters: { route: { url: '/reset-password' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigerade till /login')).toBeVisible();
  },
};

export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Nytt lösenord')).toHaveFocus();
    await userEvent.keyboard('Sommar2026');
    await userEvent.tab(); // the show/hide toggle
    await userEvent.tab();
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toHaveFocus();
    await userEvent.keyboard('Sommar2026{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Lösenord har uppdaterats!');
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
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
