import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { STAFF_MESSAGES } from '@halsa/api';
import { answer, errorResponse, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import type { StaffScreen } from './staff-list';
import { staffStory, withStaffFixtures, body, rowOf } from './story-setup';

const meta = {
  title: 'Personal/Byta roll',
  ...staffStory,
  beforeEach: withStaffFixtures,
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const roleOf = (id: number) => mockState.users.find((u) => u.id === id)?.role;

/**
 * 'Gör till administratör' asks first and says what it means (every client). After the change
 * no opposite button appears under the pointer: a status with 'Ångra' takes its place, and
 * 'Ångra' takes the change back.
 */
export const TillAdministrator: Story = {
  name: 'Gör till administratör med bekräftelse och Ångra',
  play: async ({ canvas, userEvent }) => {
    const erik = await rowOf(canvas, 'Erik Johansson');
    await userEvent.click(erik.getByRole('button', { name: 'Gör till administratör' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Göra Erik Johansson till administratör?' }),
    );
    await expect(
      dialog.getByText(
        'Som administratör kan Erik Johansson läsa alla klienters uppgifter, inte bara vårdteamets, och hantera personal och inställningar. Ändringen loggas.',
      ),
    ).toBeVisible();
    await expect(roleOf(2)).toBe('STAFF');
    await userEvent.click(dialog.getByRole('button', { name: 'Gör till administratör' }));
    await expect(await erik.findByRole('status')).toHaveTextContent(
      'Erik Johansson är nu administratör.',
    );
    await waitFor(() => expect(erik.getByText('Administratör')).toBeVisible());
    await expect(roleOf(2)).toBe('ADMIN');
    await expect(erik.queryByRole('button', { name: 'Gör till personal' })).toBeNull();
    await userEvent.click(erik.getByRole('button', { name: 'Ångra rollbytet för Erik Johansson' }));
    await expect(
      await body().findByText('Ändringen är ångrad: Erik Johansson är personal igen.'),
    ).toBeVisible();
    await waitFor(() => expect(roleOf(2)).toBe('STAFF'));
    await expect(await erik.findByRole('button', { name: 'Gör till administratör' })).toBeVisible();
  },
};

/** 'Gör till personal' asks first too and says what she loses; 'Avbryt' changes nothing. */
export const TillPersonal: Story = {
  name: 'Gör till personal med bekräftelse',
  play: async ({ canvas, userEvent }) => {
    const per = await rowOf(canvas, 'Per Åberg');
    await userEvent.click(per.getByRole('button', { name: 'Gör till personal' }));
    let dialog = within(
      await body().findByRole('dialog', { name: 'Göra Per Åberg till personal?' }),
    );
    await expect(
      dialog.getByText(
        'Per Åberg kan då bara läsa uppgifter om klienterna i sitt vårdteam och kan inte längre hantera personal eller inställningar. Ändringen loggas.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(roleOf(23)).toBe('ADMIN');
    await userEvent.click(per.getByRole('button', { name: 'Gör till personal' }));
    dialog = within(await body().findByRole('dialog', { name: 'Göra Per Åberg till personal?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Gör till personal' }));
    await expect(await per.findByRole('status')).toHaveTextContent('Per Åberg är nu personal.');
    await expect(per.getByRole('button', { name: 'Ångra rollbytet för Per Åberg' })).toBeVisible();
    await expect(roleOf(23)).toBe('STAFF');
  },
};

/** The server refuses (the last active ADMIN): its reason stays in the dialog, nothing changes. */
export const Nekas: Story = {
  name: 'Rollbyte nekas',
  parameters: mocks([answer('changeRole', () => errorResponse(409, STAFF_MESSAGES.lastAdmin))]),
  play: async ({ canvas, userEvent }) => {
    const per = await rowOf(canvas, 'Per Åberg');
    await userEvent.click(per.getByRole('button', { name: 'Gör till personal' }));
    const dialog = within(
      await body().findByRole('dialog', { name: 'Göra Per Åberg till personal?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Gör till personal' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.lastAdmin);
    await expect(per.queryByRole('status')).toBeNull();
    await expect(roleOf(23)).toBe('ADMIN');
  },
};
