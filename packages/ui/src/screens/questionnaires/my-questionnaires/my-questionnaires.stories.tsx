// The client's /questionnaires (design §4.19): open ones with their last day, answered ones,
// none at all, and a load failure.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { authScenarios, questionnaireScenarios } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { mocks } from '../../../testing';
import { MyQuestionnairesScreen } from './my-questionnaires';

const asUser = (...more: (typeof authScenarios.asUser)[]) => mocks(authScenarios.asUser, ...more);

const meta = {
  title: 'Enkäter/Mina enkäter',
  component: MyQuestionnairesScreen,
  parameters: { route: { path: '/questionnaires', url: '/questionnaires' }, ...asUser() },
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof MyQuestionnairesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One to answer, with its last day. */
export const AttBesvara: Story = {
  name: 'Att besvara',
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Att besvara' })).toBeVisible();
    const link = canvas.getByRole('link', { name: /Hälsodeklaration inför hälsokontroll/ });
    await expect(link).toHaveAttribute('href', '/questionnaires/601');
    await expect(link).toHaveTextContent('Sista dag att svara: 1 december');
    await expect(canvas.queryByRole('heading', { name: 'Besvarade' })).toBeNull();
  },
};

/** One open and one she has sent in. */
export const OppnaOchBesvarade: Story = {
  name: 'Öppna och besvarade',
  beforeEach: () => {
    mockState.questionnaires.push({
      ...structuredClone(mockState.questionnaires.find((q) => q.id === 602)!),
      id: 603,
      clientId: 3,
      title: 'Uppföljning efter hälsokontroll',
      submittedAt: '2026-11-10T18:30:00.000Z',
    });
  },
  play: async ({ canvas }) => {
    const answered = await canvas.findByRole('region', { name: 'Besvarade' });
    const link = within(answered).getByRole('link', { name: /Uppföljning efter hälsokontroll/ });
    await expect(link).toHaveTextContent('Inskickad 10 november 2026');
    await expect(canvas.getByRole('region', { name: 'Att besvara' })).toHaveTextContent(
      'Hälsodeklaration inför hälsokontroll',
    );
  },
};

/** Nothing sent to her yet. */
export const Tom: Story = {
  name: 'Tom',
  parameters: asUser(questionnaireScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Du har inga enkäter' })).toBeVisible();
  },
};

/** The list could not be read: the Swedish fallback and 'Försök igen'. */
export const Fel: Story = {
  name: 'Fel',
  parameters: asUser(questionnaireScenarios.error()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Kunde inte hämta enkäter')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};
