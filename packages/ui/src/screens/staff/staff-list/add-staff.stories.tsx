import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { STAFF_MESSAGES } from '@halsa/api';
import { mockState, staffScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import type { StaffScreen } from './staff-list';
import { staffStory, body } from './story-setup';

const meta = {
  title: 'Personal/Lägg till personal',
  ...staffStory,
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const openForm = async (
  canvas: ReturnType<typeof within>,
  userEvent: { click: (el: Element) => Promise<void> },
) => {
  await canvas.findByRole('rowheader', { name: 'Erik Johansson' });
  await userEvent.click(canvas.getByRole('button', { name: 'Lägg till personal' }));
  return within(body().getByRole('dialog', { name: 'Lägg till personal' }));
};

/** The form: names, e-mail and role; the person shows as invited and a line says the mail went. */
export const LaggTill: Story = {
  name: 'Lägg till personal',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openForm(canvas, userEvent);
    await expect(
      dialog.getByText('Personen får ett mejl med en länk för att välja sitt lösenord.'),
    ).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Förnamn' }), 'Nora');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Efternamn' }), 'Lind');
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'E-postadress' }),
      'nora.lind@example.com',
    );
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Roll' }), 'Administratör');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(
      await canvas.findByText(
        'Nora Lind har lagts till. Ett mejl för att välja lösenord har skickats till nora.lind@example.com.',
      ),
    ).toBeVisible();
    const row = within(
      (await canvas.findByRole('rowheader', { name: 'Nora Lind' })).closest('tr')!,
    );
    await expect(row.getByText('Inbjuden')).toBeVisible();
    await expect(row.getByText('Administratör')).toBeVisible();
    await expect(mockState.users.some((u) => u.email === 'nora.lind@example.com')).toBe(true);
  },
};

/** The e-mail has an account already: the server's reason in the dialog, nothing added. */
export const EpostFinns: Story = {
  name: 'Lägga till misslyckas (e-post finns)',
  parameters: mocks(staffScenarios.emailTaken),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openForm(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Förnamn' }), 'Erik');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Efternamn' }), 'Johansson');
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'E-postadress' }),
      'staff@example.com',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.emailTaken);
    await expect(canvas.queryByText(/har lagts till/)).toBeNull();
  },
};

/** Empty or wrong fields: the contract's Swedish messages at each field. */
export const Validering: Story = {
  name: 'Valideringsmeddelanden',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openForm(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(dialog.getByText('Förnamn måste anges.')).toBeVisible();
    await expect(dialog.getByText('Efternamn måste anges.')).toBeVisible();
    await expect(dialog.getByText('Ange en giltig e-postadress.')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-postadress' }), 'nora@');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Förnamn' }), 'Nora');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(dialog.queryByText('Förnamn måste anges.')).toBeNull();
    await expect(dialog.getByText('Ange en giltig e-postadress.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'E-postadress' })).toHaveAccessibleDescription(
      'Ange en giltig e-postadress.',
    );
  },
};

/**
 * Her own personal number, optional (design §4.18): written as a client's, or the contract's
 * Swedish message and nothing sent.
 */
export const Personnummer: Story = {
  name: 'Personnummer för e-legitimation',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openForm(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Förnamn' }), 'Pia');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Efternamn' }), 'Nummer');
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'E-postadress' }),
      'pia.nummer@example.com',
    );
    const pnr = dialog.getByRole('textbox', { name: /Personnummer \(valfritt\)/ });
    await userEvent.type(pnr, '1980-01-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(
      await dialog.findByText('Personnummer måste vara i formatet YYYYMMDD-XXXX.'),
    ).toBeVisible();
    await expect(mockState.users.some((u) => u.email === 'pia.nummer@example.com')).toBe(false);
    await userEvent.clear(pnr);
    await userEvent.type(pnr, '19800101-1234');
    await userEvent.click(dialog.getByRole('button', { name: 'Lägg till' }));
    await expect(await canvas.findByRole('rowheader', { name: 'Pia Nummer' })).toBeVisible();
  },
};
