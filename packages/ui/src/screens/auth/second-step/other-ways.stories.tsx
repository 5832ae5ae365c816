// 'Välj ett annat sätt' on its own (design §4.17): closed at first; opened, it lists her other
// ways (never the current one) and a choice closes it.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { OtherWays } from './other-ways';

const meta = {
  title: 'Inloggning/Andra steget/Andra sätt',
  component: OtherWays,
  args: { ways: ['PASSKEY', 'TOTP', 'RESERVE_CODE', 'EMAIL'], current: 'PASSKEY', onChoose: fn() },
} satisfies Meta<typeof OtherWays>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened: the three other ways; choosing one tells the step and closes the list. */
export const Oppnad: Story = {
  name: 'Öppnad lista',
  play: async ({ args, canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Välj ett annat sätt' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.queryByRole('button', { name: 'Använd min nyckel' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Använd en reservkod' }));
    await expect(args.onChoose).toHaveBeenCalledWith('RESERVE_CODE');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Only one way: nothing to choose, so nothing is shown. */
export const EndastEtt: Story = {
  name: 'Endast ett sätt',
  args: { ways: ['EMAIL'], current: 'EMAIL' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Välj ett annat sätt' })).toBeNull();
  },
};
