// The fill-in page: every question type, autosave (saving, saved, offline and back), conflict,
// bad input, draft form, load failures. Signing is in journal-note.sign.stories.tsx.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useState, type ReactNode } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { journalScenarios, mockPath } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { createGate, mocks } from '../../../testing';
import { noteMeta, noteRoute as route } from './journal-note.story-setup';

const meta = { ...noteMeta, title: 'Journal/Journalanteckning/Fylla i' } satisfies Meta<
  typeof noteMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The saved note of client 3 and form 40, if any. */
const savedNote = () =>
  mockState.journalNotes.find(
    (n) => n.clientId === 3 && n.formId === 40 && n.status === 'UNSIGNED',
  );

/** Every question type as an accessible input, and the delivery channel. */
export const AllaFragetyper: Story = {
  name: 'Alla frågetyper',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Hälsosamtal – alla frågetyper' }),
    ).toBeVisible();
    await expect(canvas.getByText('Journalanteckning för Anna Lindqvist')).toBeVisible();
    await expect(
      canvas.getByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('textbox', { name: 'Beskriv sömnen den senaste månaden' }),
    ).toBeVisible();
    const smoking = canvas.getByRole('group', { name: 'Röker du?' });
    await expect(
      within(smoking)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Ja', 'Nej']);
    const training = canvas.getByRole('group', { name: 'Hur ofta tränar du?' });
    await expect(within(training).getAllByRole('radio')).toHaveLength(3);
    const troubles = canvas.getByRole('group', { name: 'Vilka besvär har du haft?' });
    await expect(within(troubles).getByRole('checkbox', { name: 'Trötthet' })).toBeVisible();
    const scale = canvas.getByRole('group', { name: 'Hur stressad känner du dig?' });
    await expect(within(scale).getAllByRole('radio')).toHaveLength(10);
    await expect(canvas.getByRole('textbox', { name: 'Vikt (kg)' })).toBeVisible();
    await expect(canvas.getByLabelText('Datum för nästa provtagning')).toHaveAttribute(
      'type',
      'date',
    );
    const channel = canvas.getByRole('group', { name: 'Leveranskanal' });
    await expect(
      within(channel).getByRole('radio', { name: 'E-post (klient@example.com)' }),
    ).toBeChecked();
    await expect(within(channel).getByRole('radio', { name: 'Direktmeddelande' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Signera och Skicka' })).toBeEnabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('Svaren sparas automatiskt.');
  },
};

/** Answers are saved as the unsigned note: 'Sparar…' then 'Sparat', every type as its value. */
export const Autospara: Story = {
  name: 'Autospara',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' }),
      'Lugn',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Sparar…');
    await userEvent.click(canvas.getByRole('radio', { name: 'Nej' }));
    await userEvent.click(canvas.getByRole('radio', { name: '3 gånger eller mer' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Trötthet' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Huvudvärk' }));
    await userEvent.click(canvas.getByRole('radio', { name: '7' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Vikt (kg)' }), '72,5');
    await userEvent.type(canvas.getByLabelText('Datum för nästa provtagning'), '2027-02-15');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Sparat'), {
      timeout: 4000,
    });
    await expect(savedNote()?.answers).toEqual([
      { questionId: 4011, value: 'Lugn' },
      { questionId: 4013, value: false },
      { questionId: 4014, value: '3 gånger eller mer' },
      { questionId: 4021, value: ['Huvudvärk', 'Trötthet'] },
      { questionId: 4022, value: 7 },
      { questionId: 4023, value: 72.5 },
      { questionId: 4024, value: '2027-02-15' },
    ]);
  },
};

let offline = true;

/** The network drops mid-edit: the answers are kept and sent again when it is back. */
export const OfflineOchTillbaka: Story = {
  name: 'Offline och tillbaka',
  beforeEach: () => {
    offline = true;
  },
  parameters: mocks(
    [http.put(mockPath('saveJournalNote'), () => (offline ? HttpResponse.error() : undefined))],
    journalScenarios.everyQuestionType,
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' }),
      'Stressig',
    );
    await expect(
      await canvas.findByText(
        'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.',
        undefined,
        { timeout: 4000 },
      ),
    ).toBeVisible();
    await expect(savedNote()).toBeUndefined();
    await expect(canvas.getByRole('textbox', { name: /Hur har veckan varit/ })).toHaveValue(
      'Stressig',
    );
    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Sparat'));
    await expect(savedNote()?.answers).toEqual([{ questionId: 4011, value: 'Stressig' }]);
  },
};

let firstSave = createGate();
let puts: unknown[] = [];

/**
 * One save at a time, nothing lost: a change made while the first save is on its way is sent
 * by the next one, with the version the first one returned.
 */
export const AndringUnderSparning: Story = {
  name: 'Ändring under sparning',
  beforeEach: () => {
    firstSave = createGate();
    puts = [];
  },
  parameters: mocks(
    [
      http.put(mockPath('saveJournalNote'), async ({ request }) => {
        puts.push(await request.clone().json());
        if (puts.length === 1) await firstSave.promise;
        return undefined;
      }),
    ],
    journalScenarios.everyQuestionType,
  ),
  play: async ({ canvas, userEvent }) => {
    const week = await canvas.findByRole('textbox', {
      name: 'Hur har veckan varit? (obligatorisk)',
    });
    await userEvent.type(week, 'Lugn');
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 4000 });
    await userEvent.click(canvas.getByRole('radio', { name: 'Ja' }));
    // The second change waits for the first save: still one request.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await expect(puts).toHaveLength(1);
    firstSave.open();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Sparat'), {
      timeout: 4000,
    });
    await expect(puts).toEqual([
      { answers: [{ questionId: 4011, value: 'Lugn' }] },
      {
        version: 1,
        answers: [
          { questionId: 4011, value: 'Lugn' },
          { questionId: 4013, value: true },
        ],
      },
    ]);
    await expect(savedNote()?.version).toBe(2);
  },
};

let leftOffline = true;
let leftPuts = 0;

function LeaveAndReturn({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((v) => !v)}>
        {shown ? 'Lämna sidan' : 'Öppna sidan igen'}
      </button>
      {shown ? children : null}
    </>
  );
}

/**
 * The page is left inside the app while offline: the unsaved answers wait in memory, come back
 * when the page opens again and are sent.
 */
export const LamnaSidanOffline: Story = {
  name: 'Lämna sidan offline',
  beforeEach: () => {
    leftOffline = true;
    leftPuts = 0;
  },
  decorators: [
    (Story) => (
      <LeaveAndReturn>
        <Story />
      </LeaveAndReturn>
    ),
  ],
  parameters: mocks(
    [
      http.put(mockPath('saveJournalNote'), () => {
        leftPuts += 1;
        return leftOffline ? HttpResponse.error() : undefined;
      }),
    ],
    journalScenarios.everyQuestionType,
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' }),
      'Stressig',
    );
    await canvas.findByText(
      'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.',
      undefined,
      { timeout: 4000 },
    );
    const before = leftPuts;
    await userEvent.click(canvas.getByRole('button', { name: 'Lämna sidan' }));
    await expect(canvas.queryByRole('textbox', { name: /Hur har veckan varit/ })).toBeNull();
    // Leaving after a failed save sends nothing more: the answers wait in memory.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(leftPuts).toBe(before);
    await expect(savedNote()).toBeUndefined();
    leftOffline = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Öppna sidan igen' }));
    await expect(await canvas.findByRole('textbox', { name: /Hur har veckan varit/ })).toHaveValue(
      'Stressig',
    );
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Sparat'));
    await expect(savedNote()?.answers).toEqual([{ questionId: 4011, value: 'Stressig' }]);
  },
};

/** The network stays down: 'Försök igen' is offered. */
export const Offline: Story = {
  name: 'Offline',
  parameters: mocks(journalScenarios.saveOffline, journalScenarios.everyQuestionType),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' }),
      'Stressig',
    );
    await expect(
      await canvas.findByRole('button', { name: 'Försök igen' }, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** Someone else saved the note first: saving stops with the server's Swedish message. */
export const Konflikt: Story = {
  name: 'Konflikt',
  parameters: mocks(journalScenarios.saveConflict, journalScenarios.everyQuestionType),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Hur har veckan varit? (obligatorisk)' }),
      'Bra',
    );
    await waitFor(
      () =>
        expect(canvas.getByRole('status')).toHaveTextContent(
          'Anteckningen har ändrats av någon annan. Ladda om sidan för att se den senaste versionen.',
        ),
      { timeout: 4000 },
    );
  },
};

/** A number field that is no number says so in Swedish and saves nothing. */
export const OgiltigtTal: Story = {
  name: 'Ogiltigt tal',
  play: async ({ canvas, userEvent }) => {
    const weight = await canvas.findByRole('textbox', { name: 'Vikt (kg)' });
    await userEvent.type(weight, '72,5 kg');
    await expect(await canvas.findByText('Ange ett tal, till exempel 72,5.')).toBeVisible();
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Sparat'), {
      timeout: 4000,
    });
    // Only the valid prefix '72,5' was ever an answer.
    await expect(savedNote()?.answers).toEqual([{ questionId: 4023, value: 72.5 }]);
  },
};

/** Anna's unsigned note of 'Stress och arbetsmiljö' opens with what was written. */
export const FortsattPaAnteckning: Story = {
  name: 'Fortsätt på anteckning',
  parameters: route(3, 2),
  beforeEach: () => {
    mockState.journalNotes[0]!.answers = [{ questionId: 211, value: 6 }];
  },
  play: async ({ canvas }) => {
    const scale = await canvas.findByRole('group', {
      name: 'Hur ofta känner du dig stressad på jobbet?',
    });
    await expect(within(scale).getByRole('radio', { name: '6' })).toBeChecked();
  },
};

/** A draft cannot be filled in for a client. */
export const Utkast: Story = {
  name: 'Utkast',
  parameters: route(3, 3),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Ett utkast kan inte användas för en klient. Publicera formuläret först.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Signera och Skicka' })).toBeNull();
  },
};

/** The form fails to load: the exact text of spec §8. */
export const FormularetLaddasInte: Story = {
  name: 'Formuläret laddas inte',
  parameters: mocks(journalScenarios.formFailure),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Misslyckades att ladda formulär.')).toBeVisible();
  },
};

/** The client's note fails to load: the same text. */
export const AnteckningenLaddasInte: Story = {
  name: 'Anteckningen laddas inte',
  parameters: mocks(journalScenarios.noteFailure, journalScenarios.everyQuestionType),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Misslyckades att ladda formulär.')).toBeVisible();
  },
};

/** A form id that does not exist. */
export const FormularetFinnsInte: Story = {
  name: 'Formuläret finns inte',
  parameters: route(3, 999),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Formuläret hittades inte.' }),
    ).toBeVisible();
  },
};

/** Waiting for the form (the client pages' frame has waited for the client). */
export const Laddar: Story = {
  name: 'Laddar',
  // Form 40 exists; its note never comes.
  parameters: mocks(journalScenarios.loading, journalScenarios.everyQuestionType),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Hämtar formulär…', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
  },
};
