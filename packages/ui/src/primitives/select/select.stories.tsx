import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Select } from './select';

const intervals = [
  { value: 'all', label: 'Alla' },
  { value: '2veckor', label: 'Senaste 2 veckorna' },
  { value: '30dagar', label: 'Senaste 30 dagarna' },
  { value: '3man', label: 'Senaste 3 månaderna' },
  { value: '6man', label: 'Senaste 6 månaderna' },
  { value: '1ar', label: 'Senaste året' },
];

const meta = {
  title: 'Primitiver/Väljare',
  component: Select,
  parameters: { layout: 'padded' },
  args: { label: 'Exportintervall', name: 'interval', options: intervals, onChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Exportintervall' });
    await expect(select).toHaveValue('all');
    await userEvent.selectOptions(select, 'Senaste 30 dagarna');
    await expect(select).toHaveValue('30dagar');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const MedPlatshallare: Story = {
  name: 'Med platshållare',
  args: { placeholder: 'Välj intervall' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Exportintervall' });
    await expect(select).toHaveValue('');
    await expect(canvas.getByRole('option', { name: 'Välj intervall' })).toBeDisabled();
  },
};

export const MedFel: Story = {
  name: 'Med fel',
  args: { placeholder: 'Välj intervall', error: 'Välj ett intervall.' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Exportintervall' });
    await expect(select).toBeInvalid();
    await expect(select).toHaveAccessibleDescription('Välj ett intervall.');
  },
};

export const Inaktiverad: Story = {
  name: 'Inaktiverad',
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Exportintervall' })).toBeDisabled();
  },
};
