import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { KeyIcon } from '../../lib/icons';
import { Button } from '../button/button';
import { Tooltip } from './tooltip';

const LABEL = 'Skicka länk för nytt lösenord';

const meta = {
  title: 'Primitiver/Verktygstips',
  component: Tooltip,
  parameters: { layout: 'centered' },
  args: {
    content: LABEL,
    side: 'bottom',
    align: 'end',
    children: (
      <Button variant="ghost" size="sm" className="h-target min-w-target px-2" aria-label={LABEL}>
        <KeyIcon />
      </Button>
    ),
  },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * WCAG 1.4.13: focus shows the tooltip, Escape hides it while focus stays on the button; hover
 * shows it, it stays while the pointer is on the tooltip itself, and Escape hides it then too.
 */
export const FokusOchHovring: Story = {
  name: 'Fokus, Escape och hovring',
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: LABEL });
    const tooltip = canvas.getByRole('tooltip', { hidden: true });
    await expect(tooltip).toHaveTextContent(LABEL);
    await expect(button).toHaveAccessibleDescription(LABEL);
    await expect(tooltip).not.toBeVisible();

    await userEvent.tab();
    await expect(button).toHaveFocus();
    await waitFor(() => expect(tooltip).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tooltip).not.toBeVisible());
    await expect(button).toHaveFocus();

    // Leaving and coming back shows it again.
    await userEvent.tab({ shift: true });
    await expect(button).not.toHaveFocus();
    await userEvent.hover(button);
    await waitFor(() => expect(tooltip).toBeVisible());
    // Hoverable: the pointer moves onto the tooltip and it stays.
    await userEvent.hover(tooltip);
    await expect(tooltip).toBeVisible();
    // Dismissible by Escape with the pointer still there and focus elsewhere.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tooltip).not.toBeVisible());
    await userEvent.unhover(tooltip);
    await userEvent.unhover(button);
    await userEvent.hover(button);
    await waitFor(() => expect(tooltip).toBeVisible());
    await userEvent.unhover(button);
    await waitFor(() => expect(tooltip).not.toBeVisible());
  },
};

/** Shown, for the eye: under the key, lined up with its right edge. */
export const Visad: Story = {
  name: 'Visad under knappen',
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: LABEL }).focus();
    await waitFor(() => expect(canvas.getByRole('tooltip')).toBeVisible());
  },
};

/** Above the trigger, lined up with its left edge (the message's 'Redigerat'). */
export const Ovanfor: Story = {
  name: 'Ovanför, från vänster kant',
  args: {
    side: 'top',
    align: 'start',
    content: 'Redigerat 20 november 2026 kl. 14:05',
    children: (
      <button type="button" className="min-h-target px-0.5 underline decoration-dotted">
        Redigerat
      </button>
    ),
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Redigerat' });
    await userEvent.hover(button);
    await waitFor(() => expect(canvas.getByRole('tooltip')).toBeVisible());
  },
};
