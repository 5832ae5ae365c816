import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { authScenarios, journalScenarios } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { mocks } from '../../../testing';
import { MyJournalScreen } from './my-journal';

const asUser = (...more: (typeof authScenarios.asUser)[]) => mocks(authScenarios.asUser, ...more);

const meta = {
  title: 'Journal/Min journal',
  component: MyJournalScreen,
  parameters: { route: { path: '/journal', url: '/journal' }, ...asUser() },
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof MyJournalScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Her signed notes, newest first, each in full; the unsigned one is never shown to her. */
export const Anteckningar: Story = {
  name: 'Anteckningar',
  play: async ({ canvas }) => {
    const notes = await canvas.findByRole('list', { name: 'Journalanteckningar, nyast först' });
    const titles = within(notes)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    await expect(titles).toEqual(['Hälsosamtal – uppföljning', 'Uppföljning']);
    await expect(canvas.queryByText('Stress och arbetsmiljö')).toBeNull();
    await expect(
      within(notes).getByText('Signerad av Erik Johansson 12 november 2026 kl. 09:05'),
    ).toBeVisible();
    await expect(
      within(notes).getByRole('heading', { name: 'Sömn och återhämtning' }),
    ).toBeVisible();
    await expect(within(notes).getByText('Sover du minst sju timmar per natt?')).toBeVisible();
    await expect(within(notes).getByText('7 av 10')).toBeVisible();
    await expect(within(notes).getByText('Ej besvarad')).toBeVisible();
    // A note written as free text is read as its text.
    await expect(
      within(notes).getByText(
        'Uppföljning via telefon. Tränar två gånger i veckan, mål att öka till tre. Inga nya besvär.',
      ),
    ).toBeVisible();
  },
};

/** Nothing signed yet. */
export const Tom: Story = {
  name: 'Tom',
  parameters: asUser(journalScenarios.empty),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Du har inga journalanteckningar ännu' }),
    ).toBeVisible();
  },
};

/** Thirty signed notes. */
export const Manga: Story = {
  name: 'Många',
  parameters: asUser(journalScenarios.many),
  play: async ({ canvas }) => {
    const notes = await canvas.findByRole('list', { name: 'Journalanteckningar, nyast först' });
    await expect(within(notes).getAllByRole('article')).toHaveLength(30);
    await expect(within(notes).getAllByRole('article')[0]).toHaveTextContent('Samtal nummer 30.');
  },
};

/** A correction names the note it corrects, and that note links to its correction. */
export const MedRattelse: Story = {
  name: 'Med rättelse',
  parameters: asUser(journalScenarios.correction),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('link', {
        name: 'Rättelse av anteckningen Hälsosamtal – uppföljning från 12 november 2026',
      }),
    ).toHaveAttribute('href', '#anteckning-250');
    await expect(
      canvas.getByRole('link', { name: 'Rättad i en anteckning från 14 november 2026' }),
    ).toHaveAttribute('href', '#anteckning-251');
    await expect(canvas.getByText('Rättelse')).toBeVisible();
    await expect(canvas.getByText('Rättad')).toBeVisible();
  },
};

/** The journal fails to load: the exact text of spec §8. */
export const Fel: Story = {
  name: 'Fel',
  parameters: asUser(journalScenarios.journalFailure),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Misslyckades att ladda journal.')).toBeVisible();
  },
};

/** Waiting for the journal. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: asUser(journalScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar journal…')).toBeInTheDocument();
  },
};

/** 'Skriv ut' makes that one note the print area and opens the browser's print dialog. */
export const SkrivUt: Story = {
  name: 'Skriv ut',
  play: async ({ canvas, userEvent }) => {
    const print = spyOn(window, 'print').mockImplementation(() => {});
    const notes = await canvas.findByRole('list', { name: 'Journalanteckningar, nyast först' });
    // The print stylesheet is in the document: in print everything but the print area hides.
    const printRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSMediaRule && rule.media.mediaText === 'print')
      .map((rule) => rule.cssText);
    await expect(
      printRules.some(
        (css) =>
          css.includes('body *') && css.includes('[data-print-area]') && css.includes('hidden'),
      ),
    ).toBe(true);
    await expect(notes).toHaveAttribute('data-print-area');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Skriv ut Uppföljning från 20 oktober 2026' }),
    );
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = canvas.getByRole('article', { name: 'Uppföljning' }).closest('li');
    await expect(printed).toHaveAttribute('data-print-area');
    await expect(notes).not.toHaveAttribute('data-print-area');
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(notes).toHaveAttribute('data-print-area'));
    print.mockRestore();
  },
};

/**
 * A signed note carries the clinic name as its letterhead and the signature line under the
 * signer, as they were when it was signed, on screen and in what prints; a note signed before
 * they were kept on notes shows neither.
 */
export const Brevhuvud: Story = {
  name: 'Brevhuvud',
  play: async ({ canvas, userEvent }) => {
    const print = spyOn(window, 'print').mockImplementation(() => {});
    const signed = await canvas.findByRole('article', { name: 'Hälsosamtal – uppföljning' });
    const header = within(signed);
    await expect(header.getByText('Hälsoportalen')).toBeVisible();
    await expect(header.getByText('Med vänliga hälsningar, teamet på Hälsoportalen')).toBeVisible();
    // Letterhead above the title, signature line right under the signer.
    const texts = [...signed.querySelectorAll('header p, header h2')].map((e) => e.textContent);
    await expect(texts.slice(0, 4)).toEqual([
      'Hälsoportalen',
      'Hälsosamtal – uppföljning',
      'Signerad av Erik Johansson 12 november 2026 kl. 09:05',
      'Med vänliga hälsningar, teamet på Hälsoportalen',
    ]);
    const older = canvas.getByRole('article', { name: 'Uppföljning' });
    await expect(within(older).queryByText('Hälsoportalen')).toBeNull();
    await expect(
      within(older).queryByText('Med vänliga hälsningar, teamet på Hälsoportalen'),
    ).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Skriv ut Hälsosamtal – uppföljning från 12 november 2026',
      }),
    );
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = signed.closest('li')!;
    await expect(printed).toHaveAttribute('data-print-area');
    await expect(within(printed).getByText('Hälsoportalen')).toBeVisible();
    await expect(
      within(printed).getByText('Med vänliga hälsningar, teamet på Hälsoportalen'),
    ).toBeVisible();
    window.dispatchEvent(new Event('afterprint'));
    print.mockRestore();
  },
};

const live = new FakeLiveClient();

/** A DAILY_NOTE notice arriving live brings the new note in without a reload. */
export const NyAnteckningIRealtid: Story = {
  name: 'Ny anteckning i realtid',
  decorators: [
    (Story) => (
      <FakeLiveProvider live={live}>
        <Story />
      </FakeLiveProvider>
    ),
  ],
  play: async ({ canvas }) => {
    const notes = await canvas.findByRole('list', { name: 'Journalanteckningar, nyast först' });
    await expect(within(notes).getAllByRole('article')).toHaveLength(2);
    const journal = mockState.clientJournals[3]!;
    journal.dailyNotes = [
      {
        ...journal.dailyNotes[0]!,
        id: 299,
        title: 'Nytt hälsosamtal',
        signedAt: '2026-11-21T09:00:00.000Z',
      },
      ...journal.dailyNotes,
    ];
    live.emit(LiveDestinations.notifications, {
      id: 401,
      status: 'UNREAD',
      type: 'DAILY_NOTE',
      message: 'En ny journalanteckning finns att läsa.',
      timestamp: '2026-11-21T09:00:00.000Z',
    });
    await waitFor(() => expect(within(notes).getAllByRole('article')).toHaveLength(3));
    await expect(within(notes).getAllByRole('heading', { level: 2 })[0]).toHaveTextContent(
      'Nytt hälsosamtal',
    );
  },
};
