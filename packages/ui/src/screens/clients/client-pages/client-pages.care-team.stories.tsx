import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { authScenarios } from '@halsa/api/mocks';
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
