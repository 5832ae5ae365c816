// 'Skicka enkät' (design §4.19, issue 36): on a client's page (STAFF in her care team, ADMIN)
// and to several clients at once; validation, the server's refusals, and who already had it.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { authScenarios, clientFixtures, formScenarios } from '@halsa/api/mocks';
import { questionnaireForm } from '@halsa/api/mocks/fixtures/questionnaires';
import { mockState } from '@halsa/api/mocks/state';
import { mocks } from '../../../testing';
import { SendQuestionnaire, SendQuestionnaires } from './send-questionnaire';

const anna = clientFixtures.find((c) => c.id === 3)!;
const lars = clientFixtures.find((c) => c.id === 4)!;
const sofia = clientFixtures.find((c) => c.id === 5)!;

const body = () => within(document.body);
const dialog = (name: string) => within(body().getByRole('dialog', { name }));

const meta = {
  title: 'Enkäter/Skicka enkät',
  component: SendQuestionnaire,
  args: { client: anna },
  // The published questionnaire is among the forms (the demo has it; the form fixtures do not).
  beforeEach: () => {
    mockState.forms.push(structuredClone(questionnaireForm));
  },
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/3/overview' } },
  decorators: [
    (Story) => (
      <main className="p-4">
        <h1 className="sr-only">Anna Lindqvist</h1>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof SendQuestionnaire>;
export default meta;
type Story = StoryObj<typeof meta>;

const open = async (
  canvas: ReturnType<typeof within>,
  userEvent: { click: (e: Element) => Promise<void> },
) => {
  await userEvent.click(await canvas.findByRole('button', { name: 'Skicka enkät' }));
  return dialog('Skicka enkät till Anna Lindqvist');
};

/** STAFF in her care team sends the questionnaire with a last day: a toast says so. */
export const Skickad: Story = {
  name: 'Skickad',
  parameters: mocks(authScenarios.asStaff),
  beforeEach: () => {
    mockState.questionnaires = mockState.questionnaires.filter((q) => q.clientId !== 3);
  },
  play: async ({ canvas, userEvent }) => {
    const d = await open(canvas, userEvent);
    await expect(
      d.getByText(
        'Klienten får en notis och ett mejl om att en enkät väntar. Mejlet innehåller inga hälsouppgifter.',
      ),
    ).toBeVisible();
    const select = d.getByRole('combobox', { name: 'Enkät' });
    await waitFor(() =>
      expect(
        within(select).getByRole('option', { name: 'Hälsodeklaration inför hälsokontroll' }),
      ).toBeInTheDocument(),
    );
    // A journal form is not a questionnaire: it is not offered.
    await expect(within(select).getAllByRole('option')).toHaveLength(2);
    await userEvent.selectOptions(select, 'Hälsodeklaration inför hälsokontroll');
    await userEvent.type(d.getByLabelText('Sista svarsdag (valfritt)'), '2030-01-15');
    await userEvent.click(d.getByRole('button', { name: 'Skicka enkät' }));
    await expect(
      await body().findByText(
        'Enkäten ”Hälsodeklaration inför hälsokontroll” skickades till Anna Lindqvist.',
      ),
    ).toBeVisible();
    const sent = mockState.questionnaires.find((q) => q.clientId === 3);
    await expect(sent?.dueDate).toBe('2030-01-15');
    await expect(body().queryByRole('dialog')).toBeNull();
  },
};

/** Nothing chosen and a past last day: Swedish messages, nothing sent. */
export const Validering: Story = {
  name: 'Validering',
  play: async ({ canvas, userEvent }) => {
    const d = await open(canvas, userEvent);
    const before = mockState.questionnaires.length;
    await userEvent.type(d.getByLabelText('Sista svarsdag (valfritt)'), '2020-01-15');
    await userEvent.click(d.getByRole('button', { name: 'Skicka enkät' }));
    await expect(await d.findByText('Välj en enkät.')).toBeVisible();
    await expect(d.getByText('Sista svarsdagen kan inte vara passerad.')).toBeVisible();
    await expect(mockState.questionnaires).toHaveLength(before);
  },
};

/** She already has it open: the server's message stays in the dialog. */
export const RedanOppen: Story = {
  name: 'Redan öppen',
  play: async ({ canvas, userEvent }) => {
    const d = await open(canvas, userEvent);
    const select = d.getByRole('combobox', { name: 'Enkät' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(select, 'Hälsodeklaration inför hälsokontroll');
    await userEvent.click(d.getByRole('button', { name: 'Skicka enkät' }));
    await expect(await d.findByRole('alert')).toHaveTextContent(
      'Klienten har redan en öppen enkät av det här formuläret.',
    );
  },
};

/** No published questionnaire exists: the dialog says where to make one. */
export const IngenEnkat: Story = {
  name: 'Ingen publicerad enkät',
  parameters: mocks(formScenarios.empty),
  play: async ({ canvas, userEvent }) => {
    const d = await open(canvas, userEvent);
    await expect(
      await d.findByText(
        'Det finns ingen publicerad enkät till klient. Skapa en under Formulär först.',
      ),
    ).toBeVisible();
  },
};

/**
 * From the client list to three at once: Anna already has it open and gets no new one; the
 * answer names her.
 */
export const TillFlera: Story = {
  name: 'Till flera klienter',
  render: () => <SendQuestionnaires clients={[anna, lars, sofia]} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Skicka enkät (3)' }));
    const d = dialog('Skicka enkät till 3 klienter');
    const select = d.getByRole('combobox', { name: 'Enkät' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(select, 'Hälsodeklaration inför hälsokontroll');
    await userEvent.click(d.getByRole('button', { name: 'Skicka enkät' }));
    await expect(
      await body().findByText(
        'Enkäten skickades till 2 klienter. 1 hade den redan öppen och fick ingen ny.',
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText('Fick ingen ny eftersom enkäten redan var öppen: Anna Lindqvist.'),
    ).toBeVisible();
  },
};
