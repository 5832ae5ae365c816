import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, within } from 'storybook/test';
import { SECURITY_MESSAGES } from '@halsa/api';
import { resetMockState, securityScenarios } from '@halsa/api/mocks';
import { TwoFactorScreen } from './two-factor';
import { fakeWebAuthn, LocationProbe, mocks } from '../../../testing';
import { PASSKEY_CANCELLED } from '../second-step/labels';

const meta = {
  title: 'Inloggning/Andra steget',
  component: TwoFactorScreen,
  parameters: {
    route: { url: '/2fa?twoFactorId=2fa-demo' },
    ...mocks(securityScenarios.loginStepAll),
  },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
  },
  render: (args) => (
    <Routes>
      <Route path="/2fa" element={<TwoFactorScreen {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Meta<typeof TwoFactorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Her key first: one button opens the browser's prompt; then she is signed in. */
export const Nyckel: Story = {
  name: 'Bekräfta med din nyckel',
  beforeEach: () => fakeWebAuthn('accept'),
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Bekräfta med din nyckel' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Använd nyckel' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
  },
};

/** The prompt was cancelled: she stays, reads why, and may choose another way. */
export const NyckelAvbruten: Story = {
  name: 'Nyckeln avbröts',
  beforeEach: () => fakeWebAuthn('refuse'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Använd nyckel' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSKEY_CANCELLED);
    await expect(canvas.getByRole('button', { name: 'Välj ett annat sätt' })).toBeVisible();
  },
};

/** The server refuses the key (a copied key's counter went back): its reason. */
export const NyckelKopierad: Story = {
  name: 'Nyckeln kan ha kopierats',
  parameters: mocks(securityScenarios.loginStepAll, securityScenarios.loginPasskeyCloned),
  beforeEach: () => fakeWebAuthn('accept'),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Använd nyckel' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      SECURITY_MESSAGES.passkeyCloned,
    );
  },
};

/** 'Välj ett annat sätt' lists the other ways, strongest first, e-mail last. */
export const AnnatSatt: Story = {
  name: 'Välj ett annat sätt',
  play: async ({ canvas, userEvent }) => {
    const toggle = await canvas.findByRole('button', { name: 'Välj ett annat sätt' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const choices = within(list)
      .getAllByRole('button')
      .map((choice) => choice.textContent);
    await expect(choices).toEqual([
      'Använd autentiseringsappen',
      'Använd en reservkod',
      'Skicka en kod till min e-post',
    ]);
  },
};

/** The authenticator app first: six digits, then she is signed in. */
export const Autentiseringsapp: Story = {
  name: 'Ange koden från din autentiseringsapp',
  parameters: mocks(securityScenarios.loginStepTotp),
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: 'Ange koden från din autentiseringsapp',
      }),
    ).toBeVisible();
    const input = canvas.getByLabelText('Kod från autentiseringsappen');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '12a3 456');
    await expect(input).toHaveValue('123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
  },
};

/** A wrong code from the app: the server's reason, she stays. */
export const FelAppkod: Story = {
  name: 'Fel kod från appen',
  parameters: mocks(securityScenarios.loginStepTotp, securityScenarios.loginTotpWrong),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Kod från autentiseringsappen'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.totpWrong);
  },
};

/** The same code twice (a replayed step): refused with its own reason. */
export const AppkodAnvand: Story = {
  name: 'Koden har redan använts',
  parameters: mocks(securityScenarios.loginStepTotp, securityScenarios.loginTotpUsed),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Kod från autentiseringsappen'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.totpUsed);
  },
};

/** A reserve code through 'Välj ett annat sätt'. */
export const Reservkod: Story = {
  name: 'Ange en reservkod',
  parameters: mocks(securityScenarios.loginStepTotp),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Välj ett annat sätt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Använd en reservkod' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ange en reservkod' }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Reservkod'), 'K7QP-4MZX');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
  },
};

/** A used or wrong reserve code. */
export const FelReservkod: Story = {
  name: 'Fel reservkod',
  parameters: mocks(securityScenarios.loginStepTotp, securityScenarios.loginReserveCodeWrong),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Välj ett annat sätt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Använd en reservkod' }));
    await userEvent.type(canvas.getByLabelText('Reservkod'), 'K7QP-4MZX');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      SECURITY_MESSAGES.reserveCodeWrong,
    );
  },
};

/** She chooses the e-mailed code after the app was offered: the first code is sent then. */
export const EpostkodVald: Story = {
  name: 'E-postkod vald',
  parameters: mocks(securityScenarios.loginStepTotp),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Välj ett annat sätt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka en kod till min e-post' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ange verifieringskod' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Koden har skickats till din e-post.',
    );
    await userEvent.type(canvas.getByLabelText('Verifieringskod'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByText('Navigerade till /overview')).toBeVisible();
  },
};

/** Staff under the clinic's rule: no e-mailed code among the ways. */
export const UtanEpostkod: Story = {
  name: 'Utan e-postkod',
  parameters: mocks(securityScenarios.loginStepPasskey),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Välj ett annat sätt' }));
    await expect(canvas.getByRole('button', { name: 'Använd en reservkod' })).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Skicka en kod till min e-post' }),
    ).toBeNull();
  },
};

/** The login has expired: she reads why and goes back to the login page. */
export const Utgangen: Story = {
  name: 'Inloggningen har gått ut',
  parameters: mocks(securityScenarios.loginStepExpired),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Koden är ogiltig eller har gått ut. Logga in igen.',
    );
    await expect(canvas.getByRole('link', { name: 'Tillbaka till inloggningen' })).toBeVisible();
  },
};

/** Too many wrong tries: the e-mailed code's limits apply (429). */
export const ForMangaForsok: Story = {
  name: 'För många försök',
  parameters: mocks(securityScenarios.loginStepTotp, securityScenarios.loginRateLimited),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Kod från autentiseringsappen'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verifiera' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'För många felaktiga försök. Logga in igen.',
    );
  },
};
