import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { authScenarios, mockState, openEmergencyAccessFixture } from '@halsa/api/mocks';
import { mocks, STORY_NOW } from '../../../testing';
import { ClientPagesScreen } from './client-pages';

const meta = {
  title: 'Klienter/Klientsidor/Vårdrelation',
  component: ClientPagesScreen,
  args: { now: STORY_NOW },
  parameters: {
    route: { path: '/clients/:clientId/*', url: '/clients/7/overview' },
    ...mocks(authScenarios.asStaff),
  },
} satisfies Meta<typeof ClientPagesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * STAFF outside Ahmed Haddad's care team: the 403 NO_CARE_RELATION shows the message and
 * 'Nödåtkomst' instead of a load error; with a reason the page opens.
 */
export const IngenVardrelation: Story = {
  name: 'Ingen vårdrelation, nödåtkomst öppnar sidan',
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Du har ingen vårdrelation med klienten.' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Försök igen' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Nödåtkomst' }));
    const d = within(await within(document.body).findByRole('dialog', { name: 'Nödåtkomst' }));
    await userEvent.click(d.getByRole('radio', { name: 'Akut vårdbehov' }));
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ahmed Haddad' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Personuppgifter' })).toBeVisible();
    // the banner says until when, and that everything is logged (design §4.20)
    const banner = await canvas.findByRole('status', { name: 'Nödåtkomst till Ahmed Haddad' });
    await expect(banner).toHaveTextContent(/Nödåtkomst till \d\d:\d\d – allt du läser loggas/);
  },
};

/**
 * Under an open emergency access every page of the client has the banner; 'Avsluta nu' closes
 * it and the page goes back to the 403, which now names her.
 */
export const NodatkomstOppen: Story = {
  name: 'Nödåtkomst öppen, avslutas nu',
  beforeEach: () => {
    mockState.careTeam.emergencyAccesses.push(structuredClone(openEmergencyAccessFixture));
  },
  play: async ({ canvas, userEvent }) => {
    const banner = await canvas.findByRole('status', { name: 'Nödåtkomst till Ahmed Haddad' });
    await expect(banner).toHaveTextContent('Nödåtkomst till 17:40 – allt du läser loggas');
    await expect(banner).toHaveTextContent(
      'Du läser Ahmed Haddads uppgifter utan att vara med i vårdteamet.',
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Avsluta nu' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Du har ingen vårdrelation med Ahmed Haddad.' }),
    ).toBeVisible();
    await expect(await within(document.body).findByText('Nödåtkomsten är avslutad.')).toBeVisible();
    await expect(canvas.queryByRole('status', { name: 'Nödåtkomst till Ahmed Haddad' })).toBeNull();
  },
};

/** In her care team the page shows as before, with 'Vårdteam' by name. */
export const IVardteamet: Story = {
  name: 'I vårdteamet',
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/3/overview' } },
  play: async ({ canvas }) => {
    const team = await canvas.findByRole('list', { name: 'Vårdteamet' });
    await expect(within(team).getByText('Erik Johansson')).toBeVisible();
  },
};
