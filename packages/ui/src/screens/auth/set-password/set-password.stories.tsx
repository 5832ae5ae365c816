import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, waitFor } from 'storybook/test';
import { authScenarios, loadingFor, resetMockState } from '@halsa/api/mocks';
import { SetPasswordScreen } from './set-password';
import { bodyRecorder, LocationProbe, mocks } from '../../../testing';

const sent = bodyRecorder('/api/v1/auth/set-password');

const meta = {
  title: 'Inloggning/Välj lösenord',
  component: SetPasswordScreen,
  parameters: { route: { url: '/new-password?token=ny-token' } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
    sent.reset();
  },
  render: (args) => (
    <Routes>
      <Route path="/new-password" element={<SetPasswordScreen {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Meta<typeof SetPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const HINT = 'Minst 8 tecken och minst en stor bokstav.';

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Välj lösenord' })).toBeVisible();
    await expect(canvas.getByLabelText('Lösenord')).toHaveAccessibleDescription(HINT);
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toHaveAttribute('type', 'password');
  },
};

export const Skriver: Story = {
  name: 'Skriver',
  play: async ({ canvas, userEvent }) => {
    const password = canvas.getByLabelText('Lösenord');
    await userEvent.type(password, 'Vinter2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Visa lösenord' }));
    await expect(password).toHaveAttribute('type', 'text');
  },
};

/** The rules of spec §5 with their exact messages. */
export const Validering: Story = {
  name: 'Validering',
  play: async ({ canvas, userEvent }) => {
    const password = canvas.getByLabelText('Lösenord');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    const save = canvas.getByRole('button', { name: 'Spara lösenord' });
    await userEvent.click(save);
    await expect(password).toHaveAccessibleDescription(`${HINT} Lösenord är obligatoriskt.`);
    await expect(confirm).toHaveAccessibleDescription('Bekräfta lösenord är obligatoriskt.');

    await userEvent.type(password, 'vinter2026');
    await expect(password).toHaveAccessibleDescription(
      `${HINT} Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.`,
    );
    await userEvent.clear(password);
    await userEvent.type(password, 'Vinter26');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.type(confirm, 'Vinter27');
    await expect(confirm).toHaveAccessibleDescription('Lösenorden matchar inte.');

    // A mismatch found on submit focuses the confirmation.
    await userEvent.click(save);
    await expect(confirm).toHaveFocus();
  },
};

export const Skickar: Story = {
  name: 'Skickar',
  parameters: mocks(loadingFor(['setPassword'])),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Vinter2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Vinter2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await expect(await canvas.findByRole('button', { name: 'Sparar...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Serverfel: Story = {
  name: 'Serverfel',
  parameters: mocks(authScenarios.setPasswordFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Vinter2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Vinter2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Länken är ogiltig eller har gått ut.',
    );
  },
};

/** Success: 'Lösenord har satts!', then /login after 2 seconds. */
export const Lyckad: Story = {
  name: 'Lyckad',
  parameters: mocks(sent.handlers),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Lösenord'), 'Vinter2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Vinter2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('Lösenord har satts!');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus();
    await expect(sent.last()).toEqual({ token: 'ny-token', password: 'Vinter2026' });
    await waitFor(() => expect(canvas.getByText('Navigerade till /login')).toBeVisible(), {
      timeout: 4000,
    });
  },
};

export const UtanToken: Story = {
  name: 'Utan token',
  parameters: { route: { url: '/new-password' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigerade till /login')).toBeVisible();
  },
};

export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Lösenord')).toHaveFocus();
    await userEvent.keyboard('Vinter2026');
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toHaveFocus();
    await userEvent.keyboard('Vinter2026{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Lösenord har satts!');
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
