// Answering a questionnaire on her phone (design §4.19): every question type, autosave with
// 'Sparat', a lost connection, required questions in Swedish, 'Skicka in' with confirmation,
// a questionnaire already sent in, and another client's id.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { authScenarios, questionnaireScenarios } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { mocks } from '../../../testing';
import {
  AnswerQuestionnaireScreen,
  forgetUnsavedQuestionnaireAnswers,
} from './answer-questionnaire';

const route = (id: number) => ({
  route: { path: '/questionnaires/:questionnaireId', url: `/questionnaires/${id}` },
});
const asUser = (...more: (typeof authScenarios.asUser)[]) => mocks(authScenarios.asUser, ...more);
const stored = () => mockState.questionnaires.find((q) => q.id === 601)!;

const meta = {
  title: 'Enkäter/Besvara enkät',
  component: AnswerQuestionnaireScreen,
  beforeEach: () => forgetUnsavedQuestionnaireAnswers(),
  parameters: { ...route(601), ...asUser() },
  decorators: [
    (Story: () => ReactNode) => (
      <main>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof AnswerQuestionnaireScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every question type as an accessible input, with the last day. */
export const FyllerI: Story = {
  name: 'Fyller i',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: 'Hälsodeklaration inför hälsokontroll',
      }),
    ).toBeVisible();
    await expect(canvas.getByText(/Sista dag att svara: 1 december/)).toBeVisible();
    await expect(
      canvas.getByRole('group', { name: /Hur ofta är du fysiskt aktiv minst 30 minuter\?/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('group', { name: /Röker du\?/ })).toBeVisible();
    await expect(
      within(canvas.getByRole('group', { name: 'Hur skattar du din sömn?' })).getAllByRole('radio'),
    ).toHaveLength(10);
    await expect(canvas.getByRole('checkbox', { name: 'Huvudvärk' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Vikt (kg)' })).toBeVisible();
    await expect(canvas.getByLabelText('När tog du senast blodprov?')).toHaveAttribute(
      'type',
      'date',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Svaren sparas automatiskt.');
    await expect(canvas.getByRole('button', { name: 'Skicka in' })).toBeEnabled();
  },
};

/** Her answers are saved as she goes: 'Sparat', and the server has them. */
export const Sparat: Story = {
  name: 'Sparat',
  play: async ({ canvas, userEvent }) => {
    const smoking = await canvas.findByRole('group', { name: /Röker du\?/ });
    await userEvent.click(within(smoking).getByRole('radio', { name: 'Nej' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Vikt (kg)' }), '72,5');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Sparat'), {
      timeout: 4000,
    });
    await expect(stored().answers).toEqual(
      expect.arrayContaining([
        { questionId: 5012, value: false },
        { questionId: 5023, value: 72.5 },
      ]),
    );
  },
};

/** The connection is lost: her answers stay and she is told they are saved when it is back. */
export const SparasOffline: Story = {
  name: 'Sparas offline',
  parameters: asUser(questionnaireScenarios.offline),
  play: async ({ canvas, userEvent }) => {
    const smoking = await canvas.findByRole('group', { name: /Röker du\?/ });
    await userEvent.click(within(smoking).getByRole('radio', { name: 'Ja' }));
    await waitFor(
      () =>
        expect(canvas.getByRole('status')).toHaveTextContent(
          'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.',
        ),
      { timeout: 4000 },
    );
    await expect(within(smoking).getByRole('radio', { name: 'Ja' })).toBeChecked();
    await expect(stored().answers).toEqual([]);
  },
};

/** 'Skicka in' with a required question unanswered: marked in Swedish, nothing sent. */
export const ObligatoriskSaknas: Story = {
  name: 'Obligatorisk fråga saknas',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Skicka in' }));
    await expect(
      canvas.getByText('Svara på alla obligatoriska frågor innan du skickar in.'),
    ).toBeVisible();
    const active = canvas.getByRole('group', { name: /fysiskt aktiv/ });
    await expect(active.parentElement).toHaveTextContent('Frågan är obligatorisk.');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(stored().status).toBe('OPEN');
  },
};

/** Every required question answered, 'Skicka in' asks first, then her answers are frozen. */
export const SkickaIn: Story = {
  name: 'Skicka in',
  play: async ({ canvas, userEvent, canvasElement }) => {
    const active = await canvas.findByRole('group', { name: /fysiskt aktiv/ });
    await userEvent.click(within(active).getByRole('radio', { name: 'Sällan' }));
    await userEvent.click(
      within(canvas.getByRole('group', { name: /Röker du\?/ })).getByRole('radio', { name: 'Nej' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka in' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Skicka in enkäten?' });
    await expect(dialog).toHaveTextContent(
      'När du har skickat in dina svar kan du inte ändra dem.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka in' }));
    await expect(await canvas.findByText(/Svaren kan inte längre ändras\./)).toBeVisible();
    await expect(stored().status).toBe('SUBMITTED');
    await expect(canvas.getByText('Sällan')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Skicka in' })).toBeNull();
  },
};

/** One she sent in before: read-only, with when. */
export const Inskickad: Story = {
  name: 'Inskickad',
  beforeEach: () => {
    Object.assign(stored(), {
      status: 'SUBMITTED',
      submittedAt: '2026-11-18T19:42:00.000Z',
      answers: [
        { questionId: 5011, value: '3–4 dagar i veckan' },
        { questionId: 5012, value: false },
      ],
    });
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Inskickad 18 november 2026/)).toBeVisible();
    await expect(canvas.getByText('3–4 dagar i veckan')).toBeVisible();
    await expect(canvas.getAllByText('Ej besvarad').length).toBeGreaterThan(0);
  },
};

/** Another client's questionnaire (Lars's 602): as if it did not exist. */
export const HittadesInte: Story = {
  name: 'Hittades inte',
  parameters: route(602),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Enkäten hittades inte.' }),
    ).toBeVisible();
  },
};
