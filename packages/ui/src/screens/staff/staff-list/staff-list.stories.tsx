import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { STAFF_MESSAGES } from '@halsa/api';
import { careTeamScenarios, mockState, staffScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { CARE_TEAM_SETTING_HINT } from './care-team-setting';
import { OWN_ACCOUNT_NOTE } from './staff-actions';
import type { StaffScreen } from './staff-list';
import { staffStory, withStaffFixtures, body, rowOf } from './story-setup';

const meta = {
  title: 'Personal/Personallista',
  ...staffStory,
  beforeEach: withStaffFixtures,
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Everyone with role, status and last activity; the locked account shows its lock. */
export const Lista: Story = {
  name: 'Personallista',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
    const me = await rowOf(canvas, /^Maria Berg/);
    await expect(me.getByText('(du)')).toBeVisible();
    await expect(me.getByText('Administratör')).toBeVisible();
    await expect(me.getByText('Aktiv')).toBeVisible();
    // Her own row offers nothing that always fails, and says why (issue 35).
    await expect(me.getByText(OWN_ACCOUNT_NOTE)).toBeVisible();
    await expect(me.queryByRole('button', { name: 'Gör till personal' })).toBeNull();
    await expect(me.queryByRole('button', { name: 'Inaktivera' })).toBeNull();
    const erik = await rowOf(canvas, 'Erik Johansson');
    await expect(erik.getByText('staff@example.com')).toBeVisible();
    await expect(erik.getByRole('button', { name: '5 klienter för Erik Johansson' })).toBeVisible();
    await expect(erik.getByText('Personal')).toBeVisible();
    await expect(erik.getByRole('button', { name: 'Gör till administratör' })).toBeVisible();
    await expect(erik.getByRole('button', { name: 'Inaktivera' })).toBeVisible();
    await expect(erik.queryByRole('button', { name: 'Lås upp inloggning' })).toBeNull();
    const johanna = await rowOf(canvas, 'Johanna Ek');
    await expect(johanna.getByText('Inbjuden')).toBeVisible();
    await expect(johanna.getByText('Aldrig')).toBeVisible();
    const lena = await rowOf(canvas, 'Lena Holm');
    await expect(lena.getByText('Inaktiverad')).toBeVisible();
    await expect(lena.getByRole('button', { name: 'Återaktivera' })).toBeVisible();
    const per = await rowOf(canvas, 'Per Åberg');
    await expect(per.getByRole('button', { name: 'Gör till personal' })).toBeVisible();
  },
};

/** Nobody in the list. */
export const Tom: Story = {
  name: 'Ingen personal',
  parameters: mocks(staffScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ingen personal ännu.')).toBeVisible();
  },
};

/** The list cannot be fetched. */
export const Fel: Story = {
  name: 'Kunde inte hämta',
  parameters: mocks(staffScenarios.error(500), careTeamScenarios.settingFailure),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Försök igen' })).toBeVisible();
    await expect(canvas.getAllByText('Kunde inte hämta personal')[0]).toBeVisible();
    await expect(await canvas.findByText('Kunde inte hämta inställningen')).toBeVisible();
  },
};

/** 'Inaktivera' asks first, naming the person; she then shows as 'Inaktiverad'. */
export const Inaktivera: Story = {
  name: 'Inaktivera med bekräftelse',
  play: async ({ canvas, userEvent }) => {
    const erik = await rowOf(canvas, 'Erik Johansson');
    await userEvent.click(erik.getByRole('button', { name: 'Inaktivera' }));
    const dialog = within(body().getByRole('dialog', { name: 'Inaktivera Erik Johansson?' }));
    await expect(
      dialog.getByText(
        'Erik Johansson loggas ut direkt och kan inte längre logga in. Uppgifter och loggar finns kvar.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Inaktivera' }));
    await expect(await body().findByText('Erik Johansson är inaktiverad.')).toBeVisible();
    await waitFor(() => expect(erik.getByText('Inaktiverad')).toBeVisible());
    await expect(erik.getByRole('button', { name: 'Återaktivera' })).toBeVisible();
  },
};

/** 'Återaktivera' asks first too; the person is active again. */
export const Ateraktivera: Story = {
  name: 'Återaktivera med bekräftelse',
  play: async ({ canvas, userEvent }) => {
    const lena = await rowOf(canvas, 'Lena Holm');
    await userEvent.click(lena.getByRole('button', { name: 'Återaktivera' }));
    const dialog = within(body().getByRole('dialog', { name: 'Återaktivera Lena Holm?' }));
    await expect(dialog.getByText('Lena Holm kan logga in igen med sitt lösenord.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Återaktivera' }));
    await waitFor(() => expect(lena.getByText('Aktiv')).toBeVisible());
  },
};

/** The server refuses the last active ADMIN: its Swedish reason stays in the dialog. */
export const SistaAdministratoren: Story = {
  name: 'Sista administratören',
  parameters: mocks(staffScenarios.lastAdmin),
  play: async ({ canvas, userEvent }) => {
    const per = await rowOf(canvas, 'Per Åberg');
    await userEvent.click(per.getByRole('button', { name: 'Inaktivera' }));
    const dialog = within(body().getByRole('dialog', { name: 'Inaktivera Per Åberg?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Inaktivera' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.lastAdmin);
    await expect(per.getByText('Aktiv')).toBeVisible();
  },
};

/** 'Lås upp inloggning' only for the locked account; afterwards the lock is gone. */
export const LasUpp: Story = {
  name: 'Lås upp inloggning',
  play: async ({ canvas, userEvent }) => {
    const olof = await rowOf(canvas, 'Olof Ström');
    await expect(olof.getByText('Låst inloggning')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Lås upp inloggning' })).toHaveLength(1);
    await userEvent.click(olof.getByRole('button', { name: 'Lås upp inloggning' }));
    await expect(await body().findByText('Inloggningen för Olof Ström är upplåst.')).toBeVisible();
    await waitFor(() => expect(olof.queryByText('Låst inloggning')).toBeNull());
    await expect(olof.queryByRole('button', { name: 'Lås upp inloggning' })).toBeNull();
  },
};

/** 'Åtkomst endast via vårdteam' is on; turning it off asks first and is saved. */
export const AtkomstViaVardteam: Story = {
  name: 'Åtkomst endast via vårdteam',
  play: async ({ canvas, userEvent }) => {
    const box = await canvas.findByRole('checkbox', { name: 'Åtkomst endast via vårdteam' });
    await expect(box).toBeChecked();
    await expect(canvas.getByText(CARE_TEAM_SETTING_HINT)).toBeVisible();
    await userEvent.click(box);
    const dialog = within(
      body().getByRole('dialog', { name: 'Stäng av åtkomst endast via vårdteam?' }),
    );
    await expect(
      dialog.getByText(
        'All personal kan då läsa alla klienters uppgifter, inte bara sitt vårdteams. Ändringen loggas.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Stäng av' }));
    await expect(await canvas.findByText('Åtkomst endast via vårdteam är av.')).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(mockState.careTeamSetting.careTeamOnly).toBe(false);
    await userEvent.click(box);
    await expect(await canvas.findByText('Åtkomst endast via vårdteam är på.')).toBeVisible();
    await expect(mockState.careTeamSetting.careTeamOnly).toBe(true);
  },
};

/** A phone: the table becomes cards and nothing scrolls sideways. */
export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await rowOf(canvas, 'Erik Johansson');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
