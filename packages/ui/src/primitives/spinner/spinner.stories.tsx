import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from './spinner';

const meta = {
  title: 'Primitiver/Spinner',
  component: Spinner,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Laddar…');
  },
};

export const MedSynligEtikett: Story = {
  name: 'Med synlig etikett',
  args: { showLabel: true, label: 'Hämtar provsvar…' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Hämtar provsvar…')).toBeVisible();
  },
};

export const Storlekar: Story = {
  name: 'Storlekar',
  render: () => (
    <div className="flex items-center gap-6">
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
  },
};
