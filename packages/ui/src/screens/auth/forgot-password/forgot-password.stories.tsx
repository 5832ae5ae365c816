import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authScenarios, loadingFor, resetMockState } from '@halsa/api/mocks';
import { ForgotPasswordScreen } from './forgot-password';
import { mocks } from '../../../testing';

const SENT =
  'Om e-postadressen finns hos oss har vi skickat en länk för att återställa lösenordet. Kontrollera även skräpposten.';

const meta = {
  title: 'Inloggning/Glömt lösenord',
  component: ForgotPasswordScreen,
  parameters: { route: { url: '/forgot-password' } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
  },
} satisfies Meta<typeof ForgotPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Glömt lösenord' })).toBeVisible();
    await expect(canvas.getByLabelText('E-post')).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('button', { name: 'Skicka länk' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Tillbaka till inloggningen' })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

export const Skriver: Story = {
  name: 'Skriver',
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText('E-post');
    await userEvent.type(email, 'klient@example.com');
    await expect(email).toHaveValue('klient@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

/** The e-mail is required and must look like one (the contract's messages). */
export const Validering: Story = {
  name: 'Validering',
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByLabelText('E-post');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka länk' }));
    await expect(email).toHaveAccessibleDescription('E-post är obligatoriskt.');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, 'klient@');
    await expect(email).toHaveAccessibleDescription('Ange en giltig e-postadress.');
    await userEvent.type(email, 'example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

export const Skickar: Story = {
  name: 'Skickar',
  parameters: mocks(loadingFor(['forgotPassword'])),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka länk' }));
    await expect(await canvas.findByRole('button', { name: 'Skickar...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Serverfel: Story = {
  name: 'Serverfel',
  parameters: mocks(authScenarios.forgotFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka länk' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte begära återställning av lösenord',
    );
    await expect(canvas.getByLabelText('E-post')).toHaveValue('klient@example.com');
  },
};

/** Sent: the confirmation mentions the spam folder; focus moves to its heading. */
export const Skickat: Story = {
  name: 'Skickat',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'klient@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka länk' }));
    const heading = await canvas.findByRole('heading', {
      level: 1,
      name: 'Kontrollera din e-post',
    });
    await expect(heading).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent(SENT);
    await userEvent.click(canvas.getByRole('button', { name: 'försöka igen' }));
    await expect(canvas.getByLabelText('E-post')).toHaveValue('klient@example.com');
  },
};

/** An address nobody has gets exactly the same answer. */
export const OkandAdress: Story = {
  name: 'Okänd adress',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-post'), 'finns.inte@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka länk' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(SENT);
  },
};

export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('E-post')).toHaveFocus();
    await userEvent.keyboard('klient@example.com{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent(SENT);
  },
};

export const Mobil: Story = {
  name: 'Mobil',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
