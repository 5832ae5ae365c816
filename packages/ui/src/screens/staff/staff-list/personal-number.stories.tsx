import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { STAFF_MESSAGES } from '@halsa/api';
import { loadingFor, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import type { StaffScreen } from './staff-list';
import { staffStory, body, rowOf } from './story-setup';

// A person's own personal number on /staff (design §4.18): shown masked in the list, set,
// changed or cleared by ADMIN in a small dialog. Erik has one in the mock data, Maria has none.
const meta = {
  title: 'Personal/Personnummer för e-legitimation',
  ...staffStory,
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const pnrOf = (id: number) => mockState.accounts[id]?.personalNumber ?? null;

/** The list shows Erik's number masked and 'Saknas' for Maria; the dialog opens with its field. */
export const Oppen: Story = {
  name: 'Personnummer – dialogen öppen',
  play: async ({ canvas, userEvent }) => {
    const erik = await rowOf(canvas, /Erik Johansson/);
    await expect(canvas.getByRole('columnheader', { name: 'Personnummer' })).toBeVisible();
    await expect(erik.getByText('19810730-****')).toBeVisible();
    await expect(canvas.queryByText('19810730-1239')).toBeNull();
    const maria = await rowOf(canvas, /Maria Berg/);
    await expect(maria.getByText('Saknas')).toBeVisible();
    await userEvent.click(maria.getByRole('button', { name: 'Lägg till personnummer' }));
    const dialog = within(body().getByRole('dialog', { name: 'Personnummer för Maria Berg' }));
    await expect(
      dialog.getByText('För inloggning med e-legitimation, t.ex. BankID.'),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Personnummer' })).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeVisible();
  },
};

/** A wrong format: the contract's Swedish message at the field, nothing sent; then it is saved. */
export const Sparar: Story = {
  name: 'Personnummer sparas – väntar på svar',
  parameters: mocks(loadingFor(['setPersonalNumber'])),
  play: async ({ canvas, userEvent }) => {
    const maria = await rowOf(canvas, /Maria Berg/);
    await userEvent.click(maria.getByRole('button', { name: 'Lägg till personnummer' }));
    const dialog = within(body().getByRole('dialog', { name: 'Personnummer för Maria Berg' }));
    const field = dialog.getByRole('textbox', { name: 'Personnummer' });
    await userEvent.type(field, '1972-09-05');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(field).toHaveAccessibleDescription(
      /Personnummer måste vara i formatet YYYYMMDD-XXXX\./,
    );
    await expect(field).toBeInvalid();
    await userEvent.clear(field);
    await userEvent.type(field, '19720905-4563');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(await dialog.findByRole('button', { name: /Sparar…/ })).toBeVisible();
    await expect(pnrOf(1)).toBeNull();
  },
};

/** Another of the staff has the number: the server's 409 in the dialog, nothing changed. */
export const Upptaget: Story = {
  name: 'Personnumret används redan av någon annan',
  play: async ({ canvas, userEvent }) => {
    const maria = await rowOf(canvas, /Maria Berg/);
    await userEvent.click(maria.getByRole('button', { name: 'Lägg till personnummer' }));
    const dialog = within(body().getByRole('dialog', { name: 'Personnummer för Maria Berg' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Personnummer' }), '19810730-1239');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      STAFF_MESSAGES.personalNumberTaken,
    );
    await expect(pnrOf(1)).toBeNull();
    await expect(maria.getByText('Saknas')).toBeVisible();
  },
};

/** Saved, then cleared with an emptied field: the list follows and a message says so. */
export const Borttaget: Story = {
  name: 'Personnummer ändrat och borttaget',
  play: async ({ canvas, userEvent }) => {
    const maria = await rowOf(canvas, /Maria Berg/);
    await userEvent.click(maria.getByRole('button', { name: 'Lägg till personnummer' }));
    let dialog = within(body().getByRole('dialog', { name: 'Personnummer för Maria Berg' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Personnummer' }), '19720905-4563');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(await body().findByText('Personnumret för Maria Berg är sparat.')).toBeVisible();
    await expect(await maria.findByText('19720905-****')).toBeVisible();
    await expect(pnrOf(1)).toBe('19720905-4563');

    const erik = await rowOf(canvas, /Erik Johansson/);
    await userEvent.click(erik.getByRole('button', { name: 'Ändra personnummer' }));
    dialog = within(body().getByRole('dialog', { name: 'Personnummer för Erik Johansson' }));
    await expect(
      dialog.getByText('Nu: 19810730-****. Skriv ett nytt, eller töm fältet för att ta bort det.'),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Spara' }));
    await expect(
      await body().findByText('Personnumret för Erik Johansson är borttaget.'),
    ).toBeVisible();
    await expect(await erik.findByText('Saknas')).toBeVisible();
    await expect(pnrOf(2)).toBeNull();
  },
};
