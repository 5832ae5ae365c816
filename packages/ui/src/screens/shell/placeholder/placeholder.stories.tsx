import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PlaceholderScreen } from './placeholder';

const meta = {
  title: 'Skal/Platshållare',
  component: PlaceholderScreen,
  args: { title: 'Provsvar' },
} satisfies Meta<typeof PlaceholderScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Provsvar' })).toBeVisible();
    await expect(canvas.getByText(/under uppbyggnad/)).toBeVisible();
  },
};
