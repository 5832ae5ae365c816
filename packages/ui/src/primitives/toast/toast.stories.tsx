import { useEffect, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ToastProvider, useToast } from './toast';

function ToastDemo() {
  const toast = useToast();
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => toast.success('Filen har laddats upp')}>Visa bekräftelse</Button>
      <Button
        variant="secondary"
        onClick={() =>
          toast.error('Misslyckades att skicka formulär.', { title: 'Något gick fel' })
        }
      >
        Visa fel
      </Button>
    </div>
  );
}

/** Shows toasts on mount, for the visual baseline. */
function ShownToasts() {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast.success('Formuläret skickades med e-post!');
    toast.error('Ett fel uppstod vid försök att skicka återställningslänken', {
      title: 'Något gick fel',
    });
  }, [toast]);
  return null;
}

const meta = {
  title: 'Primitiver/Toast',
  component: ToastProvider,
  parameters: { layout: 'padded' },
  render: () => <ToastDemo />,
} satisfies Meta<typeof ToastProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Bekraftelse: Story = {
  name: 'Bekräftelse',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa bekräftelse' }));
    const toast = await canvas.findByRole('status');
    await expect(toast).toHaveTextContent('Filen har laddats upp');

    await userEvent.click(within(toast).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
  },
};

export const Fel: Story = {
  name: 'Fel',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa fel' }));
    // Errors interrupt: role alert.
    const toast = await canvas.findByRole('alert');
    await expect(toast).toHaveTextContent('Något gick fel');
    await expect(toast).toHaveTextContent('Misslyckades att skicka formulär.');

    await userEvent.click(within(toast).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

export const FleraSamtidigt: Story = {
  name: 'Flera samtidigt',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa bekräftelse' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Visa bekräftelse' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Visa fel' }));
    await expect(await canvas.findAllByRole('status')).toHaveLength(2);
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);

    // Closing one leaves the others.
    await userEvent.click(
      within(canvas.getAllByRole('status')[0]!).getByRole('button', { name: 'Stäng' }),
    );
    await expect(canvas.getAllByRole('status')).toHaveLength(1);
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
  },
};

export const Visade: Story = {
  name: 'Visade',
  render: () => <ShownToasts />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Formuläret skickades med e-post!',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('Något gick fel');
  },
};
