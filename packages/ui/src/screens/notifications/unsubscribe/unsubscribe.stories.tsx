import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { errorFor, loadingFor, mockState, resetMockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { UnsubscribeScreen } from './unsubscribe';

// /unsubscribe?token=… (design §4.16): the page a notice mail's unsubscribe link opens, without
// being signed in. Opening it changes nothing (mail scanners open links, issue 34): it asks, the
// button turns the kind off, 'Ångra' turns it on again. The mock's token is `<anything>.<KIND>`;
// any other is a bad link.

const QUESTION = 'Vill du sluta få e-post om nya provsvar?';
const DONE =
  'Du får inte längre e-post om nya provsvar. Du kan slå på det igen under Notiser i Hälsoportalen.';
const BAD = 'Länken för att avsluta e-postaviseringen är ogiltig.';

const meta = {
  title: 'Notiser/Avsluta e-postavisering',
  component: UnsubscribeScreen,
  parameters: { route: { url: '/unsubscribe?token=demo.LAB_RESULT' } },
  beforeEach: () => {
    resetMockState({ sessionUser: null });
  },
} satisfies Meta<typeof UnsubscribeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the mail: asks first, nothing is turned off yet. */
export const Fraga: Story = {
  name: 'Frågar innan något ändras',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Avsluta e-postavisering' }),
    ).toBeVisible();
    await expect(await canvas.findByText(QUESTION)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Avsluta e-postaviseringen' })).toBeEnabled();
    await expect(
      canvas.getByRole('link', { name: 'Logga in för att ändra dina inställningar' }),
    ).toHaveAttribute('href', '/login');
    await expect(mockState.unsubscribed).toEqual([]);
  },
};

export const Avslutad: Story = {
  name: 'Avslutad',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Avsluta e-postaviseringen' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är avslutad' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(DONE);
    await expect(
      canvas.getByText(/Du får fortfarande notiser i Hälsoportalen när något nytt har hänt\./),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ångra' })).toBeVisible();
    await expect(mockState.unsubscribed).toEqual(['LAB_RESULT']);
  },
};

/** 'Ångra' right after: the kind is on again. */
export const Angrad: Story = {
  name: 'Ångrad',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Avsluta e-postaviseringen' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Ångra' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är på igen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Du får e-post om nya provsvar igen.',
    );
    await expect(mockState.unsubscribed).toEqual([]);
  },
};

/** Opened while signed in: the link goes straight to the settings. */
export const Inloggad: Story = {
  name: 'Avslutad, inloggad',
  args: { signedIn: true },
  parameters: { route: { url: '/unsubscribe?token=demo.NEW_MESSAGE' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Avsluta e-postaviseringen' }));
    await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är avslutad' });
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Du får inte längre e-post om nya meddelanden. Du kan slå på det igen under Notiser i Hälsoportalen.',
    );
    await expect(
      canvas.getByRole('link', { name: 'Ändra dina inställningar för e-postavisering' }),
    ).toHaveAttribute('href', '/profile/notifications');
  },
};

/** The button's call fails: the page says so and stays on the question. */
export const Misslyckas: Story = {
  name: 'Avslutningen misslyckas',
  parameters: mocks(errorFor(['unsubscribeOneClick'])),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Avsluta e-postaviseringen' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte avsluta e-postaviseringen',
    );
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Avsluta e-postavisering' }),
    ).toBeVisible();
    await expect(mockState.unsubscribed).toEqual([]);
  },
};

export const OgiltigLank: Story = {
  name: 'Ogiltig länk',
  parameters: { route: { url: '/unsubscribe?token=trasig' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Länken fungerar inte' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(BAD);
    await expect(
      canvas.getByRole('link', { name: 'Logga in för att ändra dina inställningar' }),
    ).toHaveAttribute('href', '/login');
    await expect(mockState.unsubscribed).toEqual([]);
  },
};

export const UtanToken: Story = {
  name: 'Länk utan token',
  parameters: { route: { url: '/unsubscribe' } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Länken fungerar inte' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(BAD);
  },
};

export const Laser: Story = {
  name: 'Läser länken',
  parameters: mocks(loadingFor(['unsubscribe'])),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Avsluta e-postavisering' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Läser länken…');
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Avsluta e-postaviseringen' }));
    await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är avslutad' });
    await expect(canvas.getByRole('status')).toHaveTextContent(DONE);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
