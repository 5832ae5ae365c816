// The e-mailed code on its own (spec §2.1, design §4.17): the countdown before a new code, a
// short code refused under the field, and the server's refusal.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { authScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { CODE_INCOMPLETE_MESSAGE, EmailCodeStep, resendCountdownText } from './email-code-step';

const meta = {
  title: 'Inloggning/Andra steget/E-postkod',
  component: EmailCodeStep,
  args: { twoFactorId: '2fa-demo', resendWaitSeconds: 10, onDone: fn() },
} satisfies Meta<typeof EmailCodeStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new code can be asked for after the countdown; a short code is refused and not sent. */
export const Nedrakning: Story = {
  name: 'Nedräkning och för kort kod',
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(resendCountdownText(10))).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Skicka koden igen' })).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Verifieringskod' }), '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText(CODE_INCOMPLETE_MESSAGE)).toBeVisible();
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

/** The right code: the step hands over the signed-in user. */
export const Godkand: Story = {
  name: 'Godkänd kod',
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Verifieringskod' }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
  },
};

/** The server refuses the code: its Swedish reason shows above the button. */
export const Nekad: Story = {
  name: 'Koden godtas inte',
  parameters: mocks(authScenarios.verifyFailure),
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Verifieringskod' }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Felaktig eller utgången kod.',
    );
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};
