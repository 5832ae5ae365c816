import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { loadingFor, mockState, resetMockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { UnsubscribeScreen } from './unsubscribe';

// /unsubscribe?token=… (design §4.16): the page a notice mail's unsubscribe link opens, without
// being signed in. The mock's token is `<anything>.<KIND>`; any other is a bad link.

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

export const Avslutad: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är avslutad' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(DONE);
    await expect(
      canvas.getByText(/Du får fortfarande notiser i Hälsoportalen när något nytt har hänt\./),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Logga in för att ändra dina inställningar' }),
    ).toHaveAttribute('href', '/login');
    await expect(mockState.unsubscribed).toEqual(['LAB_RESULT']);
  },
};

/** Opened while signed in: the link goes straight to the settings. */
export const Inloggad: Story = {
  name: 'Avslutad, inloggad',
  args: { signedIn: true },
  parameters: { route: { url: '/unsubscribe?token=demo.NEW_MESSAGE' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är avslutad' });
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Du får inte längre e-post om nya meddelanden. Du kan slå på det igen under Notiser i Hälsoportalen.',
    );
    await expect(
      canvas.getByRole('link', { name: 'Ändra dina inställningar för e-postavisering' }),
    ).toHaveAttribute('href', '/profile/notifications');
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

export const Avslutar: Story = {
  parameters: mocks(loadingFor(['unsubscribe'])),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Avslutar e-postavisering' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Avslutar e-postaviseringen…');
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'E-postaviseringen är avslutad' });
    await expect(canvas.getByRole('status')).toHaveTextContent(DONE);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
