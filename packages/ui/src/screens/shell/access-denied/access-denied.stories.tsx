import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Route, Routes } from 'react-router';
import { AccessDenied } from './access-denied';

const meta = {
  title: 'Skal/Åtkomst nekad',
  component: AccessDenied,
  parameters: { route: { path: '/clients/*', url: '/clients/7/overview' } },
} satisfies Meta<typeof AccessDenied>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Åtkomst nekad' })).toBeVisible();
    await expect(canvas.getByText('Du har inte behörighet att visa denna sida.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Till översikten' })).toHaveAttribute(
      'href',
      '/overview',
    );
  },
};

export const TillbakaTillOversikten: Story = {
  name: 'Tillbaka till översikten',
  render: () => (
    <Routes>
      <Route path="/overview" element={<h1>Att göra</h1>} />
      <Route path="*" element={<AccessDenied />} />
    </Routes>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Till översikten' }));
    await expect(await canvas.findByRole('heading', { name: 'Att göra' })).toBeVisible();
  },
};
