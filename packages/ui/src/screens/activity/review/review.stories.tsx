import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { careTeamScenarios } from '@halsa/api/mocks';
import { mocks, STORY_NOW } from '../../../testing';
import { AccessReviewScreen } from './review';

const meta = {
  title: 'Aktivitet/Logguppföljning',
  component: AccessReviewScreen,
  args: { now: STORY_NOW },
  parameters: { route: { path: '/activity/review', url: '/activity/review' } },
} satisfies Meta<typeof AccessReviewScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The unreviewed emergency accesses, newest first, and the patterns per person and day. */
export const Lista: Story = {
  name: 'Att granska',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Logguppföljning' })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Att granska' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    await expect(titles).toEqual([
      'Erik Johansson läste Ahmed Haddads uppgifter',
      'Erik Johansson läste Ahmed Haddads uppgifter',
    ]);
    const lars = within(within(list).getAllByRole('article')[0]!);
    await expect(lars.getByText('Akut vårdbehov')).toBeVisible();
    await expect(lars.getByText('6 rader')).toBeVisible();
    // what was read, in Swedish that reads as Swedish (design §4.20)
    await expect(lars.getByText('provsvar, klientöversikt och journal')).toBeVisible();
    await expect(lars.getByText('Stängdes')).toBeVisible();
    await expect(
      lars.getByRole('link', { name: /Visa raderna i aktivitetsloggen/ }),
    ).toHaveAttribute('href', '/activity?emergencyAccess=901');
    const ahmed = within(within(list).getAllByRole('article')[1]!);
    await expect(ahmed.getByText('Annat')).toBeVisible();
    await expect(
      ahmed.getByText('Klienten ringde från akuten och bad om hjälp med sina provsvar.'),
    ).toBeVisible();

    const table = canvas.getByRole('table', { name: 'Mönster att titta på, per person och dag' });
    await expect(within(table).getByText('Läsningar utanför vårdteamet')).toBeVisible();
    await expect(within(table).getByText('Fler än 50 klienter på en dag')).toBeVisible();
    const links = within(table).getAllByRole('link');
    await expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/activity?performedBy=2&day=2026-11-20',
      '/activity?performedBy=2&day=2026-11-18',
    ]);
  },
};

/** 'Markera som granskad' needs a comment; with one the access moves to 'Granskade'. */
export const Granska: Story = {
  name: 'Granska en nödåtkomst',
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Att granska' });
    const first = within(within(list).getAllByRole('article')[0]!);
    await userEvent.click(first.getByRole('button', { name: 'Markera som granskad' }));
    // 'Avbryt' gives focus back to the button (issue 35).
    await userEvent.click(first.getByRole('button', { name: 'Avbryt' }));
    await expect(first.getByRole('button', { name: 'Markera som granskad' })).toHaveFocus();
    await userEvent.click(first.getByRole('button', { name: 'Markera som granskad' }));
    await userEvent.click(first.getByRole('button', { name: 'Spara granskningen' }));
    await expect(await first.findByText('Kommentar till granskningen måste anges.')).toBeVisible();
    await userEvent.type(
      first.getByRole('textbox', { name: 'Kommentar till granskningen' }),
      'Akut besök, i sin ordning.',
    );
    await userEvent.click(first.getByRole('button', { name: 'Spara granskningen' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Erik Johansson läste Ahmed Haddads uppgifter']),
    );
    // Focus moves to the card now in its place, not to the page's body (issue 35).
    await waitFor(() =>
      expect(
        within(list).getByRole('heading', {
          level: 3,
          name: 'Erik Johansson läste Ahmed Haddads uppgifter',
        }),
      ).toHaveFocus(),
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Granskade' }));
    const reviewed = await canvas.findByRole('list', { name: 'Granskade' });
    await expect(await within(reviewed).findByText('Akut besök, i sin ordning.')).toBeVisible();
    await expect(within(reviewed).getAllByText(/^Granskad .* av Maria Berg$/)).toHaveLength(2);
  },
};

/** The reviewed ones: who reviewed, when and what she wrote; no review button. */
export const Granskade: Story = {
  name: 'Granskade',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Att granska' });
    await userEvent.click(canvas.getByRole('tab', { name: 'Granskade' }));
    const list = await canvas.findByRole('list', { name: 'Granskade' });
    await expect(within(list).getByText('Ersätter kollega')).toBeVisible();
    await expect(
      within(list).getByText('Granskad 11 november 2026 kl. 09:15 av Maria Berg'),
    ).toBeVisible();
    await expect(
      within(list).getByText('Ersatte ordinarie sjuksköterska under semester. I sin ordning.'),
    ).toBeVisible();
    await expect(within(list).queryByRole('button', { name: 'Markera som granskad' })).toBeNull();
  },
};

/**
 * An access still open cannot be marked reviewed yet (design §4.20): the card says when it can,
 * and offers no button.
 */
export const FortfarandeOppen: Story = {
  name: 'Nödåtkomsten är fortfarande öppen',
  args: { now: new Date('2026-11-20T15:00:00.000Z') },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Att granska' });
    const open = within(within(list).getAllByRole('article')[0]!);
    await expect(open.getByText('Stängs')).toBeVisible();
    await expect(
      open.getByText('Nödåtkomsten är fortfarande öppen. Den kan granskas när den har stängts.'),
    ).toBeVisible();
    await expect(open.queryByRole('button', { name: 'Markera som granskad' })).toBeNull();
  },
};

/** Nothing to follow up. */
export const Tom: Story = {
  name: 'Inget att granska',
  parameters: mocks(careTeamScenarios.reviewEmpty),
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Inga nödåtkomster att granska.')).toBeVisible();
    await expect(canvas.getByText('Inga mönster att titta på.')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Granskade' }));
    await expect(await canvas.findByText('Inga granskade nödåtkomster ännu.')).toBeVisible();
  },
};

/** Marking as reviewed fails without a message: the call's Swedish fallback. */
export const GranskaMisslyckas: Story = {
  name: 'Granskningen misslyckas',
  parameters: mocks(careTeamScenarios.reviewFailure),
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Att granska' });
    const first = within(within(list).getAllByRole('article')[0]!);
    await userEvent.click(first.getByRole('button', { name: 'Markera som granskad' }));
    await userEvent.type(first.getByRole('textbox', { name: 'Kommentar till granskningen' }), 'OK');
    await userEvent.click(first.getByRole('button', { name: 'Spara granskningen' }));
    await expect(await first.findByRole('alert')).toHaveTextContent(
      'Kunde inte markera som granskad',
    );
  },
};

/** On a phone (375 px wide) nothing scrolls sideways but the table. */
export const Mobil: Story = {
  name: 'Mobil',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Att granska' });
    await expect(canvas.getAllByRole('button', { name: 'Markera som granskad' })).toHaveLength(2);
  },
};
