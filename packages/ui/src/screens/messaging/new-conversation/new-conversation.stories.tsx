import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { getResponse } from 'msw';
import { messagingHandlers, messagingScenarios } from '@halsa/api/mocks/handlers/messaging';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { errorResponse } from '@halsa/api/mocks/handlers/respond';
import { mockState } from '@halsa/api/mocks/state';
import { messagingMsw, widgetFrame } from '../../../testing';
import { NewConversation } from './new-conversation';

const meta = {
  title: 'Meddelanden/Ny konversation',
  component: NewConversation,
  args: { onCreated: fn(), onBack: fn(), onOpenConversation: fn() },
  decorators: [widgetFrame],
} satisfies Meta<typeof NewConversation>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const recipients = (canvas: Canvas) => canvas.findByRole('group', { name: 'Mottagare' });

export const Sok: Story = {
  name: 'Sök användare',
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Ny konversation' })).toBeVisible();
    const group = await recipients(canvas);
    await waitFor(() => expect(within(group).getAllByRole('radio').length).toBeGreaterThan(3));
    // Everyone but me (Maria Berg), A–Ö.
    await expect(within(group).queryByRole('radio', { name: /Maria Berg/ })).toBeNull();
    await expect(within(group).getAllByRole('radio')[0]).toHaveAccessibleName(
      'Ahmed Haddad Klient',
    );

    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök användare' }), 'lar');
    const radios = within(group).getAllByRole('radio');
    await expect(radios).toHaveLength(1);
    await expect(radios[0]).toHaveAccessibleName('Lars Nilsson Klient');
    await userEvent.click(radios[0] as HTMLElement);
    await expect(radios[0]).toBeChecked();
    await expect(group).toHaveTextContent('Till: Lars Nilsson');

    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Sök användare' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök användare' }), 'erik');
    await expect(
      within(group).getByRole('radio', { name: 'Erik Johansson Personal' }),
    ).not.toBeChecked();
    // The choice stays while searching for someone else.
    await expect(group).toHaveTextContent('Till: Lars Nilsson');

    await userEvent.click(canvas.getByRole('button', { name: 'Tillbaka' }));
    await expect(args.onBack).toHaveBeenCalledOnce();
  },
};

export const IngenTraff: Story = {
  name: 'Sökningen hittar ingen',
  play: async ({ canvas, userEvent }) => {
    const group = await recipients(canvas);
    await waitFor(() => expect(within(group).getAllByRole('radio').length).toBeGreaterThan(0));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök användare' }), 'Zlatan');
    await expect(within(group).getByRole('status')).toHaveTextContent('Inga användare hittades.');
    await expect(within(group).queryByRole('radio')).toBeNull();
  },
};

export const IngaAnvandare: Story = {
  name: 'Inga användare',
  parameters: { msw: messagingMsw(...messagingScenarios.empty) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga användare hittades.')).toBeVisible();
  },
};

export const AnvandareLaddas: Story = {
  name: 'Användare laddas',
  parameters: { msw: messagingMsw(...messagingScenarios.loading) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Hämtar användare…');
  },
};

export const AnvandareFel: Story = {
  name: 'Användare kunde inte hämtas',
  parameters: { msw: messagingMsw(...messagingScenarios.error(500)) },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta användare');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

export const Valideringsfel: Story = {
  name: 'Valideringsfel',
  play: async ({ canvas, args, userEvent }) => {
    const group = await recipients(canvas);
    await waitFor(() => expect(within(group).getAllByRole('radio').length).toBeGreaterThan(0));
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(group).toHaveAccessibleDescription(
      'Välj en användare innan du skickar ett meddelande.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Meddelande' })).toHaveAccessibleDescription(
      'Du måste skriva ett meddelande eller bifoga en fil.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Meddelande' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(within(group).getAllByRole('radio')[0]).toHaveFocus();

    // Choosing someone clears the first message; text is still missing.
    await userEvent.click(within(group).getByRole('radio', { name: 'Karin Svensson Klient' }));
    await expect(
      canvas.queryByText('Välj en användare innan du skickar ett meddelande.'),
    ).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(
      canvas.getByText('Du måste skriva ett meddelande eller bifoga en fil.'),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Meddelande' })).toHaveFocus();
    await expect(args.onCreated).not.toHaveBeenCalled();

    // A file alone is enough.
    const input = canvas.getByTestId('file-input');
    await userEvent.upload(input, new File(['x'], 'Remiss.pdf', { type: 'application/pdf' }));
    await expect(
      canvas.queryByText('Du måste skriva ett meddelande eller bifoga en fil.'),
    ).toBeNull();
  },
};

export const KonversationFinns: Story = {
  name: 'Konversationen finns redan',
  play: async ({ canvas, args, userEvent }) => {
    const group = await recipients(canvas);
    await userEvent.click(
      await within(group).findByRole('radio', { name: 'Anna Lindqvist Klient' }),
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Meddelande' }), 'Hej Anna!');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Du har redan en konversation med Anna Lindqvist');
    await userEvent.click(
      await within(alert).findByRole('button', { name: 'Öppna konversationen' }),
    );
    await expect(args.onOpenConversation).toHaveBeenCalledWith(1);
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** On a short screen the answer below 'Skicka' is scrolled into the panel's view. */
export const KonversationFinnsKortSkarm: Story = {
  name: 'Konversationen finns redan, kort skärm',
  decorators: [
    (Story) => (
      <div data-testid="kort-panel" style={{ height: 320, overflowY: 'auto' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const group = await recipients(canvas);
    await userEvent.click(
      await within(group).findByRole('radio', { name: 'Anna Lindqvist Klient' }),
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Meddelande' }), 'Hej Anna!');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Du har redan en konversation med Anna Lindqvist');
    const panel = canvas.getByTestId('kort-panel');
    await waitFor(() => {
      const box = alert.getBoundingClientRect();
      const view = panel.getBoundingClientRect();
      expect(box.top).toBeGreaterThanOrEqual(view.top);
      expect(box.bottom).toBeLessThanOrEqual(view.bottom);
    });
  },
};

/** The scenario answers 409 'Conversation already exists' whoever is chosen. */
export const KonversationFinnsScenario: Story = {
  name: 'Konversationen finns redan (scenario)',
  parameters: { msw: messagingMsw(...messagingScenarios.conversationExists) },
  play: async ({ canvas, userEvent }) => {
    const group = await recipients(canvas);
    await userEvent.click(await within(group).findByRole('radio', { name: 'Elin Öberg Klient' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Meddelande' }), 'Hej!');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Du har redan en konversation med Elin Öberg',
    );
  },
};

export const Forvald: Story = {
  name: 'Förvald användare',
  args: { initialUser: { id: 6, fullName: 'Karin Svensson' } },
  play: async ({ canvas }) => {
    const group = await recipients(canvas);
    await expect(group).toHaveTextContent('Till: Karin Svensson');
    await expect(
      await within(group).findByRole('radio', { name: 'Karin Svensson Klient' }),
    ).toBeChecked();
  },
};

export const Skapad: Story = {
  name: 'Konversation skapas',
  args: { initialUser: { id: 6, fullName: 'Karin Svensson' } },
  play: async ({ canvas, args, userEvent }) => {
    await recipients(canvas);
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Meddelande' }),
      'Hej Karin! Välkommen till Hälsoportalen.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await waitFor(() =>
      expect(args.onCreated).toHaveBeenCalledWith(
        expect.objectContaining({
          partner: expect.objectContaining({ id: 6, fullName: 'Karin Svensson' }),
        }),
      ),
    );
    const created = mockState.conversations.find((c) => c.userIds.includes(6));
    await expect(created?.messages[0]?.content).toBe('Hej Karin! Välkommen till Hälsoportalen.');
  },
};

/** The clientMessageId of every create, in order. */
const createKeys: (string | null)[] = [];

/** Records each create's key; the first one fails, after `storing` it (a lost answer) or not. */
const failFirstCreate = (storing: boolean) =>
  answer('createConversation', async ({ request }) => {
    const key = (await request.clone().formData()).get('clientMessageId');
    createKeys.push(typeof key === 'string' ? key : null);
    if (createKeys.length > 1) return undefined;
    if (storing) await getResponse(messagingHandlers, request.clone());
    return errorResponse(500);
  });

const withKarin = () => mockState.conversations.filter((c) => c.userIds.includes(6));

/**
 * The first create went through but its answer was lost. 'Skicka' again sends the same
 * clientMessageId, so the server answers the conversation it made instead of 'Conversation
 * already exists', and it opens.
 */
export const SkapadForsokIgen: Story = {
  name: 'Svaret försvann, skicka igen',
  args: { initialUser: { id: 6, fullName: 'Karin Svensson' } },
  parameters: { msw: messagingMsw(failFirstCreate(true)) },
  beforeEach: () => {
    createKeys.length = 0;
  },
  play: async ({ canvas, args, userEvent }) => {
    await recipients(canvas);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Meddelande' }), 'Hej Karin!');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(withKarin()).toHaveLength(1);
    await expect(args.onCreated).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await waitFor(() =>
      expect(args.onCreated).toHaveBeenCalledWith(
        expect.objectContaining({ conversationId: withKarin()[0]?.conversationId }),
      ),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(createKeys).toHaveLength(2);
    await expect(createKeys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    await expect(createKeys[1]).toBe(createKeys[0]);
    await expect(withKarin()).toHaveLength(1);
    await expect(withKarin()[0]?.messages).toHaveLength(1);
  },
};

/** A changed draft after a failure is a new message: it gets a new clientMessageId. */
export const AndratUtkast: Story = {
  name: 'Ändrad text efter fel får ny nyckel',
  args: { initialUser: { id: 6, fullName: 'Karin Svensson' } },
  parameters: { msw: messagingMsw(failFirstCreate(false)) },
  beforeEach: () => {
    createKeys.length = 0;
  },
  play: async ({ canvas, args, userEvent }) => {
    await recipients(canvas);
    const field = canvas.getByRole('textbox', { name: 'Meddelande' });
    await userEvent.type(field, 'Hej Karin!');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(withKarin()).toHaveLength(0);

    await userEvent.type(field, ' Välkommen.');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledOnce());
    await expect(createKeys).toHaveLength(2);
    await expect(createKeys[1]).not.toBe(createKeys[0]);
    await expect(withKarin()[0]?.messages[0]?.content).toBe('Hej Karin! Välkommen.');
    await expect(withKarin()[0]?.messages[0]?.clientMessageId).toBe(createKeys[1]);
  },
};
