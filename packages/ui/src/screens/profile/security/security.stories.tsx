import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SECURITY_MESSAGES } from '@halsa/api';
import { authScenarios, resetMockState, securityScenarios } from '@halsa/api/mocks';
import { fakeWebAuthn, mocks } from '../../../testing';
import { PASSKEY_REFUSED, RESERVE_SHOWN_ONCE, SETUP_REQUIRED_TEXT } from './labels';
import { SecurityScreen } from './security';

const NOW = new Date('2026-11-21T10:00:00.000Z');

const meta = {
  title: 'Profil/Inloggning och säkerhet',
  component: SecurityScreen,
  args: { now: NOW },
  parameters: {
    route: { path: '/profile/security', url: '/profile/security' },
    ...mocks(authScenarios.asAdmin),
  },
  beforeEach: () => {
    resetMockState();
  },
} satisfies Meta<typeof SecurityScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const dialog = (name: string) => body().findByRole('dialog', { name });

/** Maria's keys with their names, when added and last used, and her reserve codes left. */
export const Metoder: Story = {
  name: 'Metoder',
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Inloggning och säkerhet' }),
    ).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Dina inloggningsmetoder' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Jobbdatorn');
    await expect(items[0]).toHaveTextContent('Nyckel');
    await expect(items[0]).toHaveTextContent('Tillagd 2 oktober 2026');
    await expect(items[0]).toHaveTextContent('senast använd 1 dag sedan');
    await expect(items[1]).toHaveTextContent('inte använd ännu');
    await expect(
      canvas.getByRole('button', { name: 'Ta bort nyckeln ”Jobbdatorn”' }),
    ).toBeVisible();
    await expect(canvas.getByText('9 av 10 koder kvar, skapade 2 oktober 2026.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Skapa nya reservkoder' })).toBeVisible();
    await expect(canvas.queryByText(SETUP_REQUIRED_TEXT)).toBeNull();
  },
};

/** Nothing but the password and the e-mailed code yet. */
export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(securityScenarios.empty),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', {
        name: 'Du har ingen nyckel eller autentiseringsapp ännu.',
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Lägg till nyckel' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Använd autentiseringsapp' })).toBeVisible();
    await expect(canvas.getByText('Du har inga reservkoder.')).toBeVisible();
  },
};

/** Led here after signing in: the clinic requires a key or an app of staff. */
export const MasteLaggaTill: Story = {
  name: 'Måste lägga till en metod',
  parameters: mocks(securityScenarios.mustSetUp),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SETUP_REQUIRED_TEXT)).toBeVisible();
    await expect(
      await canvas.findByRole('heading', {
        name: 'Du har ingen nyckel eller autentiseringsapp ännu.',
      }),
    ).toBeVisible();
  },
};

/** 'Lägg till nyckel': she names it, the browser's prompt makes it, the list shows it. */
export const LaggTillNyckel: Story = {
  name: 'Lägg till nyckel',
  beforeEach: () => fakeWebAuthn('accept'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till nyckel' }));
    const add = await dialog('Lägg till nyckel');
    await userEvent.click(within(add).getByRole('button', { name: 'Fortsätt' }));
    await expect(within(add).getByLabelText('Namn på nyckeln')).toHaveAccessibleDescription(
      /Ge nyckeln ett namn\./,
    );
    await userEvent.type(within(add).getByLabelText('Namn på nyckeln'), 'Min telefon');
    await userEvent.click(within(add).getByRole('button', { name: 'Fortsätt' }));
    await expect(await canvas.findByText('Min telefon')).toBeVisible();
    await expect(body().queryByRole('dialog')).toBeNull();
    await expect(await body().findByText('Nyckeln ”Min telefon” är tillagd.')).toBeVisible();
  },
};

/** The browser's prompt is cancelled or refused: nothing is added, the dialog says why. */
export const NyckelNekad: Story = {
  name: 'Nyckeln nekades',
  beforeEach: () => fakeWebAuthn('refuse'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till nyckel' }));
    const add = await dialog('Lägg till nyckel');
    await userEvent.type(within(add).getByLabelText('Namn på nyckeln'), 'Min telefon');
    await userEvent.click(within(add).getByRole('button', { name: 'Fortsätt' }));
    await expect(await within(add).findByRole('alert')).toHaveTextContent(PASSKEY_REFUSED);
    await expect(canvas.queryByText('Min telefon')).toBeNull();
  },
};

/** The server refuses the key's answer: its Swedish reason. */
export const NyckelGodkandesInte: Story = {
  name: 'Nyckeln godkändes inte av servern',
  parameters: mocks(securityScenarios.passkeyRefused),
  beforeEach: () => fakeWebAuthn('accept'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Lägg till nyckel' }));
    const add = await dialog('Lägg till nyckel');
    await userEvent.type(within(add).getByLabelText('Namn på nyckeln'), 'Min telefon');
    await userEvent.click(within(add).getByRole('button', { name: 'Fortsätt' }));
    await expect(await within(add).findByRole('alert')).toHaveTextContent(
      SECURITY_MESSAGES.passkeyRefused,
    );
  },
};

/** 'Använd autentiseringsapp': the QR code, the key as text, then a code confirms it. */
export const Autentiseringsapp: Story = {
  name: 'Autentiseringsapp med QR-kod',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Använd autentiseringsapp' }));
    const setup = await dialog('Använd autentiseringsapp');
    await expect(
      await within(setup).findByRole('img', { name: 'QR-kod för autentiseringsappen' }),
    ).toBeVisible();
    await expect(within(setup).getByLabelText('Nyckel att skriva in')).toHaveTextContent(
      /^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/,
    );
    await userEvent.click(within(setup).getByRole('button', { name: 'Bekräfta' }));
    await expect(within(setup).getByLabelText('Kod från appen')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await userEvent.type(within(setup).getByLabelText('Kod från appen'), '123 456');
    await userEvent.click(within(setup).getByRole('button', { name: 'Bekräfta' }));
    await expect(await body().findByText('Autentiseringsappen är tillagd.')).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Dina inloggningsmetoder' });
    await expect((await within(list).findAllByText('Autentiseringsapp'))[0]).toBeVisible();
    // One app at a time: the button is gone.
    await expect(canvas.queryByRole('button', { name: 'Använd autentiseringsapp' })).toBeNull();
  },
};

/** A code that does not fit: the server's reason, the dialog stays. */
export const FelKod: Story = {
  name: 'Fel kod från appen',
  parameters: mocks(securityScenarios.totpWrongCode),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Använd autentiseringsapp' }));
    const setup = await dialog('Använd autentiseringsapp');
    await userEvent.type(await within(setup).findByLabelText('Kod från appen'), '000000');
    await userEvent.click(within(setup).getByRole('button', { name: 'Bekräfta' }));
    await expect(await within(setup).findByRole('alert')).toHaveTextContent(
      SECURITY_MESSAGES.totpWrong,
    );
    await expect(within(setup).getByRole('img', { name: /QR-kod/ })).toBeVisible();
  },
};

/** New reserve codes void the old (asked first) and are shown this once. */
export const Reservkoder: Story = {
  name: 'Reservkoder visas en gång',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Skapa nya reservkoder' }));
    const ask = await dialog('Skapa nya reservkoder?');
    await expect(ask).toHaveTextContent('Dina nuvarande reservkoder slutar då att fungera.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Skapa nya koder' }));
    const codes = await canvas.findByRole('list', { name: 'Dina nya reservkoder' });
    await expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await expect(canvas.getByText(RESERVE_SHOWN_ONCE)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Jag har sparat koderna' }));
    await expect(canvas.queryByRole('list', { name: 'Dina nya reservkoder' })).toBeNull();
    await expect(await canvas.findByText(/10 av 10 koder kvar/)).toBeVisible();
  },
};

/** Removing a key asks for her password; then it is gone. */
export const TaBort: Story = {
  name: 'Ta bort en nyckel',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Ta bort nyckeln ”Jobbdatorn”' }),
    );
    const remove = await dialog('Ta bort nyckeln ”Jobbdatorn”?');
    await userEvent.click(within(remove).getByRole('button', { name: 'Ta bort' }));
    await expect(within(remove).getByLabelText('Ditt lösenord')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await userEvent.type(within(remove).getByLabelText('Ditt lösenord'), 'Halsa2026!');
    await userEvent.click(within(remove).getByRole('button', { name: 'Ta bort' }));
    await expect(await body().findByText('Inloggningsmetoden är borttagen.')).toBeVisible();
    await expect(canvas.queryByText('Jobbdatorn')).toBeNull();
  },
};

/** A wrong password: the server's message, nothing removed. */
export const TaBortFelLosenord: Story = {
  name: 'Ta bort med fel lösenord',
  parameters: mocks(securityScenarios.removeWrongPassword),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Ta bort nyckeln ”Jobbdatorn”' }),
    );
    const remove = await dialog('Ta bort nyckeln ”Jobbdatorn”?');
    await userEvent.type(within(remove).getByLabelText('Ditt lösenord'), 'fel');
    await userEvent.click(within(remove).getByRole('button', { name: 'Ta bort' }));
    await expect(await within(remove).findByRole('alert')).toHaveTextContent(
      SECURITY_MESSAGES.passwordWrong,
    );
    await expect(canvas.getByText('Jobbdatorn')).toBeVisible();
  },
};

/** The list cannot be fetched: the call's message and 'Försök igen'. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(securityScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte hämta dina inloggningsmetoder',
    );
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};
