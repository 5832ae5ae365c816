import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Primitiver/Kryssruta',
  component: Checkbox,
  parameters: { layout: 'padded' },
  args: { label: 'Har inget personnummer', name: 'noSocialSecurity', onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: 'Har inget personnummer' });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    // The label toggles it too.
    await userEvent.click(canvas.getByText('Har inget personnummer'));
    await expect(box).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
    // A 24 px target.
    await expect(box.getBoundingClientRect().width).toBeGreaterThanOrEqual(24);
  },
};

export const Ikryssad: Story = {
  name: 'Ikryssad',
  args: { label: 'Acceptera användarvillkor', defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' })).toBeChecked();
  },
};

export const MedHjalptext: Story = {
  name: 'Med hjälptext',
  args: {
    label: 'Skicka påminnelse via e-post',
    hint: 'Vi skickar ett meddelande dagen före ditt besök.',
  },
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: 'Skicka påminnelse via e-post' });
    await expect(box).toHaveAccessibleDescription(
      'Vi skickar ett meddelande dagen före ditt besök.',
    );
    await userEvent.keyboard('{Tab}');
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};

export const MedFel: Story = {
  name: 'Med fel',
  args: {
    label: 'Acceptera användarvillkor',
    error: 'Du måste acceptera användarvillkoren.',
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' });
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Du måste acceptera användarvillkoren.');
  },
};

export const Inaktiverad: Story = {
  name: 'Inaktiverad',
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Har inget personnummer' })).toBeDisabled();
  },
};
