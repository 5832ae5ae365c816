import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { appointmentScenarios, authScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { AppointmentsScreen } from './appointments';
import { NO_MORE_EARLIER, NO_MORE_LATER, SHOW_EARLIER, SHOW_LATER } from './meeting-pages';
import { pickClient } from './story-setup';

// A page at a time (issue 38): 'Kommande möten' and 'Tidigare möten' each show 20 meetings, and
// 'Visa fler kommande möten' / 'Visa tidigare möten' fetch the next 20 until no more come. The
// `earlier` scenario gives Anna Lindqvist (3) 25 monthly meetings before 10 November, `later`
// 25 weekly ones from 10 December.
const now = () => new Date('2026-11-21T10:00:00.000Z');

const meta = {
  title: 'Bokningar/Bokningar – sida för sida',
  component: AppointmentsScreen,
  args: { now },
  parameters: {
    route: { path: '/appointments', url: '/appointments' },
    ...mocks(authScenarios.asUser, appointmentScenarios.earlier),
  },
} satisfies Meta<typeof AppointmentsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const sectionOf = async (canvas: HTMLElement, heading: string) => {
  const title = await within(canvas).findByRole('heading', { level: 2, name: heading });
  const section = title.closest('section');
  if (!section) throw new Error(`no section ${heading}`);
  return within(section as HTMLElement);
};

/** 20 past meetings, newest first; the next click gives the last 6 and says there are no more. */
export const TidigareMotenSidaForSida: Story = {
  name: 'Klient – tidigare möten sida för sida',
  play: async ({ canvasElement, userEvent }) => {
    const past = await sectionOf(canvasElement, 'Tidigare möten');
    await expect(past.getAllByRole('listitem')).toHaveLength(20);
    const items = past.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('10 november 2026');
    await expect(items[1]).toHaveTextContent('14 oktober 2026');
    await expect(items[2]).toHaveTextContent('14 september 2026');
    await expect(items[1]).not.toHaveTextContent('Behöver du flytta');
    await userEvent.click(past.getByRole('button', { name: SHOW_EARLIER }));
    await expect(await past.findByText(NO_MORE_EARLIER)).toBeVisible();
    await expect(past.getAllByRole('listitem')).toHaveLength(26);
    await expect(past.getAllByRole('listitem').at(-1)).toHaveTextContent('14 oktober 2024');
    await expect(past.queryByRole('button', { name: SHOW_EARLIER })).toBeNull();
  },
};

/** More than 20 upcoming: the next page after the 20th, then no more. */
export const FlerKommandeMoten: Story = {
  name: 'Klient – fler kommande möten',
  parameters: mocks(authScenarios.asUser, appointmentScenarios.later),
  play: async ({ canvasElement, userEvent }) => {
    const upcoming = await sectionOf(canvasElement, 'Kommande möten');
    await expect(upcoming.getAllByRole('listitem')).toHaveLength(20);
    await expect(upcoming.getAllByRole('listitem')[0]).toHaveTextContent('26 november 2026');
    await userEvent.click(upcoming.getByRole('button', { name: SHOW_LATER }));
    await expect(await upcoming.findByText(NO_MORE_LATER)).toBeVisible();
    await expect(upcoming.getAllByRole('listitem')).toHaveLength(27);
    // Every upcoming one, on the later pages too, says whom to contact to move it.
    await expect(upcoming.getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Behöver du flytta eller avboka mötet? Skriv till Erik Johansson.',
    );
  },
};

/** A list shorter than a page has no button: nothing more to fetch. */
export const AllaPaEnSida: Story = {
  name: 'Klient – alla möten på en sida',
  parameters: mocks(authScenarios.asUser),
  play: async ({ canvas, canvasElement }) => {
    await sectionOf(canvasElement, 'Tidigare möten');
    await expect(canvas.queryByRole('button', { name: SHOW_EARLIER })).toBeNull();
    await expect(canvas.queryByRole('button', { name: SHOW_LATER })).toBeNull();
    await expect(canvas.queryByText(NO_MORE_EARLIER)).toBeNull();
  },
};

/** The next page fails: the meetings shown stay, the error says so and offers a retry. */
export const NastaSidaFel: Story = {
  name: 'Klient – nästa sida kunde inte hämtas',
  parameters: mocks(authScenarios.asUser, appointmentScenarios.earlierError),
  play: async ({ canvasElement, userEvent }) => {
    const past = await sectionOf(canvasElement, 'Tidigare möten');
    await userEvent.click(past.getByRole('button', { name: SHOW_EARLIER }));
    await expect(await past.findByText('Kunde inte hämta fler möten')).toBeVisible();
    await expect(past.getByRole('button', { name: 'Försök igen' })).toBeVisible();
    await expect(past.getAllByRole('listitem')).toHaveLength(20);
  },
};

/** Staff with no client chosen: every client's meetings, a page at a time, to cancel from. */
export const PersonalAllaKlienter: Story = {
  name: 'Personal – alla klienters möten sida för sida',
  parameters: mocks(authScenarios.asStaff, appointmentScenarios.earlier),
  play: async ({ canvasElement, userEvent }) => {
    const past = await sectionOf(canvasElement, 'Tidigare möten');
    await expect(past.getAllByRole('listitem')).toHaveLength(20);
    const items = past.getAllByRole('listitem');
    await expect(items[1]).toHaveTextContent('Klient: Anna Lindqvist');
    await expect(within(items[1]!).getByRole('button', { name: 'Avboka' })).toBeVisible();
    await userEvent.click(past.getByRole('button', { name: SHOW_EARLIER }));
    await expect(await past.findByText(NO_MORE_EARLIER)).toBeVisible();
    await expect(past.getAllByRole('listitem')).toHaveLength(26);
  },
};

/**
 * Staff book a meeting above an opened second page: the first page's last meeting moves down to
 * the second, whose cursor follows the page above as it is now, so none falls between the pages.
 * The list is read afresh after the booking (not through the section found before it), so a list
 * rebuilt at its first page by the booking's revalidation shows as 20 meetings, not as the
 * detached old section's 27.
 */
export const BokningOvanforOppnadSida: Story = {
  name: 'Personal – bokning ovanför en öppnad sida',
  parameters: mocks(authScenarios.asStaff, appointmentScenarios.later),
  play: async (context) => {
    const { canvas, canvasElement, userEvent } = context;
    const form = await pickClient(context, 'lind', 'Anna Lindqvist');
    const upcoming = async () => sectionOf(canvasElement, 'Kommande möten');
    const texts = async () =>
      (await upcoming()).getAllByRole('listitem').map((li) => li.textContent ?? '');
    await userEvent.click(await (await upcoming()).findByRole('button', { name: SHOW_LATER }));
    await expect(await (await upcoming()).findByText(NO_MORE_LATER)).toBeVisible();
    const before = await texts();
    await expect(before).toHaveLength(27);
    await userEvent.type(form.getByLabelText('Datum'), '2026-12-01');
    await userEvent.type(form.getByLabelText('Tid'), '10:15');
    await userEvent.type(form.getByLabelText('Plats'), 'Rum 2');
    await userEvent.click(form.getByRole('button', { name: 'Boka' }));
    await expect(await canvas.findByText('Mötet är bokat.')).toBeVisible();
    // Both pages stay open: 28 meetings, the second page's end still says there are no more.
    await waitFor(async () => expect(await texts()).toHaveLength(28), { timeout: 5000 });
    await expect((await upcoming()).getByText(NO_MORE_LATER)).toBeVisible();
    const after = await texts();
    // Every meeting shown before is shown still, once, and the new one in its place by time:
    // after 26 November, before 3 December.
    await expect(after.filter((text) => !text.includes('Plats: Rum 2'))).toEqual(before);
    const booked = after.findIndex((text) => text.includes('Plats: Rum 2'));
    await expect(after[booked]).toContain('1 december 2026');
    await expect(after[booked - 1]).toContain('26 november 2026');
    await expect(after[booked + 1]).toContain('3 december 2026');
  },
};
