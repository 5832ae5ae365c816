import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FORM_IN_USE_BY_DRAFTS } from '@halsa/api';
import {
  authScenarios,
  formScenarios,
  manyForms,
  mockState,
  questionnaireForm,
} from '@halsa/api/mocks';
import { LocationProbe, mocks } from '../../../testing';
import { ADMIN_ONLY_ACTIONS, FormTemplatesScreen } from './form-templates';

const meta = {
  title: 'Journal/Journalformulär',
  component: FormTemplatesScreen,
  parameters: { route: { path: '/journal/templates', url: '/journal/templates' } },
  decorators: [
    (Story) => (
      <main>
        <Story />
        <LocationProbe />
      </main>
    ),
  ],
} satisfies Meta<typeof FormTemplatesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Every form, drafts marked 'Utkast'; only drafts can be published. */
export const Lista: Story = {
  name: 'Lista',
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    await expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Hälsosamtal – uppföljning',
      'Stress och arbetsmiljö',
      'Kostdagbok',
    ]);
    await expect(within(rows[2]!).getByText('Utkast')).toBeVisible();
    await expect(within(rows[0]!).queryByText('Utkast')).toBeNull();
    await expect(within(rows[0]!).queryByRole('button', { name: /^Publicera/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Publicera Kostdagbok' })).toBeVisible();
    await expect(canvas.getByText('Visar 1–3 av 3 formulär')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Kostdagbok' })).toHaveAttribute(
      'href',
      '/journal/templates/3',
    );
  },
};

/** STAFF creates and duplicates forms; publishing and deleting are ADMIN's (issue 22). */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await expect(canvas.getByRole('button', { name: 'Nytt formulär' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Duplicera Kostdagbok' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Publicera/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Ta bort/ })).toBeNull();
    await expect(canvas.getByText(ADMIN_ONLY_ACTIONS)).toBeVisible();
  },
};

/** No forms yet. */
/** A questionnaire for clients is marked 'Enkät till klient' in the list (design §4.19). */
export const MedEnkat: Story = {
  name: 'Med enkät till klient',
  beforeEach: () => {
    mockState.forms.push(structuredClone(questionnaireForm));
  },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Hälsodeklaration inför hälsokontroll' });
    await expect(link.parentElement).toHaveTextContent('Enkät till klient');
    const journal = canvas.getByRole('link', { name: 'Hälsosamtal – uppföljning' });
    await expect(journal.parentElement).not.toHaveTextContent('Enkät till klient');
  },
};

export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(formScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga formulär ännu.')).toBeVisible();
    await expect(canvas.getByText('Skapa det första med knappen Nytt formulär.')).toBeVisible();
  },
};

/** The list cannot be fetched: spec §8's text and a retry. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(formScenarios.listFailure),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Misslyckades att hämta formulär');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** Waiting for the list. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(formScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar formulär…')).toBeInTheDocument();
  },
};

/** Many forms: 20 a page. */
export const MangaSidor: Story = {
  name: 'Många sidor',
  beforeEach: () => {
    mockState.forms = manyForms(45);
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Visar 1–20 av 45 formulär')).toBeVisible();
    await expect(canvas.getByText('Sida 1 av 3')).toBeVisible();
    await expect(canvas.getAllByText('Utkast')).toHaveLength(7);
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await canvas.findByText('Visar 21–40 av 45 formulär')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Formulär 021' })).toBeVisible();
  },
};

/** Searching the titles on the server. */
export const Sok: Story = {
  name: 'Sök',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök formulär' }), 'stress');
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Kostdagbok' })).toBeNull());
    await expect(canvas.getByRole('link', { name: 'Stress och arbetsmiljö' })).toBeVisible();
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Sök formulär' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök formulär' }), 'zzz');
    await expect(await canvas.findByText('Inga formulär hittades.')).toBeVisible();
    await expect(canvas.getByText('Inget formulär matchar ”zzz”.')).toBeVisible();
  },
};

/** 'Nytt formulär' creates a draft and opens it in the editor. */
export const NyttFormular: Story = {
  name: 'Nytt formulär',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Nytt formulär' }));
    await waitFor(() => expect(mockState.forms).toHaveLength(4));
    const created = mockState.forms.at(-1)!;
    await expect(created.title).toBe('Nytt formulär');
    await expect(created.drafted).toBe(true);
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        `Navigerade till /journal/templates/${created.id}`,
      ),
    );
  },
};

/** 'Ny enkät till klient' creates a draft questionnaire (purpose chosen once) and opens it. */
export const NyEnkat: Story = {
  name: 'Ny enkät till klient',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Ny enkät till klient' }));
    await waitFor(() => expect(mockState.forms).toHaveLength(4));
    const created = mockState.forms.at(-1)!;
    await expect(created.purpose).toBe('QUESTIONNAIRE');
    await expect(created.drafted).toBe(true);
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        `Navigerade till /journal/templates/${created.id}`,
      ),
    );
  },
};

/** Creating fails: spec §8's text, the list unchanged. */
export const NyttFormularFel: Story = {
  name: 'Nytt formulär – fel',
  parameters: mocks(formScenarios.createFailure),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Nytt formulär' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Misslyckades att skapa nytt formulär',
    );
    await expect(mockState.forms).toHaveLength(3);
    await expect(canvas.getByTestId('location')).toHaveTextContent(
      /^Navigerade till \/journal\/templates$/,
    );
  },
};

/** Duplicating opens the draft copy. */
export const Duplicera: Story = {
  name: 'Duplicera',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(
      canvas.getByRole('button', { name: 'Duplicera Hälsosamtal – uppföljning' }),
    );
    await waitFor(() => expect(mockState.forms).toHaveLength(4));
    const copy = mockState.forms.at(-1)!;
    await expect(copy.title).toBe('Kopia av Hälsosamtal – uppföljning');
    await expect(copy.drafted).toBe(true);
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        `Navigerade till /journal/templates/${copy.id}`,
      ),
    );
  },
};

/** Delete asks first; confirmed, the form is gone. */
export const TaBort: Story = {
  name: 'Ta bort',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Kostdagbok' }));
    const dialog = await body().findByRole('dialog', { name: 'Ta bort formuläret?' });
    await expect(dialog).toHaveTextContent('”Kostdagbok” tas bort. Det går inte att ångra.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await expect(await body().findByText('”Kostdagbok” togs bort.')).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Kostdagbok' })).toBeNull());
    await expect(mockState.forms.map((f) => f.id)).toEqual([1, 2]);
  },
};

/** The confirm dialog, open (for the designers and the a11y check). */
export const TaBortBekrafta: Story = {
  name: 'Ta bort – bekräfta',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Kostdagbok' }));
    const dialog = await body().findByRole('dialog', { name: 'Ta bort formuläret?' });
    await expect(within(dialog).getByRole('button', { name: 'Avbryt' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(mockState.forms).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Kostdagbok' }));
    await body().findByRole('dialog', { name: 'Ta bort formuläret?' });
  },
};

/** Delete fails: the message in the dialog, nothing removed. */
export const TaBortFel: Story = {
  name: 'Ta bort – fel',
  parameters: mocks(formScenarios.deleteFailure),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Kostdagbok' }));
    const dialog = await body().findByRole('dialog', { name: 'Ta bort formuläret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Misslyckades att ta bort formulär',
    );
    await expect(mockState.forms).toHaveLength(3);
  },
};

/** A form that a client's unsigned note uses is kept: the server's 409 in the dialog. */
export const TaBortAnvands: Story = {
  name: 'Ta bort – används',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Stress och arbetsmiljö' });
    await expect(canvas.queryByText(ADMIN_ONLY_ACTIONS)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Stress och arbetsmiljö' }));
    const dialog = await body().findByRole('dialog', { name: 'Ta bort formuläret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(FORM_IN_USE_BY_DRAFTS);
    await expect(mockState.forms).toHaveLength(3);
  },
};

/** Publishing a draft (after a confirm) removes its 'Utkast'. */
export const Publicera: Story = {
  name: 'Publicera',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Kostdagbok' });
    await userEvent.click(canvas.getByRole('button', { name: 'Publicera Kostdagbok' }));
    const dialog = await body().findByRole('dialog', { name: 'Publicera formuläret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicera' }));
    await expect(await body().findByText('”Kostdagbok” publicerades.')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Utkast')).toBeNull());
    await expect(mockState.forms.find((f) => f.id === 3)!.drafted).toBe(false);
  },
};
