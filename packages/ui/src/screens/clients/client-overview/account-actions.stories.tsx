import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { authScenarios, mockState, setMockAccount } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { AccountActions, ClientAccountActions } from './account-actions';

const meta = {
  title: 'Klienter/Översikt/Kontot',
  component: AccountActions,
  args: { clientId: 3, name: 'Anna Lindqvist' },
  decorators: [
    (Story) => (
      <div className="max-w-lg p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AccountActions>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** An active account: its status and 'Inaktivera konto', which asks first, naming her. */
export const Aktivt: Story = {
  name: 'Aktivt konto',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Aktiv')).toBeVisible();
    await expect(canvas.getByText('Kontots status')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Lås upp inloggning' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Inaktivera konto' }));
    const dialog = within(
      body().getByRole('dialog', { name: 'Inaktivera Anna Lindqvists konto?' }),
    );
    await expect(
      dialog.getByText(
        'Anna Lindqvist loggas ut direkt och kan inte längre logga in. Uppgifter och loggar finns kvar.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Inaktivera konto' }));
    await expect(await body().findByText('Anna Lindqvist är inaktiverad.')).toBeVisible();
    await waitFor(() => expect(canvas.getByText('Inaktiverad')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Återaktivera konto' })).toBeVisible();
  },
};

/** A deactivated account: 'Återaktivera konto' asks first. */
export const Inaktiverat: Story = {
  name: 'Inaktiverat konto',
  beforeEach: () => {
    setMockAccount(3, { status: 'INACTIVE' });
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Inaktiverad')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Återaktivera konto' }));
    const dialog = within(
      body().getByRole('dialog', { name: 'Återaktivera Anna Lindqvists konto?' }),
    );
    await expect(
      dialog.getByText('Anna Lindqvist kan logga in igen med sitt lösenord.'),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Återaktivera konto' }));
    await waitFor(() => expect(canvas.getByText('Aktiv')).toBeVisible());
    await expect(mockState.accounts[3]?.status).toBe('ACTIVE');
  },
};

/** A locked login: 'Lås upp inloggning' lifts it. */
export const Last: Story = {
  name: 'Låst inloggning',
  beforeEach: () => {
    setMockAccount(3, { locked: true });
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Låst inloggning')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Lås upp inloggning' }));
    await expect(
      await body().findByText('Inloggningen för Anna Lindqvist är upplåst.'),
    ).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Låst inloggning')).toBeNull());
    await expect(canvas.queryByRole('button', { name: 'Lås upp inloggning' })).toBeNull();
  },
};

/** STAFF never see the account's actions on a client's page. */
export const Personal: Story = {
  name: 'Dolt för personal',
  parameters: mocks(authScenarios.asStaff),
  render: () => (
    <>
      <p>Kontot</p>
      <ClientAccountActions client={mockState.clients.find((c) => c.id === 3)!} />
    </>
  ),
  play: async ({ canvas }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByText('Kontots status')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Inaktivera konto' })).toBeNull();
  },
};
