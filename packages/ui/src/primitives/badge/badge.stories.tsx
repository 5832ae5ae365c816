import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, CountBadge } from './badge';

const meta = {
  title: 'Primitiver/Märke',
  component: Badge,
  parameters: { layout: 'padded' },
  args: { children: 'Utkast' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {
  name: 'Neutral',
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Utkast')).toHaveAttribute('data-variant', 'neutral');
  },
};

export const Info: Story = {
  name: 'Info',
  args: { variant: 'info', children: 'Ny' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ny')).toHaveAttribute('data-variant', 'info');
  },
};

export const Lyckad: Story = {
  name: 'Lyckad',
  args: { variant: 'success', children: 'Signerad' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Signerad')).toHaveAttribute('data-variant', 'success');
  },
};

export const Varning: Story = {
  name: 'Varning',
  args: { variant: 'warning', children: 'Väntar på svar' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Väntar på svar')).toHaveAttribute('data-variant', 'warning');
  },
};

export const Fara: Story = {
  name: 'Fara',
  args: { variant: 'danger', children: 'Misslyckad' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Misslyckad')).toHaveAttribute('data-variant', 'danger');
  },
};

export const Olast: Story = {
  name: 'Oläst',
  args: { variant: 'unread', children: '3', 'aria-label': '3 olästa' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('3 olästa')).toHaveAttribute('data-variant', 'unread');
  },
};

export const AllaVarianter: Story = {
  name: 'Alla varianter',
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      <Badge>Utkast</Badge>
      <Badge variant="info">Ny</Badge>
      <Badge variant="success">Signerad</Badge>
      <Badge variant="warning">Väntar på svar</Badge>
      <Badge variant="danger">Misslyckad</Badge>
      <Badge variant="unread">12</Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Utkast')).toBeVisible();
  },
};

/** The unread count on an icon button: Swedish digits, capped at 99+, nothing at 0. */
export const Antal: Story = {
  name: 'Antal olästa',
  render: () => (
    <div className="flex items-center gap-4">
      {[1, 12, 1234, 0].map((count) => (
        <span
          key={count}
          className="relative inline-block size-10 rounded-control bg-surface-sunken"
        >
          <CountBadge
            count={count}
            data-testid={`antal-${count}`}
            className="absolute -top-1 -right-1"
          />
        </span>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('antal-1')).toHaveAttribute('data-count', '1');
    await expect(canvas.getByTestId('antal-12')).toHaveAttribute('data-count', '12');
    await expect(canvas.getByTestId('antal-1234')).toHaveAttribute('data-count', '99+');
    await expect(canvas.getByTestId('antal-1234')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.queryByTestId('antal-0')).toBeNull();
  },
};
