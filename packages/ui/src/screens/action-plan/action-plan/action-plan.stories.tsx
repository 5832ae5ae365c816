import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { FileEntry } from '@halsa/api';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { actionPlanScenarios, authScenarios, mockState } from '@halsa/api/mocks';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { mocks } from '../../../testing';
import { ActionPlanScreen } from './action-plan';

const meta = {
  title: 'Handlingsplan/Min handlingsplan',
  component: ActionPlanScreen,
  parameters: {
    route: { path: '/action-plan', url: '/action-plan' },
    ...mocks(authScenarios.asUser),
  },
} satisfies Meta<typeof ActionPlanScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The current plan opened in the page; the earlier version listed with its date. */
export const Aktuell: Story = {
  name: 'Aktuell',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Aktuell handlingsplan' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Handlingsplan_2026-11-18.pdf · uppladdad 18 november 2026'),
    ).toBeVisible();
    const frame = await canvas.findByTitle('Handlingsplan: Handlingsplan_2026-11-18.pdf');
    await expect(frame.getAttribute('src')).toMatch(/^blob:/);
    const earlier = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(earlier).toHaveLength(1);
    await expect(earlier[0]).toHaveTextContent('Handlingsplan_2026-09-02.pdf');
    await expect(earlier[0]).toHaveTextContent('uppladdad 2 september 2026');
    await expect(
      canvas.getByRole('button', { name: 'Ladda ner Handlingsplan_2026-09-02.pdf' }),
    ).toBeEnabled();
  },
};

/** A download of an earlier version. */
export const LaddaNer: Story = {
  name: 'Ladda ner',
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', {
      name: 'Ladda ner Handlingsplan_2026-09-02.pdf',
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Only one plan: no earlier versions. */
export const EnVersion: Story = {
  name: 'En version',
  beforeEach: () => {
    mockState.actionPlans[3] = [
      { fileName: 'Handlingsplan_2026-11-18.pdf', timestamp: '2026-11-18T13:40:00.000Z' },
    ];
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga tidigare versioner.')).toBeVisible();
  },
};

const many = (): FileEntry[] =>
  Array.from({ length: 15 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10 - i, 10)).toISOString().slice(0, 10);
    return { fileName: `Handlingsplan_${day}.pdf`, timestamp: `${day}T10:00:00.000Z` };
  });

/** Many versions: the newest opened, fourteen listed newest first. */
export const MangaVersioner: Story = {
  name: 'Många versioner',
  beforeEach: () => {
    mockState.actionPlans[3] = many();
  },
  play: async ({ canvas }) => {
    await canvas.findByTitle('Handlingsplan: Handlingsplan_2026-11-10.pdf');
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(14);
    await expect(items[0]).toHaveTextContent('Handlingsplan_2026-10-10.pdf');
    await expect(items[13]).toHaveTextContent('Handlingsplan_2025-09-10.pdf');
  },
};

/** The plan cannot be opened: a Swedish message, the download is still there. */
export const KanInteOppnas: Story = {
  name: 'Kan inte öppnas',
  parameters: mocks(authScenarios.asUser, [
    answer('downloadActionPlan', () => new Response(null, { status: 500 })),
  ]),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte öppna handlingsplanen');
    await expect(alert).toHaveTextContent('Kunde inte ladda ner filen');
    await expect(
      canvas.getByRole('button', { name: 'Ladda ner Handlingsplan_2026-11-18.pdf' }),
    ).toBeEnabled();
  },
};

export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(authScenarios.asUser, actionPlanScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ingen handlingsplan ännu')).toBeVisible();
    await expect(
      canvas.getByText('När mottagningen har laddat upp din handlingsplan visas den här.'),
    ).toBeVisible();
  },
};

export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(authScenarios.asUser, actionPlanScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte hämta handlingsplan',
    );
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(authScenarios.asUser, actionPlanScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar handlingsplan…')).toBeInTheDocument();
  },
};

const live = new FakeLiveClient();

/** An ACTION_PLAN notice arriving live opens the new plan; the old one moves to the list. */
export const NyPlanIRealtid: Story = {
  name: 'Ny plan i realtid',
  decorators: [
    (Story) => (
      <FakeLiveProvider live={live}>
        <Story />
      </FakeLiveProvider>
    ),
  ],
  play: async ({ canvas }) => {
    await canvas.findByTitle('Handlingsplan: Handlingsplan_2026-11-18.pdf');
    mockState.actionPlans[3] = [
      { fileName: 'Handlingsplan_2026-11-21.pdf', timestamp: '2026-11-21T09:00:00.000Z' },
      ...(mockState.actionPlans[3] ?? []),
    ];
    live.emit(LiveDestinations.notifications, {
      id: 403,
      status: 'UNREAD',
      type: 'ACTION_PLAN',
      message: 'Din handlingsplan har uppdaterats.',
      timestamp: '2026-11-21T09:00:00.000Z',
    });
    await expect(
      await canvas.findByTitle('Handlingsplan: Handlingsplan_2026-11-21.pdf'),
    ).toBeInTheDocument();
    const earlier = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(earlier[0]).toHaveTextContent('Handlingsplan_2026-11-18.pdf');
  },
};
