import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { sleepTips, type HealthTip } from '../daily-tip/tips';
import { Widget, WIDGET_CLEARANCE } from './widget';
import { openConversation, startConversation, OPEN_CONVERSATION_EVENT } from '@halsa/api';
import type { WidgetIntent } from './widget-events';

const tip = sleepTips[0] as HealthTip;

const meta = {
  title: 'Skal/Meddelandewidget',
  component: Widget,
  args: { user: sessionUsers.user, dailyTip: tip },
} satisfies Meta<typeof Widget>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KlientHem: Story = {
  name: 'Klient: Hem',
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
    const toggle = canvas.getByRole('button', { name: 'Öppna meddelanden' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);

    const panel = canvas.getByRole('dialog', { name: 'Meddelanden' });
    await expect(panel).toBeVisible();
    await waitFor(() => expect(panel).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Stäng meddelanden' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(within(panel).getByRole('tab', { name: 'Hem' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const home = within(panel).getByRole('tabpanel', { name: 'Hem' });
    await expect(within(home).getByRole('heading', { name: 'Välkommen Anna' })).toBeVisible();
    await expect(within(home).getByText('Hur kan vi hjälpa?')).toBeVisible();
    await expect(within(home).getByRole('region', { name: 'Dagens hälsotips' })).toBeVisible();
    await expect(within(home).getByText(tip.text)).toBeVisible();
    await expect(within(home).queryByText(/Nya användare/)).toBeNull();
  },
};

export const PersonalHem: Story = {
  name: 'Personal: Hem',
  args: { user: sessionUsers.staff, defaultOpen: true },
  play: async ({ canvas }) => {
    const home = canvas.getByRole('tabpanel', { name: 'Hem' });
    await expect(within(home).getByRole('heading', { name: 'Välkommen Erik' })).toBeVisible();
    await expect(within(home).queryByRole('region', { name: 'Dagens hälsotips' })).toBeNull();
    await expect(within(home).queryByText(/Nya användare/)).toBeNull();
  },
};

export const AdminHem: Story = {
  name: 'Administratör: Hem med nya användare',
  args: {
    user: sessionUsers.admin,
    defaultOpen: true,
    userStats: { stats: { weekly: 3, monthly: 12, yearly: 140 } },
  },
  play: async ({ canvas }) => {
    const home = canvas.getByRole('tabpanel', { name: 'Hem' });
    await expect(within(home).getByRole('heading', { name: 'Välkommen Maria' })).toBeVisible();
    await expect(within(home).getByTestId('new-user-counts')).toHaveTextContent(
      'Nya användare: Vecka 3, Månad 12, År 140',
    );
    await expect(within(home).getByRole('region', { name: 'Dagens hälsotips' })).toBeVisible();
  },
};

export const AdminStoraTal: Story = {
  name: 'Administratör: stora tal',
  args: {
    user: sessionUsers.admin,
    defaultOpen: true,
    userStats: { stats: { weekly: 48, monthly: 212, yearly: 12345 } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('new-user-counts').textContent?.replace(/\s/g, ' ')).toBe(
      'Nya användare: Vecka 48, Månad 212, År 12 345',
    );
  },
};

export const AdminStatistikLaddar: Story = {
  name: 'Administratör: statistiken laddas',
  args: { user: sessionUsers.admin, defaultOpen: true, userStats: { isLoading: true } },
  play: async ({ canvas }) => {
    await expect(
      within(canvas.getByTestId('new-user-counts')).getByRole('status'),
    ).toHaveTextContent('Hämtar antal nya användare…');
  },
};

export const AdminStatistikFel: Story = {
  name: 'Administratör: statistiken kunde inte hämtas',
  args: {
    user: sessionUsers.admin,
    defaultOpen: true,
    userStats: { error: { message: 'Kunde inte hämta användarstatistik' } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('new-user-counts')).toHaveTextContent(
      'Kunde inte hämta användarstatistik',
    );
  },
};

export const MeddelandeLaddas: Story = {
  name: 'Meddelande: innehållet laddas',
  args: { defaultOpen: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Meddelande' }));
    const messages = canvas.getByRole('tabpanel', { name: 'Meddelande' });
    await expect(within(messages).getByRole('status')).toHaveTextContent('Meddelanden laddas…');
    await userEvent.click(canvas.getByRole('tab', { name: 'Hem' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Till meddelanden' }));
    await expect(canvas.getByRole('tab', { name: 'Meddelande' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const MeddelandeMedInnehall: Story = {
  name: 'Meddelande: med innehåll',
  args: {
    defaultOpen: true,
    defaultTab: 'meddelande',
    messagesTab: <h3 className="font-semibold">Senaste konversationer</h3>,
  },
  play: async ({ canvas }) => {
    const messages = canvas.getByRole('tabpanel', { name: 'Meddelande' });
    await expect(
      within(messages).getByRole('heading', { name: 'Senaste konversationer' }),
    ).toBeVisible();
  },
};

export const Stang: Story = {
  name: 'Stäng med Escape och knapp',
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Öppna meddelanden' });
    await userEvent.click(toggle);
    const panel = canvas.getByRole('dialog', { name: 'Meddelanden' });
    await waitFor(() => expect(panel).toHaveFocus());
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAccessibleName('Öppna meddelanden');

    await userEvent.click(toggle);
    await userEvent.click(
      within(canvas.getByRole('dialog', { name: 'Meddelanden' })).getByRole('button', {
        name: 'Stäng',
      }),
    );
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(canvas.getByRole('button', { name: 'Stäng meddelanden' }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

const intentTab = {
  messagesTab: (intent: WidgetIntent | null) =>
    intent === null ? (
      <p>Senaste konversationer</p>
    ) : intent.type === 'open-conversation' ? (
      <p>Konversation {intent.conversationId}</p>
    ) : (
      <p>Ny konversation med {intent.fullName}</p>
    ),
};

export const OppnaKonversation: Story = {
  name: 'Händelse: öppna konversation',
  args: intentTab,
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('dialog')).toBeNull();
    openConversation(7);
    const panel = await canvas.findByRole('dialog', { name: 'Meddelanden' });
    await expect(within(panel).getByRole('tab', { name: 'Meddelande' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(panel).getByText('Konversation 7')).toBeVisible();
    await waitFor(() => expect(panel).toHaveFocus());
    openConversation(9);
    await expect(await within(panel).findByText('Konversation 9')).toBeVisible();
  },
};

export const StartaKonversation: Story = {
  name: 'Händelse: starta konversation',
  args: { ...intentTab, defaultOpen: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Hem' })).toHaveAttribute('aria-selected', 'true');
    startConversation(3, 'Anna Lindqvist');
    await expect(await canvas.findByText('Ny konversation med Anna Lindqvist')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Meddelande' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const OgiltigHandelse: Story = {
  name: 'Händelse utan giltiga uppgifter',
  args: intentTab,
  play: async ({ canvas }) => {
    window.dispatchEvent(
      new CustomEvent(OPEN_CONVERSATION_EVENT, { detail: { conversationId: 'x' } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { user: sessionUsers.admin, userStats: { stats: { weekly: 3, monthly: 12, yearly: 140 } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Öppna meddelanden' }));
    const panel = canvas.getByRole('dialog', { name: 'Meddelanden' });
    const rect = panel.getBoundingClientRect();
    await expect(rect.left).toBeGreaterThanOrEqual(0);
    await expect(rect.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(rect.top).toBeGreaterThanOrEqual(0);
    const button = canvas.getByRole('button', { name: 'Stäng meddelanden' });
    await expect(rect.bottom).toBeLessThanOrEqual(button.getBoundingClientRect().top);
  },
};

/** Design §2: the floating button never hides the focused element. */
export const FokusDoljsInte: Story = {
  name: 'Fokus hamnar aldrig under knappen',
  render: (args) => (
    <>
      <main className="space-y-6 p-4" style={{ paddingBottom: WIDGET_CLEARANCE }}>
        {Array.from({ length: 30 }, (_, i) => (
          <p key={i}>
            <a href={`#stycke-${i + 1}`} className="inline-block w-full text-right">
              Stycke {i + 1}
            </a>
          </p>
        ))}
      </main>
      <Widget {...args} />
    </>
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(document.documentElement.style.scrollPaddingBottom).toBe(WIDGET_CLEARANCE);
    const button = canvas.getByRole('button', { name: 'Öppna meddelanden' });
    const buttonTop = () => button.getBoundingClientRect().top;
    for (const n of [12, 20, 30]) {
      const link = canvas.getByRole('link', { name: `Stycke ${n}` });
      link.focus();
      await expect(link.getBoundingClientRect().bottom).toBeLessThanOrEqual(buttonTop());
    }
    // And with the keyboard, from the top down.
    window.scrollTo(0, 0);
    canvas.getByRole('link', { name: 'Stycke 1' }).focus();
    for (let i = 0; i < 18; i += 1) await userEvent.tab();
    const focused = document.activeElement as HTMLElement;
    await expect(focused).toHaveAccessibleName('Stycke 19');
    await expect(focused.getBoundingClientRect().bottom).toBeLessThanOrEqual(buttonTop());
  },
};

/** Unread messages: a badge on the closed button, and the count in its name like the bell's. */
export const OlastaMeddelanden: Story = {
  name: 'Olästa meddelanden',
  args: { unreadMessages: 1 },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Öppna meddelanden, 1 oläst' });
    await expect(canvas.getByTestId('widget-badge')).toHaveAttribute('data-count', '1');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAccessibleName('Stäng meddelanden');
    await expect(canvas.queryByTestId('widget-badge')).toBeNull();
  },
};

export const MangaOlastaMeddelanden: Story = {
  name: 'Många olästa meddelanden',
  args: { unreadMessages: 1234 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: /^Öppna meddelanden, 1\s234 olästa$/ }),
    ).toBeVisible();
    await expect(canvas.getByTestId('widget-badge')).toHaveAttribute('data-count', '99+');
  },
};
