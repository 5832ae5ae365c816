import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { OPEN_CONVERSATION_EVENT, START_CONVERSATION_EVENT } from '@halsa/api';
import { appointmentScenarios, authScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { AppointmentsScreen, CHOOSE_CLIENT_HINT } from './appointments';
import { pickClient } from './story-setup';

// The mocks' "now" (MOCK_NOW), so upcoming and past stay where the fixtures put them.
const now = () => new Date('2026-11-21T10:00:00.000Z');

const meta = {
  title: 'Bokningar/Bokningar',
  component: AppointmentsScreen,
  args: { now },
  parameters: {
    route: { path: '/appointments', url: '/appointments' },
    ...mocks(authScenarios.asUser),
  },
} satisfies Meta<typeof AppointmentsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const listUnder = (canvas: HTMLElement, heading: string) => {
  const section = within(canvas)
    .getByRole('heading', { level: 2, name: heading })
    .closest('section');
  if (!section) throw new Error(`no section ${heading}`);
  return within(section).queryAllByRole('listitem');
};

/** The client: two upcoming meetings (one by video), one past; each can go to her calendar. */
export const KlientKommandeOchTidigare: Story = {
  name: 'Klient – kommande och tidigare',
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' }),
    ).toBeVisible();
    const upcoming = listUnder(canvasElement, 'Kommande möten');
    await expect(upcoming).toHaveLength(2);
    await expect(upcoming[0]).toHaveTextContent('26 november 2026');
    await expect(upcoming[0]).toHaveTextContent('45 min');
    await expect(upcoming[0]).toHaveTextContent('Med Erik Johansson');
    await expect(upcoming[0]).toHaveTextContent('Plats: Mottagningen, Storgatan 1, rum 3');
    await expect(
      within(upcoming[1]!).getByRole('link', { name: 'Öppna videomötet' }),
    ).toHaveAttribute('href', 'https://video.example.se/m/502');
    const past = listUnder(canvasElement, 'Tidigare möten');
    await expect(past).toHaveLength(1);
    await expect(past[0]).toHaveTextContent('10 november 2026');
    await expect(canvas.getAllByRole('button', { name: 'Lägg till i kalendern' })).toHaveLength(3);
    await expect(canvas.queryByRole('heading', { name: 'Boka möte' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Avboka' })).toBeNull();
  },
};

/**
 * Whom she contacts to move a meeting (issue 35): each upcoming one names its coach, and
 * 'Skicka meddelande' opens the widget on their conversation (or a new one); past ones do not.
 */
export const KlientVetVemHonKontaktar: Story = {
  name: 'Klienten ser vem hon kontaktar för att flytta ett möte',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const upcoming = listUnder(canvasElement, 'Kommande möten');
    await expect(upcoming[0]).toHaveTextContent(
      'Behöver du flytta eller avboka mötet? Skriv till Erik Johansson.',
    );
    await expect(upcoming[1]).toHaveTextContent(
      'Behöver du flytta eller avboka mötet? Skriv till Maria Berg.',
    );
    await expect(listUnder(canvasElement, 'Tidigare möten')[0]).not.toHaveTextContent(
      'Behöver du flytta',
    );
    const asked: unknown[] = [];
    const listen = (e: Event) => asked.push((e as CustomEvent<unknown>).detail);
    window.addEventListener(OPEN_CONVERSATION_EVENT, listen);
    window.addEventListener(START_CONVERSATION_EVENT, listen);
    try {
      const write = within(upcoming[0]!).getByRole('button', {
        name: 'Skicka meddelande till Erik Johansson',
      });
      await waitFor(() => expect(write).toBeEnabled());
      await userEvent.click(write);
      await waitFor(() => expect(asked).toHaveLength(1));
      // The fixtures' conversation 2 is hers (user 3) with Erik Johansson (user 2).
      await expect(asked[0]).toEqual({ conversationId: 2 });
    } finally {
      window.removeEventListener(OPEN_CONVERSATION_EVENT, listen);
      window.removeEventListener(START_CONVERSATION_EVENT, listen);
    }
  },
};

/** No meetings at all. */
export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(authScenarios.asUser, appointmentScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga bokningar')).toBeVisible();
    await expect(
      canvas.getByText('När mottagningen bokar ett möte med dig visas det här.'),
    ).toBeVisible();
  },
};

/** The list cannot be fetched: the call's Swedish fallback. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(authScenarios.asUser, appointmentScenarios.error()),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta bokningar');
  },
};

/** Waiting for the list. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(authScenarios.asUser, appointmentScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar bokningar…')).toBeInTheDocument();
  },
};

/** A cancelled meeting is shown as such, without the calendar button. */
export const Avbokad: Story = {
  name: 'Avbokad',
  beforeEach: () => {
    const first = mockState.appointments.find((a) => a.id === 501);
    if (first) first.status = 'CANCELLED';
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const upcoming = listUnder(canvasElement, 'Kommande möten');
    await expect(upcoming[0]).toHaveTextContent('Avbokad');
    await expect(within(upcoming[0]!).queryByRole('button')).toBeNull();
  },
};

/** Staff: the booking form and every client's meetings, each with 'Avboka'. */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Boka möte' })).toBeVisible();
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const upcoming = listUnder(canvasElement, 'Kommande möten');
    await expect(upcoming).toHaveLength(3);
    await expect(upcoming[0]).toHaveTextContent('Klient: Anna Lindqvist');
    await expect(upcoming[1]).toHaveTextContent('Klient: Lars Nilsson');
    await expect(upcoming[1]).toHaveTextContent('Avbokad');
  },
};

/** Staff with no client chosen: the booking form says, in Swedish, how to choose one. */
export const PersonalUtanValdKlient: Story = {
  name: 'Personal utan vald klient',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 2, name: 'Boka möte' });
    const booking = within(heading.closest('section')!);
    await expect(booking.getByText(CHOOSE_CLIENT_HINT)).toBeVisible();
    await expect(booking.queryByRole('form')).toBeNull();
    await expect(booking.queryByRole('button', { name: 'Boka' })).toBeNull();
    await expect(booking.queryByLabelText('Datum')).toBeNull();
    await expect(canvas.getByLabelText('Sök klient')).toBeVisible();
  },
};

/** Staff pick Lars through the search and book a meeting: it is listed under his upcoming. */
export const PersonalBokar: Story = {
  name: 'Personal bokar',
  parameters: mocks(authScenarios.asStaff),
  play: async (context) => {
    const { canvas, canvasElement, userEvent } = context;
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const form = await pickClient(context, 'nils', 'Lars Nilsson');
    await waitFor(() => expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(1));
    await userEvent.type(form.getByLabelText('Datum'), '2026-12-01');
    await userEvent.type(form.getByLabelText('Tid'), '10:15');
    await userEvent.type(form.getByLabelText('Plats'), 'Rum 2');
    await userEvent.click(form.getByRole('button', { name: 'Boka' }));
    await expect(await canvas.findByText('Mötet är bokat.')).toBeVisible();
    await waitFor(() => expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(2));
    const booked = listUnder(canvasElement, 'Kommande möten').find((li) =>
      li.textContent?.includes('Plats: Rum 2'),
    );
    await expect(booked).toHaveTextContent('Klient: Lars Nilsson');
    await expect(booked).toHaveTextContent('1 december 2026');
  },
};

/** Validation in Swedish: no client (the hint), no time, a start in the past, a bad link. */
export const PersonalValidering: Story = {
  name: 'Personal – validering',
  parameters: mocks(authScenarios.asStaff),
  play: async (context) => {
    const { canvas, userEvent } = context;
    await expect(await canvas.findByText(CHOOSE_CLIENT_HINT)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Boka' })).toBeNull();
    const form = await pickClient(context, 'nils', 'Lars Nilsson');
    await expect(canvas.queryByText(CHOOSE_CLIENT_HINT)).toBeNull();
    const boka = form.getByRole('button', { name: 'Boka' });
    await userEvent.click(boka);
    await expect(await form.findByText('Ange datum och tid.')).toBeVisible();
    await userEvent.type(form.getByLabelText('Datum'), '2026-01-01');
    await userEvent.type(form.getByLabelText('Tid'), '10:00');
    await userEvent.type(form.getByLabelText('Plats'), 'Rum 2');
    await userEvent.click(boka);
    await expect(await canvas.findByText('Mötet kan inte börja i det förflutna.')).toBeVisible();
    await userEvent.clear(form.getByLabelText('Datum'));
    await userEvent.type(form.getByLabelText('Datum'), '2026-12-01');
    await userEvent.type(form.getByLabelText('Videolänk'), 'javascript:alert(1)');
    await userEvent.click(boka);
    await expect(
      await canvas.findByText('Videolänken måste börja med http:// eller https://.'),
    ).toBeVisible();
  },
};

/** Staff cancel a meeting: it is marked 'Avbokad'. */
export const PersonalAvbokar: Story = {
  name: 'Personal avbokar',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const first = listUnder(canvasElement, 'Kommande möten')[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Avboka' }));
    await waitFor(() =>
      expect(listUnder(canvasElement, 'Kommande möten')[0]).toHaveTextContent('Avbokad'),
    );
  },
};

/** Staff move a meeting: the new time is listed; a time in the past is refused in Swedish. */
export const PersonalFlyttar: Story = {
  name: 'Personal flyttar',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const first = listUnder(canvasElement, 'Kommande möten')[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Flytta' }));
    const form = within(first).getByRole('form', { name: 'Flytta mötet' });
    const date = within(form).getByLabelText('Nytt datum');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-01-05');
    await userEvent.click(within(form).getByRole('button', { name: 'Spara' }));
    await expect(
      await within(form).findByText('Mötet kan inte börja i det förflutna.'),
    ).toBeVisible();
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Spara' }));
    await waitFor(() =>
      expect(listUnder(canvasElement, 'Kommande möten')[2]).toHaveTextContent('20 december 2026'),
    );
    // The list keeps its items through the revalidation; the form closes once the move is saved
    // and the list fetched again, a moment after the list shows the new order.
    await waitFor(() => expect(canvas.queryByRole('form', { name: 'Flytta mötet' })).toBeNull());
  },
};

const live = new FakeLiveClient();

/** Staff book while the client's page is open: her APPOINTMENT notice brings it in live. */
export const NyBokningIRealtid: Story = {
  name: 'Ny bokning i realtid',
  decorators: [
    (Story) => (
      <FakeLiveProvider live={live}>
        <Story />
      </FakeLiveProvider>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    await expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(2);
    mockState.appointments.push({
      id: 600,
      clientId: 3,
      clientName: 'Anna Lindqvist',
      staffId: 2,
      staffName: 'Erik Johansson',
      startsAt: '2026-12-15T09:00:00.000Z',
      minutes: 30,
      place: 'Mottagningen, rum 5',
      videoLink: null,
      note: null,
      status: 'BOOKED',
    });
    live.emit(LiveDestinations.notifications, {
      id: 601,
      status: 'UNREAD',
      type: 'APPOINTMENT',
      message: 'Du har fått en ny bokning.',
      timestamp: '2026-11-21T10:00:00.000Z',
    });
    await waitFor(() => expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(3));
    await expect(listUnder(canvasElement, 'Kommande möten')[2]).toHaveTextContent(
      'Plats: Mottagningen, rum 5',
    );
  },
};
