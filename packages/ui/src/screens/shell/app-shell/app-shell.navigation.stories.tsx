import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { authScenarios } from '@halsa/api/mocks/handlers/auth';
import { mockState } from '@halsa/api/mocks/state';
import { shellMsw } from '../../../testing';
import { baseMeta, openPanel, sidebarLinks } from './app-shell.story-setup';

const meta = { ...baseMeta, title: 'Skal/Inloggad layout/Navigering' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InstallningarForNotiser: Story = {
  name: 'Till inställningar för notiser',
  play: async ({ canvas, userEvent }) => {
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(within(panel).getByRole('link', { name: 'Inställningar för notiser' }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/profile/notifications');
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();
    await expect(sidebarLinks(canvas, 'Profilmeny')).toEqual([
      'Mitt konto',
      'Notiser',
      'Inloggning och säkerhet',
    ]);
    await expect(
      within(canvas.getByRole('main')).getByRole('heading', { level: 1, name: 'Notiser' }),
    ).toBeVisible();
  },
};

export const AdminPaKlientsida: Story = {
  name: 'Administratör på en klientsida',
  args: { user: sessionUsers.admin },
  parameters: { route: { url: '/clients/1/overview' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(within(nav).getByRole('link', { name: 'Klienter' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

export const AdminJournalinstallningar: Story = {
  name: 'Administratör: journalinställningar',
  args: { user: sessionUsers.admin },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Maria Berg' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Journalinställningar' }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/journal/general');
    await expect(sidebarLinks(canvas, 'Journalmeny')).toEqual(['Allmänt', 'Journalformulär']);
  },
};

export const LoggaUt: Story = {
  name: 'Logga ut',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Logga ut' }));
    await waitFor(() => expect(mockState.sessionUser).toBeNull());
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const UtloggningMisslyckas: Story = {
  name: 'Utloggning misslyckas',
  parameters: { msw: shellMsw(...authScenarios.logoutFailure) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Logga ut' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Utloggning misslyckades');
  },
};

export const HoppaTillInnehallet: Story = {
  name: 'Hoppa till innehållet',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Hoppa till innehållet' });
    await expect(skip).toHaveFocus();
    await expect(skip.getBoundingClientRect().width).toBeGreaterThan(1);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};
