// The code field of the second step on its own (design §4.17): the app's six digits, cleaned as
// she types; a short code is refused under the field; the server's refusal shows above the button.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { formatTwoFactorCode } from '@halsa/api/contract';
import { CodeForm } from './code-form';
import { CODE_STEP_FAILED, TOTP_INCOMPLETE } from './labels';

const meta = {
  title: 'Inloggning/Andra steget/Kodfält',
  component: CodeForm,
  args: {
    label: 'Kod från autentiseringsappen',
    hint: 'Sex siffror.',
    inputMode: 'numeric',
    format: formatTwoFactorCode,
    check: (code: string) => (code.length === 6 ? undefined : TOTP_INCOMPLETE),
    onSubmit: fn(async () => {}),
    failureText: () => CODE_STEP_FAILED,
  },
} satisfies Meta<typeof CodeForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Letters and spaces are dropped; six digits are sent. */
export const Skickas: Story = {
  name: 'Sex siffror skickas',
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Kod från autentiseringsappen' });
    await userEvent.type(input, '12 3a4567');
    await expect(input).toHaveValue('123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('123456');
  },
};

/** Three digits: the field says what is missing and nothing is sent. */
export const ForKort: Story = {
  name: 'För kort kod',
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Kod från autentiseringsappen' }),
      '123',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText(TOTP_INCOMPLETE)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server refuses the code: the reason shows and she may try again. */
export const Nekad: Story = {
  name: 'Koden godtas inte',
  args: {
    onSubmit: fn(async () => {
      throw new Error('refused');
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Kod från autentiseringsappen' }),
      '654321',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(CODE_STEP_FAILED);
    await expect(canvas.getByRole('button', { name: 'Verifiera' })).toBeEnabled();
  },
};
