// The care team's side of questionnaires (design §4.19): her own answers on the Journal tab,
// 'Skapa anteckning från svaren', none yet, a load failure, and the open ones on the overview.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { authScenarios, clientFixtures, questionnaireScenarios } from '@halsa/api/mocks';
import { LocationProbe, mocks } from '../../../testing';
import { ClientQuestionnaireAnswers, OpenQuestionnaires } from './client-answers';

const anna = clientFixtures.find((c) => c.id === 3)!;
const lars = clientFixtures.find((c) => c.id === 4)!;

const meta = {
  title: 'Enkäter/Klientens svar (personal)',
  component: ClientQuestionnaireAnswers,
  args: { client: lars },
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/4/journal' } },
  decorators: [
    (Story) => (
      <main className="mx-auto max-w-6xl px-gutter py-section">
        <h1 className="sr-only">Lars Nilsson</h1>
        <Story />
        <LocationProbe />
      </main>
    ),
  ],
} satisfies Meta<typeof ClientQuestionnaireAnswers>;
export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN reads what Lars sent in, marked as his own answers. */
export const EgnaSvar: Story = {
  name: 'Klientens egna svar',
  play: async ({ canvas }) => {
    const answers = await canvas.findByRole('article', {
      name: 'Hälsodeklaration inför hälsokontroll, klientens egna svar',
    });
    const a = within(answers);
    await expect(a.getByText('Klientens egna svar')).toBeVisible();
    await expect(a.getByText(/^Inskickad 18 november 2026 · skickad av /)).toBeVisible();
    await expect(a.getByRole('heading', { level: 4, name: 'Levnadsvanor' })).toBeVisible();
    await expect(a.getByText('Röker du?')).toBeVisible();
    await expect(
      a.getByText('Huvudvärk några eftermiddagar i veckan, oftast efter långa möten.'),
    ).toBeVisible();
    await expect(
      a.getByRole('button', {
        name: 'Skapa anteckning från svaren i Hälsodeklaration inför hälsokontroll',
      }),
    ).toBeVisible();
  },
};

/** 'Skapa anteckning från svaren': choose a journal form; its note page opens. */
export const SkapaAnteckning: Story = {
  name: 'Skapa anteckning från svaren',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Skapa anteckning från svaren i Hälsodeklaration inför hälsokontroll',
      }),
    );
    const dialog = within(
      within(document.body).getByRole('dialog', { name: 'Skapa anteckning från svaren' }),
    );
    const list = await dialog.findByRole('list', { name: 'Journalformulär' });
    // Drafts and questionnaires are not offered.
    await expect(within(list).queryByText('Kostdagbok')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Hälsosamtal – uppföljning' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent(
      'Navigerade till /clients/4/journal/1',
    );
  },
};

/** STAFF in Lars's care team reads the answers and starts a note from them too (§4.19). */
export const Personal: Story = {
  name: 'Personal i vårdteamet skapar anteckning från svaren',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('article', {
      name: 'Hälsodeklaration inför hälsokontroll, klientens egna svar',
    });
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Skapa anteckning från svaren i Hälsodeklaration inför hälsokontroll',
      }),
    );
    const dialog = within(
      within(document.body).getByRole('dialog', { name: 'Skapa anteckning från svaren' }),
    );
    const list = await dialog.findByRole('list', { name: 'Journalformulär' });
    await userEvent.click(within(list).getByRole('button', { name: 'Hälsosamtal – uppföljning' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent(
      'Navigerade till /clients/4/journal/1',
    );
  },
};

/** Anna has one open and none sent in. */
export const IngaSvar: Story = {
  name: 'Inga inskickade svar',
  args: { client: anna },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Klienten har inte skickat in någon enkät ännu.'),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Klientens egna svar' }),
    ).toBeVisible();
  },
};

/** The list could not be read. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(questionnaireScenarios.error()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Kunde inte hämta klientens enkäter')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** Her overview: the questionnaire she has not answered yet, with its last day. */
export const OppnaPaOversikten: Story = {
  name: 'Öppna enkäter på översikten',
  args: { client: anna },
  render: (args) => <OpenQuestionnaires client={args.client} />,
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Öppna enkäter' });
    await expect(
      await within(card).findByText('Hälsodeklaration inför hälsokontroll'),
    ).toBeVisible();
    await expect(card).toHaveTextContent(
      'Skickad 20 november 2026 av Erik Sandberg · Sista dag att svara: 1 december',
    );
  },
};

/** Nothing open on Lars's overview. */
export const IngaOppna: Story = {
  name: 'Inga öppna enkäter',
  render: (args) => <OpenQuestionnaires client={args.client} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga öppna enkäter.')).toBeVisible();
  },
};
