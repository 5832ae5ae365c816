import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FORM_PUBLISHED_READ_ONLY } from '@halsa/api';
import { authScenarios, formScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { ADMIN_ONLY_PUBLISH, FormEditorScreen } from './form-editor';
import {
  editorRoute,
  pageDecorator,
  SAVE_TIMEOUT,
  savedForm,
  withEveryTypeForm,
} from './story-setup';

const meta = {
  title: 'Journal/Formulärredigerare',
  component: FormEditorScreen,
  parameters: editorRoute(4),
  decorators: [pageDecorator],
  beforeEach: withEveryTypeForm,
} satisfies Meta<typeof FormEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** A draft with one question of each of the eight types. */
export const AllaFragetyper: Story = {
  name: 'Alla frågetyper',
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Livsstilsenkät',
    );
    await expect(canvas.getByRole('textbox', { name: 'Formulärets namn' })).toHaveValue(
      'Livsstilsenkät',
    );
    await expect(canvas.getByText('Ändringar sparas automatiskt.')).toBeVisible();
    const types = canvas.getAllByRole('combobox', { name: 'Frågetyp' });
    await expect(types.map((t) => (t as HTMLSelectElement).value)).toEqual([
      'SHORT_TEXT',
      'LONG_TEXT',
      'YES_NO',
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'SCALE',
      'NUMBER',
      'DATE',
    ]);
    await expect(
      within(types[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Kort text',
      'Lång text',
      'Ja/Nej',
      'Enkelval',
      'Flerval',
      'Skala 1–10',
      'Tal med enhet',
      'Datum',
    ]);
    const single = canvas.getByRole('group', { name: 'Svarsalternativ för fråga 4' });
    await expect(
      within(single)
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Cykel', 'Kollektivtrafik', 'Bil']);
    await expect(canvas.getByRole('textbox', { name: 'Enhet' })).toHaveValue('cm');
    await expect(canvas.getByText('Svaret ges på en skala från 1 till 10.')).toBeVisible();
    await expect(canvas.getByText('Svaret är Ja eller Nej.')).toBeVisible();
    await expect(canvas.getByText('Svaret är ett datum.')).toBeVisible();
    const required = canvas.getAllByRole('checkbox', { name: 'Obligatorisk' });
    await expect(required.filter((c) => (c as HTMLInputElement).checked)).toHaveLength(2);
    await expect(canvas.getAllByRole('textbox', { name: 'Sektionens rubrik' })).toHaveLength(2);
  },
};

/** Waiting for the form. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(formScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar formulär…')).toBeInTheDocument();
  },
};

/** The form cannot be fetched: spec §8's text and a retry. */
export const LaddaFel: Story = {
  name: 'Laddningsfel',
  parameters: mocks(formScenarios.loadFailure),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Misslyckades att ladda formulär.');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** A form that does not exist. */
export const HittadesInte: Story = {
  name: 'Hittades inte',
  parameters: editorRoute(999),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Misslyckades att ladda formulär.');
    await expect(alert).toHaveTextContent('Formuläret hittades inte.');
  },
};

/** A published form is read-only, with 'Duplicera'. */
export const Publicerat: Story = {
  name: 'Publicerat',
  parameters: editorRoute(1),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Publicerat')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Hälsosamtal – uppföljning',
    );
    await expect(canvas.getByText(FORM_PUBLISHED_READ_ONLY)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Sektion 1: Allmänt mående' })).toBeVisible();
    await expect(canvas.getByText('Hur har du mått sedan förra samtalet?')).toBeVisible();
    await expect(canvas.getByText('Skala 1–10')).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Duplicera' })).toBeVisible();
  },
};

/** 'Duplicera' on a published form opens its draft copy in the editor. */
export const PubliceratDuplicera: Story = {
  name: 'Publicerat – duplicera',
  parameters: editorRoute(1),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Duplicera' }));
    const name = await canvas.findByRole('textbox', { name: 'Formulärets namn' });
    await expect(name).toHaveValue('Kopia av Hälsosamtal – uppföljning');
    const copy = mockState.forms.at(-1)!;
    await expect(copy.drafted).toBe(true);
    await expect(copy.sections.flatMap((s) => s.questions)).toHaveLength(4);
    await expect(canvas.getByTestId('location')).toHaveTextContent(
      `Navigerade till /journal/templates/${copy.id}`,
    );
  },
};

/** A new question is focused, typed and saved; deleting it removes it on the server too. */
export const LaggTillOchTaBortFraga: Story = {
  name: 'Lägg till och ta bort fråga',
  play: async ({ canvas, userEvent }) => {
    const first = within(await canvas.findByRole('region', { name: 'Sektion 1' }));
    await userEvent.click(first.getByRole('button', { name: 'Lägg till fråga' }));
    const text = first.getAllByRole('textbox', { name: 'Frågetext' }).at(-1)!;
    await expect(text).toHaveFocus();
    await userEvent.type(text, 'Hur mycket rör du dig?');
    await expect(await canvas.findByText('Sparat', {}, SAVE_TIMEOUT)).toBeVisible();
    const questions = () => savedForm().sections.find((s) => s.id === 41)!.questions;
    await expect(questions().at(-1)!.text).toBe('Hur mycket rör du dig?');
    await expect(questions()).toHaveLength(6);

    await userEvent.click(first.getByRole('button', { name: 'Ta bort fråga 6 i sektion 1' }));
    await expect(await body().findByText('Frågan togs bort.', {}, SAVE_TIMEOUT)).toBeVisible();
    await expect(questions()).toHaveLength(5);
    await waitFor(() =>
      expect(first.getByRole('button', { name: 'Lägg till fråga' })).toHaveFocus(),
    );
    // The delete moved the version on; the next edit still saves.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Formulärets namn' }), ' 2027');
    await waitFor(() => expect(savedForm().title).toBe('Livsstilsenkät 2027'), SAVE_TIMEOUT);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A new section gets the focus and is saved. */
export const LaggTillSektion: Story = {
  name: 'Lägg till sektion',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till sektion' }));
    const third = within(canvas.getByRole('region', { name: 'Sektion 3' }));
    await expect(third.getByRole('textbox', { name: 'Sektionens rubrik' })).toHaveFocus();
    await expect(third.getByText('Sektionen har inga frågor ännu.')).toBeVisible();
    await userEvent.keyboard('Kost');
    await waitFor(() => expect(savedForm().sections.at(-1)!.title).toBe('Kost'), SAVE_TIMEOUT);
    await expect(savedForm().sections).toHaveLength(3);
  },
};

/** Deleting a section with questions asks first. */
export const TaBortSektion: Story = {
  name: 'Ta bort sektion',
  play: async ({ canvas, userEvent }) => {
    const second = within(await canvas.findByRole('region', { name: 'Sektion 2' }));
    await userEvent.click(second.getByRole('button', { name: 'Ta bort sektion 2' }));
    const dialog = await body().findByRole('dialog', { name: 'Ta bort sektionen?' });
    await expect(dialog).toHaveTextContent(
      'Sektion 2, Mätvärden och dess 3 frågor tas bort. Det går inte att ångra.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await expect(await body().findByText('Sektionen togs bort.', {}, SAVE_TIMEOUT)).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Sektion 2' })).toBeNull();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Lägg till sektion' })).toHaveFocus(),
    );
    await expect(savedForm().sections.map((s) => s.id)).toEqual([41]);
  },
};

/** The delete fails: the section stays, here and on the server. */
export const TaBortSektionFel: Story = {
  name: 'Ta bort sektion – fel',
  parameters: mocks(formScenarios.deleteFailure),
  play: async ({ canvas, userEvent }) => {
    const second = within(await canvas.findByRole('region', { name: 'Sektion 2' }));
    await userEvent.click(second.getByRole('button', { name: 'Ta bort sektion 2' }));
    const dialog = await body().findByRole('dialog', { name: 'Ta bort sektionen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Misslyckades att ta bort sektionen',
    );
    await expect(savedForm().sections).toHaveLength(2);
  },
};

/** Publishing from the editor (after a confirm) turns it read-only. */
export const PubliceraFranRedigeraren: Story = {
  name: 'Publicera från redigeraren',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Publicera' }));
    const dialog = await body().findByRole('dialog', { name: 'Publicera formuläret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicera' }));
    await expect(await canvas.findByText('Publicerat')).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(savedForm().drafted).toBe(false);
  },
};

/** STAFF edits a draft but may not publish it (spec §6; issue 22): no button, and why. */
export const PersonalUtanPublicera: Story = {
  name: 'Personal utan publicering',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Formulärets namn' })).toHaveValue(
      'Livsstilsenkät',
    );
    await expect(await canvas.findByText(ADMIN_ONLY_PUBLISH)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Publicera' })).toBeNull();
  },
};
