// 'Använd nyckel' on its own (design §4.17): one button starts the browser's prompt; a cancelled
// prompt leaves her on the step with the reason.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PasskeyStep } from './passkey-step';
import { PASSKEY_CANCELLED } from './labels';

const meta = {
  title: 'Inloggning/Andra steget/Nyckel',
  component: PasskeyStep,
  args: { onUse: fn(async () => {}), failureText: () => PASSKEY_CANCELLED },
} satisfies Meta<typeof PasskeyStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The button starts the ceremony once. */
export const Redo: Story = {
  name: 'Redo att använda nyckeln',
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Använd nyckel' }));
    await expect(args.onUse).toHaveBeenCalledTimes(1);
  },
};

/** She cancelled the browser's prompt: the reason, and the button again. */
export const Avbruten: Story = {
  name: 'Nyckeln användes inte',
  args: {
    onUse: fn(async () => {
      throw new DOMException('cancelled', 'NotAllowedError');
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Använd nyckel' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSKEY_CANCELLED);
    await expect(canvas.getByRole('button', { name: 'Använd nyckel' })).toBeEnabled();
  },
};
