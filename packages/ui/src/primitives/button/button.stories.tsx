import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Primitiver/Knapp',
  component: Button,
  parameters: { layout: 'padded' },
  args: { onClick: fn(), children: 'Spara', type: 'button' },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'ghost', 'danger', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  name: 'Primär',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Spara' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  name: 'Sekundär',
  args: { variant: 'secondary', children: 'Avbryt' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Avbryt' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Ghost: Story = {
  name: 'Diskret',
  args: { variant: 'ghost', children: 'Visa fler' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Visa fler' })).toBeEnabled();
  },
};

export const Danger: Story = {
  name: 'Farlig',
  args: { variant: 'danger', children: 'Ta bort formulär' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort formulär' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Link: Story = {
  name: 'Länk',
  args: { variant: 'link', children: 'Glömt lösenord?' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Glömt lösenord?' })).toBeVisible();
  },
};

export const Storlekar: Story = {
  name: 'Storlekar',
  render: (args) => (
    <div className="flex flex-wrap items-center gap-4">
      <Button {...args} size="sm">
        Liten
      </Button>
      <Button {...args} size="md">
        Mellan
      </Button>
      <Button {...args} size="lg">
        Stor
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('button', { name: 'Liten' });
    const large = canvas.getByRole('button', { name: 'Stor' });
    // Every target is at least 24 px high.
    await expect(small.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await expect(large.getBoundingClientRect().height).toBeGreaterThan(
      small.getBoundingClientRect().height,
    );
  },
};

export const Inaktiverad: Story = {
  name: 'Inaktiverad',
  args: { disabled: true, children: 'Nästa' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Nästa' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  args: { loading: true, loadingLabel: 'Registrerar...', children: 'Registrera' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Registrerar...' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('data-loading');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AllaVarianter: Story = {
  name: 'Alla varianter',
  render: (args) => (
    <div className="flex flex-wrap items-center gap-4">
      <Button {...args} variant="primary">
        Spara
      </Button>
      <Button {...args} variant="secondary">
        Avbryt
      </Button>
      <Button {...args} variant="ghost">
        Visa fler
      </Button>
      <Button {...args} variant="danger">
        Ta bort
      </Button>
      <Button {...args} variant="link">
        Läs mer
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(5);
  },
};
