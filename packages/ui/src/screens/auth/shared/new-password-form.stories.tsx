import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, fn, waitFor } from 'storybook/test';
import { ApiError } from '@halsa/api';
import { validationMessages } from '@halsa/api/contract';
import { NewPasswordForm, PASSWORD_HINT } from './new-password-form';
import { LocationProbe } from '../../../testing';

const meta = {
  title: 'Inloggning/Delar/Nytt lösenord',
  component: NewPasswordForm,
  parameters: { route: { url: '/reset-password?token=abc123' } },
  args: {
    title: 'Återställ lösenord',
    description: 'Välj ett nytt lösenord för ditt konto.',
    passwordLabel: 'Nytt lösenord',
    successMessage: 'Lösenord har uppdaterats!',
    fallback: 'Kunde inte uppdatera lösenordet',
    send: fn(async () => undefined),
    sending: false,
  },
  render: (args) => (
    <Routes>
      <Route path="/reset-password" element={<NewPasswordForm {...args} />} />
      <Route path="*" element={<LocationProbe asPage />} />
    </Routes>
  ),
} satisfies Meta<typeof NewPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

const fillIn = async (
  canvas: Canvas,
  userEvent: UserEvent,
  password: string,
  confirm = password,
) => {
  await userEvent.type(canvas.getByLabelText('Nytt lösenord'), password);
  await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
};

/** Idle: two empty password fields, the rule as a hint, 'Spara lösenord' and the way back. */
export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Återställ lösenord' }),
    ).toBeVisible();
    await expect(canvas.getByText('Välj ett nytt lösenord för ditt konto.')).toBeVisible();
    const password = canvas.getByLabelText('Nytt lösenord');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(password).toHaveAccessibleDescription('Minst 8 tecken och minst en stor bokstav.');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    await expect(confirm).toHaveAttribute('type', 'password');
    await expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('button', { name: 'Spara lösenord' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Tillbaka till inloggningen' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.send).not.toHaveBeenCalled();
  },
};

/** The set-password page's labels (/new-password): the same form, other words. */
export const ValjLosenord: Story = {
  name: 'Välj lösenord',
  args: {
    title: 'Välj lösenord',
    description: 'Välj ett lösenord för att aktivera ditt konto.',
    passwordLabel: 'Lösenord',
    successMessage: 'Lösenord har satts!',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Välj lösenord' })).toBeVisible();
    await expect(canvas.getByLabelText('Lösenord')).toHaveAccessibleDescription(PASSWORD_HINT);
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toBeVisible();
  },
};

/** Every rule of spec §5 with its exact message; after the first submit they follow the typing. */
export const Validering: Story = {
  name: 'Validering',
  play: async ({ canvas, args, userEvent }) => {
    const password = canvas.getByLabelText('Nytt lösenord');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    const save = canvas.getByRole('button', { name: 'Spara lösenord' });

    // Nothing is marked before the first submit.
    await userEvent.type(password, 'kort');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(password);

    await userEvent.click(save);
    await expect(password).toHaveAccessibleDescription(
      'Minst 8 tecken och minst en stor bokstav. Lösenord är obligatoriskt.',
    );
    await expect(confirm).toHaveAccessibleDescription('Bekräfta lösenord är obligatoriskt.');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveFocus();

    // Too short, and long enough without an uppercase letter.
    await userEvent.type(password, 'Kort1');
    await expect(password).toHaveAccessibleDescription(
      'Minst 8 tecken och minst en stor bokstav. Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.',
    );
    await userEvent.clear(password);
    await userEvent.type(password, 'sommar2026');
    await expect(password).toHaveAccessibleDescription(
      `${PASSWORD_HINT} ${validationMessages.passwordRule}`,
    );
    // Eight characters with an uppercase Ö is enough.
    await userEvent.clear(password);
    await userEvent.type(password, 'Östersund');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(password).toHaveAccessibleDescription(PASSWORD_HINT);
    await expect(args.send).not.toHaveBeenCalled();
  },
};

/** The confirmation differs: 'Lösenorden matchar inte.', focus on the confirmation, nothing sent. */
export const MatcharInte: Story = {
  name: 'Lösenorden matchar inte',
  play: async ({ canvas, args, userEvent }) => {
    await fillIn(canvas, userEvent, 'Sommar2026', 'Sommar2027');
    const confirm = canvas.getByLabelText('Bekräfta lösenord');
    await expect(confirm).toHaveAccessibleDescription('Lösenorden matchar inte.');
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveFocus();
    await expect(canvas.getByLabelText('Nytt lösenord')).not.toHaveAttribute('aria-invalid');
    await expect(args.send).not.toHaveBeenCalled();

    // Fixing the confirmation clears the message at once.
    await userEvent.type(confirm, '{Backspace}6');
    await expect(confirm).not.toHaveAttribute('aria-invalid');
    await expect(confirm).not.toHaveAccessibleDescription('Lösenorden matchar inte.');
  },
};

/** Submitting (`sending`): 'Sparar...' is busy and a second submit sends nothing. */
export const Skickar: Story = {
  name: 'Skickar',
  args: { sending: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Nytt lösenord'), 'Sommar2026');
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), 'Sommar2026');
    const busy = canvas.getByRole('button', { name: 'Sparar...' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.queryByRole('button', { name: 'Spara lösenord' })).toBeNull();
    await userEvent.click(busy);
    await userEvent.type(canvas.getByLabelText('Bekräfta lösenord'), '{Enter}');
    await expect(args.send).not.toHaveBeenCalled();
  },
};

/** Success: `send` gets the link's token and the password; then the success message and /login. */
export const Sparat: Story = {
  name: 'Sparat',
  play: async ({ canvas, args, userEvent }) => {
    await fillIn(canvas, userEvent, 'Åsasommar2026');
    await expect(args.send).toHaveBeenCalledOnce();
    await expect(args.send).toHaveBeenCalledWith({ token: 'abc123', password: 'Åsasommar2026' });
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('Lösenord har uppdaterats!');
    await expect(status).toHaveTextContent('Du skickas vidare till inloggningen.');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Återställ lösenord' }),
    ).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Gå till inloggningen nu' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(canvas.queryByLabelText('Nytt lösenord')).toBeNull();
    // Not at once: after two seconds.
    await expect(canvas.queryByText(/^Navigerade till/)).toBeNull();
    await waitFor(() => expect(canvas.getByText('Navigerade till /login')).toBeVisible(), {
      timeout: 4000,
    });
  },
};

/** 'Gå till inloggningen nu' does not wait for the redirect. */
export const GaTillInloggningenNu: Story = {
  name: 'Gå till inloggningen nu',
  args: { redirectMs: 60_000 },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent, 'Sommar2026');
    await userEvent.click(await canvas.findByRole('link', { name: 'Gå till inloggningen nu' }));
    await expect(await canvas.findByText('Navigerade till /login')).toBeVisible();
  },
};

/** The server refuses (an expired link): its message; the form stays filled in. */
export const Serverfel: Story = {
  name: 'Serverfel',
  args: {
    send: fn(async () => {
      throw new ApiError(400, 'Länken är ogiltig eller har gått ut.', {
        message: 'Länken är ogiltig eller har gått ut.',
      });
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await fillIn(canvas, userEvent, 'Sommar2026');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Länken är ogiltig eller har gått ut.',
    );
    await expect(canvas.getByLabelText('Nytt lösenord')).toHaveValue('Sommar2026');
    await expect(canvas.getByRole('button', { name: 'Spara lösenord' })).toBeEnabled();
  },
};

/** A failure that is not the server's (the network): the page's own fallback text. */
export const Natverksfel: Story = {
  name: 'Nätverksfel',
  args: {
    send: fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  },
  play: async ({ canvas, args, userEvent }) => {
    await fillIn(canvas, userEvent, 'Sommar2026');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte uppdatera lösenordet',
    );
    // Trying again clears the old message and sends again.
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await waitFor(() => expect(args.send).toHaveBeenCalledTimes(2));
  },
};

/** Without a token the visitor goes to /login. */
export const UtanToken: Story = {
  name: 'Utan token',
  parameters: { route: { url: '/reset-password' } },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText('Navigerade till /login')).toBeVisible();
    await expect(args.send).not.toHaveBeenCalled();
  },
};

/** Keyboard only: Tab to each field, Enter sends. */
export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Nytt lösenord')).toHaveFocus();
    await userEvent.keyboard('Sommar2026');
    await userEvent.tab(); // the show/hide toggle
    await expect(canvas.getByRole('button', { name: 'Visa lösenord' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Bekräfta lösenord')).toHaveFocus();
    await userEvent.keyboard('Sommar2026{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Lösenord har uppdaterats!');
    await expect(args.send).toHaveBeenCalledWith({ token: 'abc123', password: 'Sommar2026' });
  },
};

/** The narrowest phone (320 px), with the messages shown: nothing overflows. */
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
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Nytt lösenord'), 'kort');
    await userEvent.click(canvas.getByRole('button', { name: 'Spara lösenord' }));
    await expect(canvas.getByText(validationMessages.passwordRule)).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};
