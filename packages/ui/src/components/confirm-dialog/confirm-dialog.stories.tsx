import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ApiError } from '@halsa/api';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'Komponenter/Bekräftelse',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Inaktivera Erik Johansson?',
    description: 'Erik Johansson kan inte längre logga in.',
    confirmLabel: 'Inaktivera',
    busyLabel: 'Inaktiverar…',
    variant: 'danger',
    fallback: 'Kunde inte inaktivera kontot',
    onConfirm: fn(async () => undefined),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Confirming runs the action and closes the dialog. */
export const Bekrafta: Story = {
  name: 'Bekräfta',
  play: async ({ args, userEvent }) => {
    const dialog = within(document.body).getByRole('dialog', {
      name: 'Inaktivera Erik Johansson?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Inaktivera' }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A refusal of the server stays in the dialog. */
export const Nekas: Story = {
  name: 'Servern nekar',
  args: {
    onConfirm: fn(async (): Promise<undefined> => {
      throw new ApiError(409, 'Det måste finnas minst en aktiv administratör.', null);
    }),
  },
  play: async ({ userEvent }) => {
    const dialog = within(within(document.body).getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Inaktivera' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Det måste finnas minst en aktiv administratör.',
    );
  },
};
