import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../button/button';
import { PasswordField } from './password-field';

const meta = {
  title: 'Primitiver/Lösenordsfält',
  component: PasswordField,
  parameters: { layout: 'padded' },
  args: { label: 'Lösenord', name: 'password', autoComplete: 'current-password', onChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Lösenord');
    await expect(input).toHaveAttribute('type', 'password');
    // No toggle until something is typed.
    await expect(canvas.queryByRole('button', { name: 'Visa lösenord' })).toBeNull();

    await userEvent.type(input, 'Halsa2026!');
    const show = canvas.getByRole('button', { name: 'Visa lösenord' });
    await userEvent.click(show);
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Dölj lösenord' }));
    await expect(input).toHaveAttribute('type', 'password');

    // Emptying the field removes the toggle again.
    await userEvent.clear(input);
    await expect(canvas.queryByRole('button', { name: /lösenord/ })).toBeNull();
  },
};

export const Ifyllt: Story = {
  name: 'Ifyllt',
  args: { defaultValue: 'Halsa2026!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Visa lösenord' })).toBeVisible();
  },
};

export const MedHjalptext: Story = {
  name: 'Med hjälptext',
  args: {
    label: 'Nytt lösenord',
    autoComplete: 'new-password',
    hint: 'Minst 8 tecken och en stor bokstav.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Nytt lösenord')).toHaveAccessibleDescription(
      'Minst 8 tecken och en stor bokstav.',
    );
  },
};

export const MedFel: Story = {
  name: 'Med fel',
  args: {
    label: 'Nytt lösenord',
    autoComplete: 'new-password',
    defaultValue: 'kort',
    error: 'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Nytt lösenord');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.',
    );
  },
};

function ControlledPassword() {
  const [value, setValue] = useState('');
  return (
    <div className="flex flex-col items-start gap-4">
      <PasswordField
        label="Lösenord"
        autoComplete="current-password"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="w-full"
      />
      <Button type="button" variant="secondary" onClick={() => setValue('')}>
        Rensa
      </Button>
    </div>
  );
}

export const Kontrollerat: Story = {
  name: 'Kontrollerat värde',
  render: () => <ControlledPassword />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Lösenord');
    await userEvent.type(input, 'Hemligt1');
    await userEvent.click(canvas.getByRole('button', { name: 'Visa lösenord' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Rensa' }));
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.queryByRole('button', { name: 'Dölj lösenord' })).toBeNull();
  },
};
