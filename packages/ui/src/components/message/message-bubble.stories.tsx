import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MessageBubble, type MessageBubbleMessage } from './message-bubble';

const now = new Date('2026-11-21T10:00:00.000Z');

const text = (
  content: string,
  extra: Partial<MessageBubbleMessage> = {},
): MessageBubbleMessage => ({
  content,
  timestamp: '2026-11-20T07:48:00.000Z',
  isEdited: false,
  editedAt: null,
  originalFileName: null,
  ...extra,
});

const meta = {
  title: 'Meddelanden/Komponenter/Meddelandebubbla',
  component: MessageBubble,
  args: {
    message: text('Tack så mycket, då ses vi på torsdag.'),
    own: false,
    senderName: 'Anna Lindqvist',
    now,
  },
  decorators: [
    (Story) => (
      <div className="max-w-sm bg-surface p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Annans: Story = {
  name: 'Mottaget meddelande',
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Tack så mycket, då ses vi på torsdag.')).toBeVisible();
    await expect(canvas.getByText('Anna Lindqvist:')).toHaveClass('sr-only');
    await expect(canvas.getByText('20 nov.', { exact: false })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Redigera' })).toBeNull();
    await expect(canvasElement.querySelector('[data-own]')).toBeNull();
  },
};

export const Egen: Story = {
  name: 'Eget meddelande',
  args: { own: true, message: text('Vi ses på torsdag kl. 10.'), onEdit: fn(() => true) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Du:')).toHaveClass('sr-only');
    await expect(canvas.getByRole('button', { name: 'Redigera' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-own]')).not.toBeNull();
  },
};

export const MedLank: Story = {
  name: 'Med länk',
  args: {
    message: text('Läs mer på https://www.1177.se/ och javascript:alert(1) under tiden.'),
  },
  play: async ({ canvas }) => {
    const links = canvas.getAllByRole('link');
    await expect(links).toHaveLength(1);
    const link = canvas.getByRole('link', { name: 'https://www.1177.se/ (öppnas i ny flik)' });
    await expect(link).toHaveAttribute('href', 'https://www.1177.se/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByText(/javascript:alert\(1\) under tiden\./)).toBeVisible();
  },
};

export const Fil: Story = {
  name: 'Filmeddelande (PDF)',
  args: {
    own: true,
    message: text('Här är sammanställningen.\n/files/Blodprov_2026-10-12.pdf', {
      originalFileName: 'Blodprov_2026-10-12.pdf',
    }),
    onEdit: fn(() => true),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'PDF-fil' })).toBeVisible();
    const link = canvas.getByRole('link', { name: 'Ladda ner Blodprov_2026-10-12.pdf' });
    await expect(link).toHaveAttribute('href', '/files/Blodprov_2026-10-12.pdf');
    await expect(link).toHaveAttribute('download', 'Blodprov_2026-10-12.pdf');
    await expect(canvas.getByText('Här är sammanställningen.')).toBeVisible();
    // File messages are not edited (the text carries the file's address).
    await expect(canvas.queryByRole('button', { name: 'Redigera' })).toBeNull();
  },
};

export const FilMedFarligAdress: Story = {
  name: 'Filmeddelande med otillåten adress',
  args: {
    message: text('Klicka\njavascript:alert(1)', { originalFileName: 'Faktura.pdf' }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Faktura.pdf')).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const Redigerat: Story = {
  name: 'Redigerat',
  args: { message: text('Tack!', { isEdited: true, editedAt: '2026-11-20T07:50:00.000Z' }) },
  play: async ({ canvas, userEvent }) => {
    const marker = canvas.getByRole('button', { name: 'Redigerat' });
    await expect(marker).toHaveAccessibleDescription(/^Redigerat 20 november 2026 kl\. \d\d:\d\d$/);
    await expect(marker).toHaveAttribute('title', expect.stringMatching(/^Redigerat 20 november/));
    const tooltip = canvas.getByRole('tooltip', { hidden: true });
    await expect(tooltip).not.toBeVisible();
    await userEvent.hover(marker);
    await waitFor(() => expect(tooltip).toBeVisible());
    await userEvent.unhover(marker);
    await waitFor(() => expect(tooltip).not.toBeVisible());
    await userEvent.tab();
    await expect(marker).toHaveFocus();
    await expect(tooltip).toBeVisible();
    // Escape hides it without moving focus.
    await userEvent.keyboard('{Escape}');
    await expect(tooltip).not.toBeVisible();
    await expect(marker).toHaveFocus();
  },
};

export const Skickas: Story = {
  name: 'Skickas',
  args: { own: true, status: 'sending', message: text('På väg…') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Skickas…')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Redigera' })).toBeNull();
  },
};

export const SkickasMedFil: Story = {
  name: 'Fil laddas upp',
  args: {
    own: true,
    status: 'sending',
    progress: 45,
    message: text('\n', { originalFileName: 'Kostdagbok.pdf' }),
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Laddar upp Kostdagbok.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(canvas.getByText('Skickas…')).toBeVisible();
  },
};

export const Misslyckad: Story = {
  name: 'Kunde inte skickas',
  args: {
    own: true,
    status: 'failed',
    message: text('Hej igen!'),
    onRetry: fn(),
    onDiscard: fn(),
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('Kunde inte skickas')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Försök igen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort' }));
    await expect(args.onDiscard).toHaveBeenCalledOnce();
  },
};

export const Redigering: Story = {
  name: 'Redigera eget meddelande',
  args: { own: true, message: text('Vi ses på torsdag.'), onEdit: fn(() => true) },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Redigera' }));
    const field = canvas.getByRole('textbox', { name: 'Redigera meddelande' });
    await expect(field).toHaveFocus();
    await expect(field).toHaveValue('Vi ses på torsdag.');
    await userEvent.clear(field);
    await userEvent.type(field, 'Vi ses på fredag.');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara' }));
    await expect(args.onEdit).toHaveBeenCalledWith('Vi ses på fredag.');
    await waitFor(() => expect(canvas.queryByRole('textbox')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Redigera' })).toHaveFocus();
  },
};

export const RedigeringAvbryts: Story = {
  name: 'Avbryt redigering',
  args: { own: true, message: text('Vi ses på torsdag.'), onEdit: fn(() => true) },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Redigera' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Redigera meddelande' }), ' Eller?');
    await userEvent.click(canvas.getByRole('button', { name: 'Avbryt' }));
    await expect(args.onEdit).not.toHaveBeenCalled();
    await expect(canvas.getByText('Vi ses på torsdag.')).toBeVisible();
    // Escape cancels too.
    await userEvent.click(canvas.getByRole('button', { name: 'Redigera' }));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Redigera' })).toHaveFocus();
  },
};

export const RedigeringNekas: Story = {
  name: 'Redigering nekas (editorn stannar)',
  args: { own: true, message: text('Vi ses.'), onEdit: fn(() => false) },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Redigera' }));
    const field = canvas.getByRole('textbox', { name: 'Redigera meddelande' });
    await userEvent.clear(field);
    await userEvent.click(canvas.getByRole('button', { name: 'Spara' }));
    await expect(args.onEdit).toHaveBeenCalledWith('');
    await expect(within(field.closest('form') as HTMLElement).getByRole('textbox')).toHaveFocus();
  },
};
