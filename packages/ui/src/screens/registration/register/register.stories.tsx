import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  baseMeta,
  HINT,
  PASSWORD,
  empty,
  progress,
  resumeAt,
  stepHeading,
} from './register.story-setup';

const meta = {
  ...baseMeta,
  title: 'Registrering/Skapa din profil/Steg och validering',
} satisfies Meta<typeof baseMeta.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Steg1Intro: Story = {
  name: 'Steg 1 – intro',
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Skapa din profil' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Välkommen till Hälsoportalen' }),
    ).toBeVisible();
    await expect(progress(canvas)).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Återgå' })).toHaveAttribute('href', '/login');
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await stepHeading(canvas, 'Ditt konto')).toHaveFocus();
    await expect(progress(canvas)).toBeNull();
  },
};

/** Step 2: every rule of the account step, with the hint that states the checked rule. */
export const Steg2Validering: Story = {
  name: 'Steg 2 – konto och validering',
  beforeEach: resumeAt(2, empty),
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText('E-post');
    const password = canvas.getByLabelText('Lösenord');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    await expect(password).toHaveAccessibleDescription(HINT);

    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(email).toHaveAccessibleDescription('E-post är obligatoriskt.');
    await expect(password).toHaveAccessibleDescription(`${HINT} Lösenord är obligatoriskt.`);
    await expect(confirm).toHaveAccessibleDescription('Bekräfta lösenord är obligatoriskt.');
    await expect(email).toHaveFocus();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ditt konto' })).toBeVisible();

    await userEvent.type(email, 'asa@');
    await expect(email).toHaveAccessibleDescription('Ange en giltig e-postadress.');
    await userEvent.type(email, 'example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');

    const rule = `${HINT} Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.`;
    await userEvent.type(password, 'Kort1');
    await expect(password).toHaveAccessibleDescription(rule);
    await userEvent.clear(password);
    await userEvent.type(password, 'sommar2026');
    await expect(password).toHaveAccessibleDescription(rule);
    await userEvent.clear(password);
    await userEvent.type(password, PASSWORD);
    await expect(password).toHaveAccessibleDescription(HINT);

    await userEvent.type(confirm, 'Sommar2027');
    await expect(confirm).toHaveAccessibleDescription('Lösenorden matchar inte.');
    // Still on step 2: 'Nästa' only moves on when the step is valid.
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(confirm).toHaveFocus();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, PASSWORD);
    await expect(confirm).not.toHaveAttribute('aria-invalid');

    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await stepHeading(canvas, 'Personuppgifter')).toHaveFocus();
    await expect(canvas.getByText('Steg 1 av 3')).toBeVisible();
  },
};

/** Step 3: required names, letters only (typed non-letters are refused), personnummer rules. */
export const Steg3Validering: Story = {
  name: 'Steg 3 – personuppgifter och validering',
  beforeEach: resumeAt(3, { firstname: '', lastname: '', socialSecurityNumber: '' }),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Steg 1 av 3')).toBeVisible();
    const bar = progress(canvas);
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(bar).toHaveAttribute('aria-valuemax', '3');
    await expect(bar).toHaveAttribute('aria-valuetext', 'Steg 1 av 3: Personuppgifter');

    const first = canvas.getByLabelText('Förnamn');
    const last = canvas.getByLabelText('Efternamn');
    const pnr = canvas.getByLabelText('Personnummer');
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(first).toHaveAccessibleDescription('Förnamn är obligatoriskt.');
    await expect(last).toHaveAccessibleDescription('Efternamn är obligatoriskt.');
    await expect(pnr).toHaveAccessibleDescription(
      '12 siffror: ÅÅÅÅMMDD-XXXX. Personnummer är obligatoriskt.',
    );
    await expect(first).toHaveFocus();

    // A digit is refused as typed, with the reason.
    await userEvent.type(first, 'Anna1');
    await expect(first).toHaveValue('Anna');
    await expect(first).toHaveAccessibleDescription('Förnamn får endast innehålla bokstäver.');
    await userEvent.clear(first);
    // å, ä, ö, spaces and hyphens are letters here.
    await userEvent.type(first, 'Åsa-Märta Lö');
    await expect(first).toHaveValue('Åsa-Märta Lö');
    await expect(first).not.toHaveAttribute('aria-invalid');

    await userEvent.type(last, 'Öberg_2');
    await expect(last).toHaveValue('Öberg');
    await expect(last).toHaveAccessibleDescription('Efternamn får endast innehålla bokstäver.');
    await userEvent.type(last, ' Ågren');
    await expect(last).toHaveValue('Öberg Ågren');
    await expect(last).not.toHaveAttribute('aria-invalid');

    await userEvent.type(pnr, '1990051712');
    await expect(pnr).toHaveValue('19900517-12');
    await expect(pnr).toHaveAccessibleDescription(
      '12 siffror: ÅÅÅÅMMDD-XXXX. Personnummer måste vara i formatet YYYYMMDD-XXXX.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(pnr).toHaveFocus();
    await userEvent.type(pnr, '34');
    await expect(pnr).toHaveValue('19900517-1234');
    await expect(pnr).not.toHaveAttribute('aria-invalid');

    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await stepHeading(canvas, 'Kontaktuppgifter')).toHaveFocus();
    await expect(canvas.getByText('Steg 2 av 3')).toBeVisible();
  },
};

/** Personnummer auto-format: YYYYMMDD-XXXX while typing, non-digits dropped, max 13. */
export const PersonnummerFormat: Story = {
  name: 'Personnummer – format',
  beforeEach: resumeAt(3, { socialSecurityNumber: '' }),
  play: async ({ canvas, userEvent }) => {
    const pnr = canvas.getByLabelText('Personnummer');
    await expect(pnr).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(pnr, '19900517');
    await expect(pnr).toHaveValue('19900517');
    await userEvent.type(pnr, '1');
    await expect(pnr).toHaveValue('19900517-1');
    await userEvent.type(pnr, 'x2a34');
    await expect(pnr).toHaveValue('19900517-1234');
    await userEvent.type(pnr, '5678');
    await expect(pnr).toHaveValue('19900517-1234');
    await expect((pnr as HTMLInputElement).value).toHaveLength(13);

    await userEvent.clear(pnr);
    await userEvent.click(pnr);
    await userEvent.paste('19900517 1234');
    await expect(pnr).toHaveValue('19900517-1234');
  },
};

/** 'Har inget personnummer': the birth date takes the personnummer's place and is required. */
export const UtanPersonnummer: Story = {
  name: 'Steg 3 – utan personnummer',
  beforeEach: resumeAt(3, { socialSecurityNumber: '' }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Har inget personnummer' }));
    await expect(canvas.queryByLabelText('Personnummer')).toBeNull();
    const birth = canvas.getByLabelText('Födelsedatum');
    await expect(birth).toHaveAttribute('type', 'date');
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(birth).toHaveAccessibleDescription('Födelsedatum är obligatoriskt.');
    await expect(birth).toHaveFocus();
    await userEvent.type(birth, '1990-05-17');
    await expect(birth).toHaveValue('1990-05-17');
    await expect(birth).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await stepHeading(canvas, 'Kontaktuppgifter')).toBeVisible();
  },
};

/** Step 4: every contact rule, and the flag for a valid Swedish number. */
export const Steg4Validering: Story = {
  name: 'Steg 4 – kontaktuppgifter och validering',
  beforeEach: resumeAt(4, { phoneNumber: '', street: '', city: '', zipCode: '' }),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Steg 2 av 3')).toBeVisible();
    const phone = canvas.getByLabelText('Telefonnummer');
    const street = canvas.getByLabelText('Gatuadress');
    const zip = canvas.getByLabelText('Postnummer');
    const city = canvas.getByLabelText('Stad');
    const phoneHint = 'Ett svenskt nummer som börjar med +46, 070, 072, 073, 076 eller 079.';
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(phone).toHaveAccessibleDescription(`${phoneHint} Telefonnummer är obligatoriskt.`);
    await expect(street).toHaveAccessibleDescription('Gatuadress är obligatoriskt.');
    await expect(zip).toHaveAccessibleDescription(
      'Till exempel 123 45. Postnummer är obligatoriskt.',
    );
    await expect(city).toHaveAccessibleDescription('Stad är obligatoriskt.');
    await expect(phone).toHaveFocus();

    await userEvent.type(phone, '0812345678');
    await expect(phone).toHaveAccessibleDescription(
      `${phoneHint} Endast svenska telefonnummer är tillåtna.`,
    );
    await expect(canvas.queryByRole('img', { name: 'Svensk flagga' })).toBeNull();
    await userEvent.clear(phone);
    await userEvent.type(phone, '0701234567');
    await expect(canvas.getByRole('img', { name: 'Svensk flagga' })).toBeVisible();
    await expect(phone).not.toHaveAttribute('aria-invalid');

    await userEvent.type(zip, '12');
    await expect(zip).toHaveAccessibleDescription(
      'Till exempel 123 45. Postnummer måste vara i formatet XXX XX.',
    );
    await userEvent.type(zip, '345');
    await expect(zip).toHaveValue('123 45');
    await expect(zip).not.toHaveAttribute('aria-invalid');
    await userEvent.type(street, 'Storgatan 1');
    await userEvent.type(city, 'Umeå');
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await stepHeading(canvas, 'Godkänn användarvillkor')).toHaveFocus();
    await expect(canvas.getByText('Steg 3 av 3')).toBeVisible();
  },
};

/** Phone auto-format: a leading 46 gets a plus, non-digits go, max 13; the accepted prefixes. */
export const TelefonFormat: Story = {
  name: 'Telefonnummer – format och flagga',
  beforeEach: resumeAt(4, { phoneNumber: '' }),
  play: async ({ canvas, userEvent }) => {
    const phone = canvas.getByLabelText('Telefonnummer');
    const flag = () => canvas.queryByRole('img', { name: 'Svensk flagga' });
    await expect(phone).toHaveAttribute('type', 'tel');

    await userEvent.type(phone, '46701234567');
    await expect(phone).toHaveValue('+46701234567');
    await expect(flag()).toBeVisible();

    await userEvent.clear(phone);
    await userEvent.type(phone, '070-123 45 67');
    await expect(phone).toHaveValue('0701234567');
    await expect(flag()).toBeVisible();

    await userEvent.clear(phone);
    await userEvent.type(phone, '+46 70 123 45 67 89');
    await expect(phone).toHaveValue('+467012345678');
    await expect((phone as HTMLInputElement).value).toHaveLength(13);

    for (const prefix of ['070', '072', '073', '076', '079']) {
      await userEvent.clear(phone);
      await userEvent.type(phone, `${prefix}1234567`);
      await expect(flag()).toBeVisible();
    }
    for (const other of ['0711234567', '0812345678', '123']) {
      await userEvent.clear(phone);
      await userEvent.type(phone, other);
      await expect(flag()).toBeNull();
    }
  },
};

/** Postal code auto-format: XXX XX, digits only, max 6. */
export const PostnummerFormat: Story = {
  name: 'Postnummer – format',
  beforeEach: resumeAt(4, { zipCode: '' }),
  play: async ({ canvas, userEvent }) => {
    const zip = canvas.getByLabelText('Postnummer');
    await userEvent.type(zip, '123');
    await expect(zip).toHaveValue('123');
    await userEvent.type(zip, '4');
    await expect(zip).toHaveValue('123 4');
    await userEvent.type(zip, '5678');
    await expect(zip).toHaveValue('123 45');
    await expect((zip as HTMLInputElement).value).toHaveLength(6);
    await userEvent.clear(zip);
    await userEvent.type(zip, 'ab9x03-2 5');
    await expect(zip).toHaveValue('903 25');
  },
};

/** Step 5: the terms open in a new tab; 'Registrera' waits for the box. */
