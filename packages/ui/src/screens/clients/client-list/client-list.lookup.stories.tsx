import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  authScenarios,
  careTeamScenarios,
  mockState,
  openEmergencyAccessFixture,
} from '@halsa/api/mocks';
import { LocationProbe, mocks, STORY_NOW } from '../../../testing';
import { ClientListScreen } from './client-list';

const meta = {
  title: 'Klienter/Klientlista/Personnummer utanför vårdteamet',
  component: ClientListScreen,
  args: { now: STORY_NOW },
  parameters: { route: { path: '/clients', url: '/clients' }, ...mocks(authScenarios.asStaff) },
  decorators: [
    (Story) => (
      <>
        <Story />
        <LocationProbe />
      </>
    ),
  ],
} satisfies Meta<typeof ClientListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * STAFF types Ahmed Haddad's whole personal number: her list holds nobody, the lookup shows his
 * name only with 'Nödåtkomst'; once open she is on his page.
 */
export const NamnMedNodatkomst: Story = {
  name: 'Bara namnet, med nödåtkomst',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök klient' }), '19880614-7735');
    const hit = await canvas.findByRole('region', { name: 'Träff på personnummer' });
    await expect(within(hit).getByText('Ahmed Haddad')).toBeVisible();
    await expect(
      within(hit).getByText('Klienten finns men ingår inte i ditt vårdteam. Du ser bara namnet.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Ahmed Haddad' })).toBeNull();
    await expect(canvas.queryByText('19880614-7735', { selector: 'td' })).toBeNull();
    await userEvent.click(within(hit).getByRole('button', { name: 'Nödåtkomst' }));
    const d = within(
      await within(document.body).findByRole('dialog', { name: 'Nödåtkomst till Ahmed Haddad' }),
    );
    await expect(d.getByText('Du är inte med i vårdteamet för Ahmed Haddad.')).toBeVisible();
    await userEvent.click(d.getByRole('radio', { name: 'Klienten har bett om det' }));
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        'Navigerade till /clients/7/overview',
      ),
    );
  },
};

/** Nobody has the number: only the empty list. */
export const IngenMedNumret: Story = {
  name: 'Ingen har personnumret',
  parameters: mocks(authScenarios.asStaff, careTeamScenarios.lookupNotFound),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök klient' }), '190001010000');
    await expect(await canvas.findByText('Ingen klient har personnumret.')).toBeVisible();
    await expect(canvas.queryByText('Inga klienter hittades.')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Nödåtkomst' })).toBeNull();
  },
};

/** Under an open emergency access the client is in her list, marked 'Nödåtkomst' (§4.20). */
export const MarkeradMedNodatkomst: Story = {
  name: 'Klient med öppen nödåtkomst är markerad',
  beforeEach: () => {
    mockState.careTeam.emergencyAccesses.push(structuredClone(openEmergencyAccessFixture));
  },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Ahmed Haddad' });
    const row = link.closest('tr')!;
    await expect(await within(row).findByText('Nödåtkomst')).toBeVisible();
    const anna = canvas.getByRole('link', { name: 'Anna Lindqvist' }).closest('tr')!;
    await expect(within(anna).queryByText('Nödåtkomst')).toBeNull();
  },
};

/** Item 4 of issue 35: the field says what her search does; a name outside the team says why. */
export const SokningSagerVadDenGor: Story = {
  name: 'Sökningen säger vad den gör',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await expect(
      canvas.getByText(
        'Namn, personnummer eller e-post bland dina klienter. Andra klienter hittar du med hela personnumret.',
      ),
    ).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök klient' }), 'Ahmed');
    await expect(await canvas.findByText('Ingen av dina klienter matchar ”Ahmed”.')).toBeVisible();
    await expect(
      canvas.getByText(
        'Utanför ditt vårdteam hittar du en klient bara med hela personnumret (ÅÅÅÅMMDD-NNNN).',
      ),
    ).toBeVisible();
  },
};
