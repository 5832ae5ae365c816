import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { addCareTeamStaff, authScenarios, careTeamScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { CareTeamEditor } from './care-team-editor';

const meta = {
  title: 'Klienter/Vårdteam',
  component: CareTeamEditor,
  args: { clientId: 3 },
  decorators: [
    (Story) => (
      <main className="mx-auto max-w-xl p-gutter">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof CareTeamEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** STAFF sees the team by name and cannot change it. */
export const PersonalSerTeamet: Story = {
  name: 'Personal ser vårdteamet',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Vårdteam' })).toBeVisible();
    const team = await canvas.findByRole('list', { name: 'Vårdteamet' });
    await expect(within(team).getByText('Erik Johansson')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Ändra vårdteam' })).toBeNull();
  },
};

/** A client without a team. */
export const TomtTeam: Story = {
  name: 'Inget vårdteam',
  args: { clientId: 7 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ingen i vårdteamet ännu.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ändra vårdteam' })).toBeVisible();
  },
};

/** ADMIN searches the staff as she types, adds Sara Holmberg, removes Erik and saves. */
export const AdminAndrar: Story = {
  name: 'Administratör ändrar vårdteamet',
  beforeEach: () => {
    addCareTeamStaff();
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Ändra vårdteam' }));
    const search = canvas.getByRole('searchbox', { name: 'Sök personal' });
    await userEvent.type(search, 'hol');
    const hits = await canvas.findByRole('list', { name: 'Sökträffar' });
    await expect(within(hits).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(hits).getByRole('button', { name: 'Lägg till Sara Holmberg' }));
    await userEvent.type(search, 'zzz');
    await expect(await canvas.findByText('Ingen personal matchar ”zzz”.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Erik Johansson' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Spara vårdteam' }));
    await expect(await canvas.findByText('Vårdteamet är sparat.')).toBeVisible();
    // Focus returns to the button that opened the edit, not the page's body (issue 35).
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Ändra vårdteam' })).toHaveFocus(),
    );
    const team = canvas.getByRole('list', { name: 'Vårdteamet' });
    await expect(within(team).getByText('Sara Holmberg')).toBeVisible();
    await expect(within(team).queryByText('Erik Johansson')).toBeNull();
    await waitFor(() => expect(mockState.careTeam.teams[3]).toEqual([33]));
  },
};

/** Saving fails without a message: the call's Swedish fallback, the edit stays open. */
export const SparaMisslyckas: Story = {
  name: 'Sparandet misslyckas',
  parameters: mocks(careTeamScenarios.updateCareTeamFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Ändra vårdteam' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Ta bort Erik Johansson' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Spara vårdteam' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte spara vårdteamet');
    await expect(canvas.getByRole('button', { name: 'Spara vårdteam' })).toBeVisible();
    // 'Avbryt' closes the edit with focus on 'Ändra vårdteam' (issue 35).
    await userEvent.click(canvas.getByRole('button', { name: 'Avbryt' }));
    await expect(canvas.getByRole('button', { name: 'Ändra vårdteam' })).toHaveFocus();
  },
};
