import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button/button';
import { controlClass } from './control-styles';
import { FormField } from './form-field';

const meta = {
  title: 'Primitiver/Formulärfält',
  component: FormField,
  parameters: { layout: 'padded' },
  args: {
    label: 'Stad',
    children: (control) => <input {...control} className={controlClass} />,
  },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Stad' });
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(input).not.toHaveAttribute('aria-describedby');
  },
};

export const MedHjalptext: Story = {
  name: 'Med hjälptext',
  args: { label: 'Postnummer', hint: 'Fem siffror, till exempel 123 45.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Postnummer' })).toHaveAccessibleDescription(
      'Fem siffror, till exempel 123 45.',
    );
  },
};

export const MedFel: Story = {
  name: 'Med fel',
  args: {
    label: 'Postnummer',
    hint: 'Fem siffror, till exempel 123 45.',
    error: 'Postnummer måste vara i formatet XXX XX.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postnummer' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Fem siffror, till exempel 123 45. Postnummer måste vara i formatet XXX XX.',
    );
    // Announced through a polite live region, not an alert.
    const message = canvas.getByText('Postnummer måste vara i formatet XXX XX.');
    await expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

function ValidatingField() {
  const [error, setError] = useState<string>();
  return (
    <form
      className="flex flex-col items-start gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('city');
        setError(value ? undefined : 'Stad är obligatoriskt.');
      }}
    >
      <FormField label="Stad" error={error} className="w-full">
        {(control) => <input {...control} name="city" className={controlClass} />}
      </FormField>
      <Button type="submit">Nästa</Button>
    </form>
  );
}

export const FelVidValidering: Story = {
  name: 'Fel vid validering',
  render: () => <ValidatingField />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Stad' });
    const region = liveRegionOf(input);
    await expect(region).toBeEmptyDOMElement();
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(region).toHaveTextContent('Stad är obligatoriskt.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Stad är obligatoriskt.');
    await userEvent.type(input, 'Umeå');
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(region).toBeEmptyDOMElement();
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

/** The live region of a field is present before any error, so a new error is announced. */
function liveRegionOf(input: HTMLElement): HTMLElement {
  const region = document.getElementById(`${input.id}-error`);
  if (!region) throw new Error('Felmeddelandets region saknas');
  return region;
}
