import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { clientFixtures, formScenarios, journalScenarios } from '@halsa/api/mocks';
import { LocationProbe, mocks } from '../../../testing';
import { ClientJournalTab } from './client-journal';

const anna = clientFixtures.find((c) => c.id === 3)!;
const karin = clientFixtures.find((c) => c.id === 6)!;

const meta = {
  title: 'Journal/Klientens journal',
  component: ClientJournalTab,
  args: { client: anna },
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/3/journal' } },
  decorators: [
    (Story) => (
      <main className="mx-auto max-w-6xl px-gutter py-section">
        <Story />
        <LocationProbe />
      </main>
    ),
  ],
} satisfies Meta<typeof ClientJournalTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed and unsigned notes, newest first; an unsigned one can be continued. */
export const Anteckningar: Story = {
  name: 'Anteckningar',
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Journalanteckningar, nyast först' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    await expect(titles).toEqual([
      'Hälsosamtal – uppföljning',
      'Uppföljning',
      'Stress och arbetsmiljö',
    ]);
    await expect(within(list).getAllByText('Signerad')).toHaveLength(2);
    await expect(within(list).getByText('Osignerad')).toBeVisible();
    await expect(
      within(list).getByText('Signerad av Erik Johansson 12 november 2026 kl. 09:05'),
    ).toBeVisible();
    await expect(within(list).getByText('7 av 10')).toBeVisible();
    await expect(
      within(list).getByRole('link', { name: 'Fortsätt med Stress och arbetsmiljö' }),
    ).toHaveAttribute('href', '/clients/3/journal/2');
    await expect(
      within(list).getByRole('link', {
        name: 'Skriv rättelse av Hälsosamtal – uppföljning från 12 november 2026',
      }),
    ).toHaveAttribute('href', '/clients/3/journal/1?rattelse=201');
    await expect(canvas.getByRole('link', { name: 'Lägg till journalmall' })).toHaveAttribute(
      'href',
      '/journal/templates',
    );
  },
};

/** No notes yet. */
export const Tom: Story = {
  name: 'Tom',
  args: { client: karin },
  parameters: mocks(journalScenarios.empty),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Inga journalanteckningar ännu' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'Välj ett formulär för att skriva den första anteckningen för Karin Svensson.',
      ),
    ).toBeVisible();
  },
};

/** Forty notes, every fifth unsigned. */
export const Manga: Story = {
  name: 'Många',
  parameters: mocks(journalScenarios.many),
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Journalanteckningar, nyast först' });
    await expect(within(list).getAllByRole('article')).toHaveLength(40);
    await expect(within(list).getAllByText('Osignerad')).toHaveLength(8);
    await expect(within(list).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent(
      'Hälsosamtal – uppföljning',
    );
  },
};

/** A correction names the note it corrects; the corrected note links to its correction. */
export const MedRattelse: Story = {
  name: 'Med rättelse',
  parameters: mocks(journalScenarios.correction),
  play: async ({ canvas }) => {
    const correction = await canvas.findByRole('link', {
      name: 'Rättelse av anteckningen Hälsosamtal – uppföljning från 12 november 2026',
    });
    await expect(correction).toHaveAttribute('href', '#anteckning-250');
    await expect(canvas.getByText('Rättelse')).toBeVisible();
  },
};

/** The journal fails to load: the exact text of spec §8. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(journalScenarios.journalFailure),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Misslyckades att ladda journal.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** Waiting for the journal. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(journalScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar journal…')).toBeInTheDocument();
  },
};

/** 'Välj formulär': drafts carry 'Utkast' and cannot be picked; a published one opens the form. */
export const ValjFormular: Story = {
  name: 'Välj formulär',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till formulär' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Välj formulär' });
    const draft = await within(dialog).findByRole('button', { name: 'Kostdagbok Utkast' });
    // The default form of /journal/general comes first, marked 'Standard'.
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('list', { name: 'Formulär' })).getAllByRole('button')[0],
      ).toHaveAccessibleName('Hälsosamtal – uppföljning Standard'),
    );
    await expect(draft).toBeDisabled();
    await expect(within(dialog).getByText('Utkast')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stress och arbetsmiljö' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent(
      'Navigerade till /clients/3/journal/2',
    );
  },
};

/** The forms fail to load inside the modal. */
export const ValjFormularFel: Story = {
  name: 'Välj formulär – fel',
  parameters: mocks(formScenarios.error(500)),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till formulär' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Välj formulär' });
    await expect(await within(dialog).findByText('Misslyckades att hämta formulär')).toBeVisible();
  },
};

/** There are no forms yet: the modal points to the forms builder. */
export const ValjFormularInga: Story = {
  name: 'Välj formulär – inga',
  parameters: mocks(formScenarios.empty),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till formulär' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Välj formulär' });
    await expect(await within(dialog).findByText(/Det finns inga formulär ännu/)).toBeVisible();
    await expect(within(dialog).getByRole('link', { name: 'Journalformulär' })).toHaveAttribute(
      'href',
      '/journal/templates',
    );
  },
};
