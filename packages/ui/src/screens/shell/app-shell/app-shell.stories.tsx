import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { notificationScenarios } from '@halsa/api/mocks/handlers/notifications';
import { shellMsw, userStatsScenarios } from '../../../testing';
import { baseMeta, bell, openPanel, sidebarLinks } from './app-shell.story-setup';

const meta = { ...baseMeta, title: 'Skal/Inloggad layout/Notiser' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KlientMedOlasta: Story = {
  name: 'Klient med olästa notiser',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Hälsoportalen' })).toHaveAttribute('href', '/');
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }),
    ).toBeVisible();
    await expect(sidebarLinks(canvas)).toEqual([
      'Att göra',
      'Provsvar',
      'Handlingsplan',
      'Journal',
      'Enkäter',
      'Bokningar',
    ]);
    const main = canvas.getByRole('main');
    await expect(within(main).getByRole('heading', { level: 1, name: 'Att göra' })).toBeVisible();
    // The fixtures hold unread messages to Anna: the widget button says how many.
    await expect(
      await canvas.findByRole('button', { name: /^Öppna meddelanden, \d+ olästa?$/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Hoppa till innehållet' })).toBeInTheDocument();
  },
};

export const PersonalMedOlasta: Story = {
  name: 'Personal med olästa notiser',
  args: { user: sessionUsers.staff },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    await expect(sidebarLinks(canvas)).toEqual(['Att göra', 'Klienter', 'Bokningar', 'Rapporter']);
    await userEvent.click(canvas.getByRole('button', { name: /^Öppna meddelanden/ }));
    const widget = canvas.getByRole('dialog', { name: 'Meddelanden' });
    await expect(within(widget).getByRole('heading', { name: 'Välkommen Erik' })).toBeVisible();
    await expect(within(widget).queryByRole('region', { name: 'Dagens hälsotips' })).toBeNull();
  },
};

export const AdminMedOlasta: Story = {
  name: 'Administratör med olästa notiser',
  args: { user: sessionUsers.admin },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    // 'Logguppföljning' with the emergency accesses not yet reviewed (design §4.20)
    await expect(
      await canvas.findByRole('link', { name: 'Logguppföljning 2 att granska' }),
    ).toBeVisible();
    await expect(sidebarLinks(canvas)).toEqual([
      'Att göra',
      'Klienter',
      'Logguppföljning 2 att granska',
      'Bokningar',
      'Rapporter',
      'Personal',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: /^Öppna meddelanden/ }));
    const widget = canvas.getByRole('dialog', { name: 'Meddelanden' });
    await expect(within(widget).getByRole('heading', { name: 'Välkommen Maria' })).toBeVisible();
    await waitFor(() =>
      expect(within(widget).getByTestId('new-user-counts')).toHaveTextContent(
        'Nya användare: Vecka 4, Månad 17, År 142',
      ),
    );
    await expect(within(widget).getByRole('region', { name: 'Dagens hälsotips' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Maria Berg' }));
    await expect(canvas.getByRole('menuitem', { name: 'Journalinställningar' })).toBeVisible();
    await expect(canvas.getByRole('menuitem', { name: 'Aktivitet' })).toBeVisible();
  },
};

export const AdminStatistikFel: Story = {
  name: 'Administratör: statistiken kunde inte hämtas',
  args: { user: sessionUsers.admin },
  parameters: { msw: shellMsw(...userStatsScenarios.error) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Öppna meddelanden/ }));
    await waitFor(() =>
      expect(canvas.getByTestId('new-user-counts')).toHaveTextContent(
        'Kunde inte hämta användarstatistik',
      ),
    );
  },
};

export const KlientUtanOlasta: Story = {
  name: 'Klient utan olästa notiser',
  parameters: { msw: shellMsw(...notificationScenarios.allRead) },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole('main');
    await expect(await within(main).findByText('Inga olästa notiser')).toBeVisible();
    await expect(bell(canvas)).toHaveAccessibleName('Notiser');
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    await expect(
      within(panel).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeDisabled();
  },
};

export const PersonalUtanNotiser: Story = {
  name: 'Personal utan notiser',
  args: { user: sessionUsers.staff },
  parameters: { msw: shellMsw(...notificationScenarios.empty) },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole('main');
    await expect(await within(main).findByText('Inga notiser')).toBeVisible();
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getByText('Inga nya notiser')).toBeVisible();
    await expect(
      within(panel).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeDisabled();
  },
};

export const NotiserLaddas: Story = {
  name: 'Notiserna laddas',
  parameters: { msw: shellMsw(...notificationScenarios.loading) },
  play: async ({ canvas, userEvent }) => {
    await expect(bell(canvas)).toHaveAccessibleName('Notiser');
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getByRole('status')).toHaveTextContent('Hämtar notiser…');
  },
};

/** Spec §8: notification-fetch failures are silent. */
export const NotiserFel: Story = {
  name: 'Notiserna kunde inte hämtas (tyst)',
  args: { user: sessionUsers.admin },
  parameters: { msw: shellMsw(...notificationScenarios.error(500)) },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole('main');
    await expect(await within(main).findByText('Inga notiser')).toBeVisible();
    await expect(bell(canvas)).toHaveAccessibleName('Notiser');
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getByText('Inga nya notiser')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const NotispanelTangentbord: Story = {
  name: 'Notispanelen med tangentbord',
  play: async ({ canvas, userEvent }) => {
    const bellButton = await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    bellButton.focus();
    await userEvent.keyboard('{Enter}');
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await expect(bellButton).toHaveAttribute('aria-expanded', 'true');
    await expect(bellButton).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(panel).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();
    await expect(bellButton).toHaveFocus();
    // Escape closed only the panel, not the rest.
    await expect(canvas.getByRole('button', { name: /^Öppna meddelanden/ })).toBeVisible();

    await userEvent.click(bellButton);
    await expect(canvas.getByRole('dialog', { name: 'Notiser' })).toBeVisible();
    await userEvent.click(canvas.getByRole('heading', { level: 1, name: 'Att göra' }));
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();

    // Focus leaving the panel closes it, so it never covers the focused element.
    await userEvent.click(bellButton);
    await expect(canvas.getByRole('dialog', { name: 'Notiser' })).toBeVisible();
    within(canvas.getByRole('navigation', { name: 'Huvudmeny' }))
      .getByRole('link', { name: 'Provsvar' })
      .focus();
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull());
  },
};

/** Click a LAB_RESULT notice: the panel closes, /lab-results opens, the dot goes after the PATCH. */
export const NotisKlickNavigerar: Story = {
  name: 'Klick på notis navigerar och tar bort pricken',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(
      within(panel).getByRole('button', {
        name: /^Oläst Nya provsvar finns att läsa\. 20 nov\./,
      }),
    );
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();
    await expect(canvas.getByTestId('location')).toHaveTextContent('/lab-results');
    await expect(
      within(canvas.getByRole('main')).getByRole('heading', { name: 'Provsvar' }),
    ).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(within(nav).getByRole('link', { name: 'Provsvar' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(await canvas.findByRole('button', { name: 'Notiser, 2 olästa' })).toBeVisible();
    const reopened = await openPanel(canvas, userEvent);
    await expect(
      within(reopened).getByRole('button', { name: /^Nya provsvar finns att läsa\. 20 nov\./ }),
    ).toHaveAttribute('data-status', 'READ');
  },
};

export const NotisKlickMisslyckas: Story = {
  name: 'Markera läst misslyckas (oförändrat)',
  parameters: { msw: shellMsw(...notificationScenarios.markReadFailure) },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(within(panel).getByRole('button', { name: /^Oläst Nya provsvar/ }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/lab-results');
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark as read', expect.anything()),
    );
    await expect(bell(canvas)).toHaveAccessibleName('Notiser, 3 olästa');
    const reopened = await openPanel(canvas, userEvent);
    await expect(
      within(reopened).getByRole('button', {
        name: /^Oläst Nya provsvar finns att läsa\. 20 nov\./,
      }),
    ).toHaveAttribute('data-status', 'UNREAD');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const MarkeraAllaSomLasta: Story = {
  name: 'Markera alla som lästa',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(within(panel).getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() => expect(bell(canvas)).toHaveAccessibleName('Notiser'));
    await expect(within(panel).queryByText('Oläst')).toBeNull();
  },
};
