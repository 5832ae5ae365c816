import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, type HttpHandler } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, waitFor, type within } from 'storybook/test';
import { authScenarios, loadingFor, resetMockState } from '@halsa/api/mocks';
import { RegisterScreen } from './register';
import { REGISTRATION_STORAGE_KEY, type SavedRegistrationData } from './registration-storage';
import { LocationProbe, mocks } from '../../../testing';

const TOKEN = 'inbjudan-123';

/** What a user has filled in on steps 2–4 (passwords are never saved). */
const filled: SavedRegistrationData = {
  email: 'asa.oberg@example.com',
  firstname: 'Åsa-Märta',
  lastname: 'Öberg',
  hasSocialSecurity: true,
  socialSecurityNumber: '19900517-1234',
  birthDate: '',
  phoneNumber: '0701234567',
  street: 'Storgatan 1',
  city: 'Umeå',
  zipCode: '903 25',
};
const empty: SavedRegistrationData = {
  email: '',
  firstname: '',
  lastname: '',
  hasSocialSecurity: true,
  socialSecurityNumber: '',
  birthDate: '',
  phoneNumber: '',
  street: '',
  city: '',
  zipCode: '',
};

/** As if the page had been reloaded at `step` with `data` saved. */
const resumeAt =
  (step: number, data: Partial<SavedRegistrationData> = {}) =>
  () => {
    sessionStorage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ token: TOKEN, step, data: { ...filled, ...data } }),
    );
  };

/** The last registration request, recorded before the default answer. */
let lastRequest: { url: URL; body: Record<string, unknown> } | null = null;
const recordRegister: HttpHandler[] = [
  http.post('*/api/v1/auth/register', async ({ request }) => {
    const body = (await request.clone().json()) as Record<string, unknown>;
    lastRequest = { url: new URL(request.url), body };
    return undefined;
  }),
];

const PASSWORD = 'Sommar2026';
const HINT = 'Minst 8 tecken och minst en stor bokstav.';
const savedText = () =>
  `${sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? ''}${JSON.stringify({ ...localStorage })}`;

const meta = {
  title: 'Registrering/Skapa din profil',
  component: RegisterScreen,
  parameters: { route: { url: `/register?token=${TOKEN}` } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
    sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
    lastRequest = null;
    return () => sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
  },
  render: (args) => (
    <Routes>
      <Route path="/register" element={<RegisterScreen {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Meta<typeof RegisterScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const stepHeading = (canvas: Canvas, name: string) =>
  canvas.findByRole('heading', { level: 2, name });
const progress = (canvas: Canvas) =>
  canvas.queryByRole('progressbar', { name: 'Skapa din profil' });

/** Step 1, idle: the welcome, no progress indicator yet. */
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
export const Steg5Villkor: Story = {
  name: 'Steg 5 – användarvillkor',
  beforeEach: resumeAt(5),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Steg 3 av 3')).toBeVisible();
    await expect(progress(canvas)).toHaveAttribute('aria-valuetext', 'Steg 3 av 3: Registrera');
    const link = canvas.getByRole('link', { name: 'Läs användarvillkoren (öppnas i ny flik)' });
    await expect(link).toHaveAttribute('href', '/terms-of-use');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const register = canvas.getByRole('button', { name: 'Registrera' });
    await expect(register).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' }));
    await expect(register).toBeEnabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' }));
    await expect(register).toBeDisabled();
  },
};

/** 'Återgå' goes back one step and keeps what was typed. */
export const Aterga: Story = {
  name: 'Återgå',
  beforeEach: resumeAt(4),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Återgå' }));
    await expect(await stepHeading(canvas, 'Personuppgifter')).toHaveFocus();
    await expect(canvas.getByLabelText('Förnamn')).toHaveValue('Åsa-Märta');
    await userEvent.click(canvas.getByRole('button', { name: 'Återgå' }));
    await expect(await stepHeading(canvas, 'Ditt konto')).toBeVisible();
    await expect(canvas.getByLabelText('E-post')).toHaveValue('asa.oberg@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Återgå' }));
    await expect(await stepHeading(canvas, 'Välkommen till Hälsoportalen')).toBeVisible();
  },
};

/** Fills in the passwords on step 2 and walks to step 5 with the saved data. */
async function passwordsThenToTerms(
  canvas: Canvas,
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
) {
  await userEvent.type(canvas.getByLabelText('Lösenord'), PASSWORD);
  await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), PASSWORD);
  await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
  await stepHeading(canvas, 'Personuppgifter');
  await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
  await stepHeading(canvas, 'Kontaktuppgifter');
  await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
  await stepHeading(canvas, 'Godkänn användarvillkor');
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' }));
}

/** Sending: 'Registrerar...' and no second submit. */
export const Skickar: Story = {
  beforeEach: resumeAt(2),
  parameters: mocks(loadingFor(['register'])),
  play: async ({ canvas, userEvent }) => {
    await passwordsThenToTerms(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrera' }));
    const busy = await canvas.findByRole('button', { name: 'Registrerar...' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
  },
};

/** A failure without a message: 'Kunde inte registrera användare.' above the buttons. */
export const Serverfel: Story = {
  beforeEach: resumeAt(2),
  parameters: mocks(authScenarios.registerFailure),
  play: async ({ canvas, userEvent }) => {
    await passwordsThenToTerms(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrera' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte registrera användare.');
    await expect(alert).toHaveAttribute('data-variant', 'error');
    // Above the buttons, and the form stays.
    const register = canvas.getByRole('button', { name: 'Registrera' });
    await expect(
      alert.compareDocumentPosition(register) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await expect(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' })).toBeChecked();
    await expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).not.toBeNull();
  },
};

/** A refused invitation: the server's message. */
export const OgiltigInbjudan: Story = {
  name: 'Ogiltig inbjudan',
  beforeEach: resumeAt(2),
  parameters: mocks(authScenarios.registerInvalidToken),
  play: async ({ canvas, userEvent }) => {
    await passwordsThenToTerms(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Inbjudningslänken är ogiltig eller har gått ut.',
    );
  },
};

/** Success: token and data (without confirmPassword) sent, state removed, /login after 3 s. */
export const Lyckad: Story = {
  beforeEach: resumeAt(2),
  parameters: mocks(recordRegister),
  play: async ({ canvas, userEvent }) => {
    await passwordsThenToTerms(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrera' }));
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('Registrering lyckades!');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus();

    await expect(lastRequest?.url.searchParams.get('token')).toBe(TOKEN);
    await expect(lastRequest?.body).toEqual({
      email: 'asa.oberg@example.com',
      password: PASSWORD,
      firstname: 'Åsa-Märta',
      lastname: 'Öberg',
      hasSocialSecurity: true,
      socialSecurityNumber: '19900517-1234',
      phoneNumber: '0701234567',
      street: 'Storgatan 1',
      city: 'Umeå',
      zipCode: '903 25',
    });
    await expect(lastRequest?.body).not.toHaveProperty('confirmPassword');
    await expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();

    await expect(canvas.queryByText(/^Navigerade till/)).toBeNull();
    await waitFor(() => expect(canvas.getByText('Navigerade till /login')).toBeVisible(), {
      timeout: 5000,
    });
  },
};

/**
 * A reload resumes at the saved step with the passwords empty; they are never stored. Reaching
 * submit without them leads back to the account step with the password fields marked.
 */
export const Aterladdning: Story = {
  name: 'Återladdning utan lösenord',
  beforeEach: resumeAt(5),
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Godkänn användarvillkor' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Registrera' }));

    await expect(await stepHeading(canvas, 'Ditt konto')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Av säkerhetsskäl sparas inte lösenordet när sidan laddas om.',
    );
    const password = canvas.getByLabelText('Lösenord');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    await expect(password).toHaveFocus();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(`${HINT} Lösenord är obligatoriskt.`);
    await expect(confirm).toHaveAccessibleDescription('Bekräfta lösenord är obligatoriskt.');
    await expect(canvas.getByLabelText('E-post')).toHaveValue('asa.oberg@example.com');

    await userEvent.type(password, PASSWORD);
    await userEvent.type(confirm, PASSWORD);
    // The step is saved, the passwords are not (session or local storage).
    await expect(
      JSON.parse(sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '{}'),
    ).toMatchObject({ token: TOKEN, step: 2, data: { email: 'asa.oberg@example.com' } });
    await expect(savedText()).not.toContain(PASSWORD);
    await expect(savedText()).not.toMatch(/password/i);
  },
};

/** The whole wizard with the keyboard only: Tab, typing, Space and Enter. */
export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  parameters: mocks(recordRegister),
  play: async ({ canvas, userEvent }) => {
    // Step 1.
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Återgå' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Nästa' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // Step 2: focus is on the step heading; Tab reaches the fields in order.
    await expect(await stepHeading(canvas, 'Ditt konto')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('E-post')).toHaveFocus();
    await userEvent.keyboard('asa.oberg@example.com');
    await userEvent.tab();
    await userEvent.keyboard(PASSWORD);
    await userEvent.tab(); // show/hide toggle
    await userEvent.tab();
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toHaveFocus();
    await userEvent.keyboard(`${PASSWORD}{Enter}`);
    // Step 3.
    await expect(await stepHeading(canvas, 'Personuppgifter')).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('Åsa-Märta');
    await userEvent.tab();
    await userEvent.keyboard('Öberg');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Personnummer')).toHaveFocus();
    await userEvent.keyboard('199005171234{Enter}');
    // Step 4.
    await expect(await stepHeading(canvas, 'Kontaktuppgifter')).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('0701234567');
    await userEvent.tab();
    await userEvent.keyboard('Storgatan 1');
    await userEvent.tab();
    await userEvent.keyboard('90325');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Stad')).toHaveFocus();
    await userEvent.keyboard('Umeå{Enter}');
    // Step 5.
    await expect(await stepHeading(canvas, 'Godkänn användarvillkor')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: /Läs användarvillkoren/ })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'Acceptera användarvillkor' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Registrera' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Registrering lyckades!');
    await expect(lastRequest?.body).toMatchObject({
      zipCode: '903 25',
      socialSecurityNumber: '19900517-1234',
    });
  },
};

/** Without the invitation token the wizard explains what to do. */
export const UtanToken: Story = {
  name: 'Utan token',
  parameters: { route: { url: '/register' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Skapa din profil' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Inbjudningslänken är ofullständig');
    await expect(canvas.queryByRole('button', { name: 'Nästa' })).toBeNull();
  },
};

export const Mobil: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  beforeEach: resumeAt(4),
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Svensk flagga' })).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
