import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Modal, ModalClose } from './modal';

const meta = {
  title: 'Primitiver/Modal',
  component: Modal,
  args: {
    title: 'Välj formulär',
    onOpenChange: fn(),
    trigger: <Button>Lägg till formulär</Button>,
    children: (
      <ul className="flex flex-col gap-2">
        <li className="flex items-center justify-between gap-3">
          Hälsodeklaration <Badge>Utkast</Badge>
        </li>
        <li>Uppföljning efter besök</li>
      </ul>
    ),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Lägg till formulär' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Välj formulär' });
    await expect(dialog).toBeVisible();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);

    await userEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Focus goes back to the trigger.
    await expect(trigger).toHaveFocus();
  },
};

export const StangMedEscape: Story = {
  name: 'Stäng med Escape',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Lägg till formulär' }));
    await screen.findByRole('dialog', { name: 'Välj formulär' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const MedBeskrivningOchSidfot: Story = {
  name: 'Med beskrivning och sidfot',
  args: {
    title: 'Skicka återställningslänk',
    description: 'Anna Svensson får ett e-postmeddelande med en länk för att välja nytt lösenord.',
    trigger: <Button variant="secondary">Skicka återställningslänk</Button>,
    children: null,
    footer: (
      <>
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
        <Button>Skicka</Button>
      </>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka återställningslänk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skicka återställningslänk' });
    await expect(dialog).toHaveAccessibleDescription(
      'Anna Svensson får ett e-postmeddelande med en länk för att välja nytt lösenord.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

function ControlledModal() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Visa historik</Button>
      <Modal title="Historik" open={open} onOpenChange={setOpen} size="lg">
        <p>Inga tidigare uppladdningar.</p>
      </Modal>
    </>
  );
}

export const Kontrollerad: Story = {
  name: 'Kontrollerad',
  render: () => <ControlledModal />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historik' });
    await expect(dialog).toHaveTextContent('Inga tidigare uppladdningar.');
    // Focus is inside the dialog and stays there.
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Oppen: Story = {
  name: 'Öppen',
  args: { defaultOpen: true },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Välj formulär' })).toBeVisible();
    await expect(screen.getByText('Utkast')).toBeVisible();
  },
};
