import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { authScenarios, clientScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { AppointmentsScreen, CHOOSE_CLIENT_HINT, NO_EARLIER } from './appointments';

// Staff narrow /appointments to one client (issue 13): searched as they type, or opened from the
// client's page with ?klient=ID. The mocks' clients: Anna Lindqvist (3) has two upcoming and one
// past meeting, Lars Nilsson (4) one cancelled upcoming, Sofia Andersson (5) none.
const now = () => new Date('2026-11-21T10:00:00.000Z');

const meta = {
  title: 'Bokningar/Bokningar – en klient',
  component: AppointmentsScreen,
  args: { now },
  parameters: {
    route: { path: '/appointments', url: '/appointments' },
    ...mocks(authScenarios.asStaff),
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

/** Opened from Anna's page: only her meetings, and the booking form has her chosen. */
export const FiltreradFranKlientsida: Story = {
  name: 'Filtrerad från klientsidan',
  parameters: { route: { path: '/appointments', url: '/appointments?klient=3' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Visar möten med Anna Lindqvist.')).toBeVisible();
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    const upcoming = listUnder(canvasElement, 'Kommande möten');
    await expect(upcoming).toHaveLength(2);
    for (const item of upcoming) await expect(item).toHaveTextContent('Klient: Anna Lindqvist');
    await expect(listUnder(canvasElement, 'Tidigare möten')).toHaveLength(1);
    await expect(canvas.queryByText('Klient: Lars Nilsson')).toBeNull();
    const form = await canvas.findByRole('form', { name: 'Boka möte' });
    await expect(await within(form).findByText('Klient: Anna Lindqvist')).toBeVisible();
    await expect(form).toHaveAccessibleDescription('Klient: Anna Lindqvist');
  },
};

/** Search as you type, pick Lars: only his meeting; 'Visa alla klienters möten' undoes it. */
export const SokOchValjKlient: Story = {
  name: 'Sök och välj klient',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    await expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(3);
    await userEvent.type(canvas.getByLabelText('Sök klient'), 'nils');
    const hits = await canvas.findByRole('list', { name: 'Sökträffar' });
    const buttons = within(hits).getAllByRole('button');
    await expect(buttons).toHaveLength(1);
    await expect(buttons[0]).toHaveTextContent('Lars Nilsson 19720930-5519');
    await userEvent.click(buttons[0]!);
    await expect(await canvas.findByText('Visar möten med Lars Nilsson.')).toBeVisible();
    await waitFor(() => expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(1));
    await expect(listUnder(canvasElement, 'Kommande möten')[0]).toHaveTextContent(
      'Klient: Lars Nilsson',
    );
    await expect(canvas.getByText(NO_EARLIER)).toBeVisible();
    const form = await canvas.findByRole('form', { name: 'Boka möte' });
    await expect(await within(form).findByText('Klient: Lars Nilsson')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Visa alla klienters möten' }));
    await waitFor(() => expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(3));
    await expect(canvas.getByLabelText('Sök klient')).toHaveValue('');
    await expect(canvas.getByText(CHOOSE_CLIENT_HINT)).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Boka möte' })).toBeNull();
  },
};

/** A client with no meetings: the empty state says so and points at the booking form. */
export const FiltreradUtanMoten: Story = {
  name: 'Filtrerad utan möten',
  parameters: { route: { path: '/appointments', url: '/appointments?klient=5' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Visar möten med Sofia Andersson.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Inga bokningar' })).toBeVisible();
    await expect(
      canvas.getByText('Den valda klienten har inga bokade möten. Boka ett i formuläret ovan.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Kommande möten' })).toBeNull();
  },
};

/** A search nobody matches. */
export const SokningUtanTraff: Story = {
  name: 'Sökning utan träff',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Sök klient'), 'Zzyzx');
    await expect(await canvas.findByText('Ingen klient matchar sökningen.')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Sökträffar' })).toBeNull();
  },
};

/** The register cannot be searched: said in Swedish, the list stays. */
export const SokningMisslyckas: Story = {
  name: 'Sökningen misslyckas',
  parameters: mocks(authScenarios.asStaff, clientScenarios.error()),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    await userEvent.type(canvas.getByLabelText('Sök klient'), 'Anna');
    await expect(await canvas.findByText('Kunde inte söka bland klienterna.')).toBeVisible();
    await expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(3);
  },
};

/** An id that is no client: said so, with the way back to every client's meetings. */
export const OkandKlient: Story = {
  name: 'Okänd klient',
  parameters: {
    route: { path: '/appointments', url: '/appointments?klient=999' },
    ...mocks(authScenarios.asStaff, clientScenarios.clientNotFound),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Klienten hittades inte.')).toBeVisible();
    await expect(canvas.getByText(CHOOSE_CLIENT_HINT)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Boka' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Visa alla klienters möten' }));
    await expect(await canvas.findByLabelText('Sök klient')).toBeVisible();
  },
};

/** A client given someone else's ?klient= still sees only her own meetings, and no filter. */
export const KlientUtanFilter: Story = {
  name: 'Klient utan filter',
  parameters: {
    route: { path: '/appointments', url: '/appointments?klient=4' },
    ...mocks(authScenarios.asUser),
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 2, name: 'Kommande möten' });
    await expect(listUnder(canvasElement, 'Kommande möten')).toHaveLength(2);
    await expect(listUnder(canvasElement, 'Tidigare möten')).toHaveLength(1);
    await expect(canvas.queryByLabelText('Sök klient')).toBeNull();
    await expect(canvas.queryByText(/^Visar möten med/)).toBeNull();
  },
};
