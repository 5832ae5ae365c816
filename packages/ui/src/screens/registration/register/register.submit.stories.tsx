import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { authScenarios, loadingFor } from '@halsa/api/mocks';
import { REGISTRATION_STORAGE_KEY } from './registration-storage';
import { mocks } from '../../../testing';
import type { Canvas } from './register.story-setup';
import {
  baseMeta,
  HINT,
  PASSWORD,
  TOKEN,
  lastRequest,
  progress,
  recordRegister,
  resumeAt,
  savedText,
  stepHeading,
} from './register.story-setup';

const meta = {
  ...baseMeta,
  title: 'Registrering/Skapa din profil/Villkor och registrering',
} satisfies Meta<typeof baseMeta.component>;
export default meta;
type Story = StoryObj<typeof meta>;

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
  name: 'Skickar',
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
  name: 'Serverfel',
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
  name: 'Lyckad',
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
  name: 'Mobil',
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
