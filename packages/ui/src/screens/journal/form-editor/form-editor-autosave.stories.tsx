// Autosave of the forms editor: saving, saved, offline (and back), failed with retry, a version
// conflict (on a save and on a delete), an edit the server would refuse, and an unsaved edit a
// reload left behind.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FORM_VERSION_CONFLICT } from '@halsa/api';
import { everyTypeForm, formScenarios } from '@halsa/api/mocks';
import { formNetwork } from '@halsa/api/mocks/handlers/forms';
import { mocks } from '../../../testing';
import { FormEditorScreen } from './form-editor';
import {
  editorRoute,
  pageDecorator,
  SAVE_TIMEOUT,
  savedForm,
  withEveryTypeForm,
} from './story-setup';
import { fromForm } from './editor-model';
import { draftStorageKey } from './use-autosave';

const meta = {
  title: 'Journal/Formulärredigerare/Autospara',
  component: FormEditorScreen,
  parameters: editorRoute(4),
  decorators: [pageDecorator],
  beforeEach: withEveryTypeForm,
} satisfies Meta<typeof FormEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const OFFLINE = 'Ingen anslutning – ändringarna sparas när du är online igen.';

/** While the save runs: 'Sparar…'. */
export const Sparar: Story = {
  name: 'Sparar',
  parameters: mocks(formScenarios.saveHangs),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Formulärets namn' }), '!');
    await expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent('Sparar…');
    await new Promise((r) => setTimeout(r, 1200));
    await expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent('Sparar…');
    await expect(canvas.getByRole('button', { name: 'Publicera' })).toBeDisabled();
  },
};

/** A pause after typing saves the whole form once: 'Sparat'. */
export const Sparat: Story = {
  name: 'Sparat',
  play: async ({ canvas, userEvent }) => {
    const name = await canvas.findByRole('textbox', { name: 'Formulärets namn' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Livsstil 2027');
    await waitFor(
      () => expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent('Sparat'),
      SAVE_TIMEOUT,
    );
    await expect(savedForm().title).toBe('Livsstil 2027');
    await expect(savedForm().version).toBe(everyTypeForm.version + 1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Livsstil 2027');
  },
};

/** The network is down: the edit waits, and the coach is told. */
export const Offline: Story = {
  name: 'Offline',
  parameters: mocks(formScenarios.saveOffline),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Formulärets namn' }), '!');
    await waitFor(
      () => expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent(OFFLINE),
      SAVE_TIMEOUT,
    );
    await expect(savedForm().title).toBe('Livsstilsenkät');
    // Kept for a reload too.
    await expect(localStorage.getItem(draftStorageKey(4))).toContain('Livsstilsenkät!');
  },
};

const network = formNetwork();

/** The network drops mid-edit and returns: nothing typed meanwhile is lost. */
export const TillbakaOnline: Story = {
  name: 'Tillbaka online',
  parameters: mocks(network.handlers),
  beforeEach: () => network.reset(),
  play: async ({ canvas, userEvent }) => {
    const first = within(await canvas.findByRole('region', { name: 'Sektion 1' }));
    network.goOffline();
    await userEvent.type(first.getByRole('textbox', { name: 'Sektionens rubrik' }), ' och rutiner');
    await waitFor(
      () => expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent(OFFLINE),
      SAVE_TIMEOUT,
    );
    const text = first.getAllByRole('textbox', { name: 'Frågetext' })[0]!;
    await userEvent.type(text, ' Och var?');
    await expect(savedForm().sections[0]!.title).toBe('Vanor');
    network.goOnline();
    window.dispatchEvent(new Event('online'));
    await waitFor(
      () => expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent('Sparat'),
      SAVE_TIMEOUT,
    );
    await expect(savedForm().sections[0]!.title).toBe('Vanor och rutiner');
    await expect(savedForm().sections[0]!.questions[0]!.text).toBe('Vad arbetar du med? Och var?');
    await expect(localStorage.getItem(draftStorageKey(4))).toBeNull();
  },
};

/** The server refuses without a message: spec-style fallback and 'Försök igen'. */
export const Misslyckades: Story = {
  name: 'Misslyckades',
  parameters: mocks(formScenarios.saveFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Formulärets namn' }), '!');
    const status = canvas.getByRole('status', { name: 'Sparstatus' });
    await waitFor(
      () => expect(status).toHaveTextContent('Misslyckades att spara formulär'),
      SAVE_TIMEOUT,
    );
    await userEvent.click(within(status).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() =>
      expect(within(status).getByRole('button', { name: 'Försök igen' })).toBeVisible(),
    );
    await expect(savedForm().title).toBe('Livsstilsenkät');
  },
};

/** Someone else saved first: the contract's 409 message; saving stops until reloaded. */
export const Konflikt: Story = {
  name: 'Konflikt',
  parameters: mocks(formScenarios.saveConflict),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Formulärets namn' }), '!');
    const alert = await canvas.findByRole('alert', {}, SAVE_TIMEOUT);
    await expect(alert).toHaveTextContent('Ändringarna kunde inte sparas');
    await expect(alert).toHaveTextContent(FORM_VERSION_CONFLICT);
    await expect(within(alert).getByRole('button', { name: 'Ladda om formuläret' })).toBeVisible();
    // Loading again shows the server's form; the refused edit is dropped, as the message says.
    await userEvent.click(within(alert).getByRole('button', { name: 'Ladda om formuläret' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Formulärets namn' })).toHaveValue(
        'Livsstilsenkät',
      ),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent(
      'Ändringar sparas automatiskt.',
    );
  },
};

/**
 * Someone else saved after the form was opened: deleting a question carries the version the
 * coach saw, so the server refuses it (409) instead of the coach's next save overwriting theirs.
 */
export const TaBortEfterAnnansAndring: Story = {
  name: 'Ta bort efter annans ändring',
  play: async ({ canvas, userEvent }) => {
    const first = within(await canvas.findByRole('region', { name: 'Sektion 1' }));
    const before = savedForm().sections[0]!.questions.map((q) => q.id);
    savedForm().version += 1;
    await userEvent.click(first.getByRole('button', { name: 'Ta bort fråga 2 i sektion 1' }));
    const alert = await canvas.findByRole('alert', {}, SAVE_TIMEOUT);
    await expect(alert).toHaveTextContent(FORM_VERSION_CONFLICT);
    await expect(within(alert).getByRole('button', { name: 'Ladda om formuläret' })).toBeVisible();
    await expect(savedForm().sections[0]!.questions.map((q) => q.id)).toEqual(before);
    await expect(savedForm().version).toBe(everyTypeForm.version + 1);
  },
};

/** A choice left empty: a Swedish message at the field, and nothing is sent until it is fixed. */
export const OgiltigtSvarsalternativ: Story = {
  name: 'Ogiltigt svarsalternativ',
  play: async ({ canvas, userEvent }) => {
    const second = within(await canvas.findByRole('region', { name: 'Sektion 2' }));
    await userEvent.click(second.getByRole('button', { name: 'Lägg till fråga' }));
    await userEvent.keyboard('Hur ofta tränar du?');
    await userEvent.selectOptions(
      second.getAllByRole('combobox', { name: 'Frågetyp' }).at(-1)!,
      'Enkelval',
    );
    const choices = within(second.getByRole('group', { name: 'Svarsalternativ för fråga 4' }));
    await expect(choices.getByRole('textbox', { name: 'Alternativ 1' })).toHaveValue(
      'Alternativ 1',
    );
    await userEvent.clear(choices.getByRole('textbox', { name: 'Alternativ 1' }));
    await expect(await choices.findByText('Ett svarsalternativ får inte vara tomt.')).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent(
        'Rätta felen i formuläret så sparas ändringarna.',
      ),
    );
    await new Promise((r) => setTimeout(r, 1200));
    await expect(savedForm().sections[1]!.questions).toHaveLength(3);

    await userEvent.type(choices.getByRole('textbox', { name: 'Alternativ 1' }), 'Varje dag');
    await waitFor(
      () => expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent('Sparat'),
      SAVE_TIMEOUT,
    );
    const saved = savedForm().sections[1]!.questions.at(-1)!;
    await expect(saved.text).toBe('Hur ofta tränar du?');
    await expect(saved.options.choices).toEqual(['Varje dag', 'Alternativ 2']);
  },
};

/** An unsaved edit left by a reload while offline is restored and sent at once. */
export const AterstalltEfterOmladdning: Story = {
  name: 'Återställt efter omladdning',
  beforeEach: () => {
    const doc = { ...fromForm(everyTypeForm), title: 'Livsstilsenkät (ändrad offline)' };
    localStorage.setItem(
      draftStorageKey(4),
      JSON.stringify({ baseVersion: everyTypeForm.version, doc }),
    );
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Formulärets namn' })).toHaveValue(
      'Livsstilsenkät (ändrad offline)',
    );
    await waitFor(
      () => expect(savedForm().title).toBe('Livsstilsenkät (ändrad offline)'),
      SAVE_TIMEOUT,
    );
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent('Sparat'),
    );
    await expect(localStorage.getItem(draftStorageKey(4))).toBeNull();
  },
};
