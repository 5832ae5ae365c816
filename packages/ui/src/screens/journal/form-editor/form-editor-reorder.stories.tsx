// Reordering sections and questions by keyboard (space lifts, arrows move, space
// drops, Escape cancels), with what a screen reader hears in Swedish, and by pointer; the new
// order is saved.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FormEditorScreen } from './form-editor';
import {
  editorRoute,
  pageDecorator,
  SAVE_TIMEOUT,
  savedForm,
  withEveryTypeForm,
} from './story-setup';

const meta = {
  title: 'Journal/Formulärredigerare/Flytta',
  component: FormEditorScreen,
  parameters: editorRoute(4),
  decorators: [pageDecorator],
  beforeEach: withEveryTypeForm,
} satisfies Meta<typeof FormEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What dnd-kit's live regions say now. */
const announced = () =>
  Array.from(document.querySelectorAll('[id^="DndLiveRegion"]'))
    .map((el) => el.textContent)
    .join(' ');

const sectionTitles = () =>
  within(document.body)
    .getAllByRole('textbox', { name: 'Sektionens rubrik' })
    .map((i) => (i as HTMLInputElement).value);

/** Section 1 moves below section 2 by keyboard; the server gets the new order. */
export const FlyttaSektionMedTangentbord: Story = {
  name: 'Flytta sektion med tangentbord',
  play: async ({ canvas, userEvent }) => {
    const handle = await canvas.findByRole('button', { name: 'Flytta sektion 1' });
    await expect(handle).toHaveAttribute('aria-roledescription', 'flyttbar');
    await expect(document.body).toHaveTextContent(
      'Tryck mellanslag eller Enter för att lyfta. Flytta med pil upp och pil ned.',
    );
    handle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(announced()).toContain('Sektion 1, Vanor lyftes, plats 1 av 2.'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(announced()).toContain('Sektion 1, Vanor flyttades till plats 2 av 2.'),
    );
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(announced()).toContain('Sektion 1, Vanor släpptes på plats 2 av 2.'),
    );
    await waitFor(() => expect(sectionTitles()).toEqual(['Mätvärden', 'Vanor']));
    await waitFor(
      () =>
        expect(
          [...savedForm().sections].sort((a, b) => a.sortOrder - b.sortOrder).map((s) => s.title),
        ).toEqual(['Mätvärden', 'Vanor']),
      SAVE_TIMEOUT,
    );
  },
};

/** A question moves up two places inside its section. */
export const FlyttaFragaMedTangentbord: Story = {
  name: 'Flytta fråga med tangentbord',
  play: async ({ canvas, userEvent }) => {
    const first = within(await canvas.findByRole('region', { name: 'Sektion 1' }));
    first.getByRole('button', { name: 'Flytta fråga 3 i sektion 1' }).focus();
    // Each key waits for what a screen reader hears, not for a fixed time: on a loaded
    // machine the second arrow was otherwise pressed before the first move had landed.
    await userEvent.keyboard(' ');
    await waitFor(() => expect(announced()).toMatch(/lyftes, plats 3 av 5\./));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(announced()).toMatch(/flyttades till plats 2 av 5\./));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(announced()).toMatch(/flyttades till plats 1 av 5\./));
    await userEvent.keyboard(' ');
    const texts = () =>
      first
        .getAllByRole('textbox', { name: 'Frågetext' })
        .map((i) => (i as HTMLInputElement).value);
    await waitFor(() =>
      expect(texts().slice(0, 3)).toEqual([
        'Röker du?',
        'Vad arbetar du med?',
        'Beskriv en vanlig arbetsdag.',
      ]),
    );
    await waitFor(() => {
      const saved = savedForm()
        .sections.find((s) => s.id === 41)!
        .questions.sort((a, b) => a.sortOrder - b.sortOrder);
      return expect(saved.map((q) => q.id)).toEqual([413, 411, 412, 414, 415]);
    }, SAVE_TIMEOUT);
  },
};

/** Escape puts the lifted section back where it was; nothing is saved. */
export const FlyttAvbruten: Story = {
  name: 'Flytt avbruten',
  play: async ({ canvas, userEvent }) => {
    const handle = await canvas.findByRole('button', { name: 'Flytta sektion 1' });
    handle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(announced()).toContain('Sektion 1, Vanor lyftes, plats 1 av 2.'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(announced()).toContain('Sektion 1, Vanor flyttades till plats 2 av 2.'),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(announced()).toContain('Flytten avbröts. Sektion 1, Vanor ligger kvar på sin plats.'),
    );
    await expect(sectionTitles()).toEqual(['Vanor', 'Mätvärden']);
    await expect(canvas.getByRole('status', { name: 'Sparstatus' })).toHaveTextContent(
      'Ändringar sparas automatiskt.',
    );
  },
};

/** A question dragged with the pointer by its handle, below the one after it. */
export const FlyttaFragaMedMus: Story = {
  name: 'Flytta fråga med mus',
  play: async ({ canvas, userEvent }) => {
    const first = within(await canvas.findByRole('region', { name: 'Sektion 1' }));
    const handle = first.getByRole('button', { name: 'Flytta fråga 1 i sektion 1' });
    const next = first.getByRole('button', { name: 'Flytta fråga 2 i sektion 1' });
    const from = handle.getBoundingClientRect();
    const to = next.getBoundingClientRect();
    const x = from.left + from.width / 2;
    const steps = Array.from({ length: 10 }, (_, i) => ({
      coords: { x, y: from.top + ((to.bottom + 20 - from.top) * (i + 1)) / 10 },
    }));
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: handle, coords: { x, y: from.top + from.height / 2 } },
      ...steps,
      { keys: '[/MouseLeft]' },
    ]);
    const texts = () =>
      first
        .getAllByRole('textbox', { name: 'Frågetext' })
        .map((i) => (i as HTMLInputElement).value);
    await waitFor(() =>
      expect(texts().slice(0, 2)).toEqual(['Beskriv en vanlig arbetsdag.', 'Vad arbetar du med?']),
    );
    await waitFor(() => {
      const saved = savedForm()
        .sections.find((s) => s.id === 41)!
        .questions.sort((a, b) => a.sortOrder - b.sortOrder);
      return expect(saved.map((q) => q.id).slice(0, 2)).toEqual([412, 411]);
    }, SAVE_TIMEOUT);
  },
};
