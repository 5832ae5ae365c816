import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Primitiver/Textfält',
  component: TextField,
  parameters: { layout: 'padded' },
  args: { label: 'E-post', type: 'email', name: 'email', autoComplete: 'email', onChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'E-post' });
    await userEvent.type(input, 'klient@example.com');
    await expect(input).toHaveValue('klient@example.com');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const MedHjalptext: Story = {
  name: 'Med hjälptext',
  args: {
    label: 'Telefonnummer',
    type: 'tel',
    name: 'phone',
    autoComplete: 'tel',
    hint: 'Svenskt nummer, till exempel 070-123 45 67.',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('textbox', { name: 'Telefonnummer' }),
    ).toHaveAccessibleDescription('Svenskt nummer, till exempel 070-123 45 67.');
  },
};

export const MedFel: Story = {
  name: 'Med fel',
  args: {
    label: 'Förnamn',
    type: 'text',
    name: 'firstname',
    autoComplete: 'given-name',
    error: 'Förnamn är obligatoriskt.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Förnamn' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Förnamn är obligatoriskt.');
  },
};

export const Ifylld: Story = {
  name: 'Ifylld',
  args: { defaultValue: 'anna.svensson@example.com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'E-post' })).toHaveValue(
      'anna.svensson@example.com',
    );
  },
};

export const Inaktiverad: Story = {
  name: 'Inaktiverad',
  args: { disabled: true, defaultValue: 'anna.svensson@example.com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'E-post' })).toBeDisabled();
  },
};
