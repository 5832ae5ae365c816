// The led-to-setup state on a client-data page (design §4.17): Erik (STAFF) signed in with the
// e-mailed code while the clinic requires a key or an app; the notice above the page leads to
// 'Inloggning och säkerhet' and the client list shows the server's Swedish 403 reason.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SECURITY_MESSAGES, useSession } from '@halsa/api';
import { resetMockState, securityScenarios } from '@halsa/api/mocks';
import { ClientListScreen } from '../../screens/clients/client-list/client-list';
import { mocks } from '../../testing';
import { STRONG_SIGN_IN_NOTICE_TEXT, StrongSignInNotice } from './strong-sign-in-notice';

function ClientsWithNotice() {
  const { user } = useSession();
  return (
    <>
      {user ? <StrongSignInNotice user={user} /> : null}
      <ClientListScreen />
    </>
  );
}

const meta = {
  title: 'Komponenter/Krav på nyckel eller app',
  component: ClientsWithNotice,
  parameters: {
    route: { path: '/clients', url: '/clients' },
    ...mocks(securityScenarios.mustSetUp),
  },
  beforeEach: () => {
    resetMockState();
  },
} satisfies Meta<typeof ClientsWithNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No client data until she has a key or an app: why, and where to set one up. */
export const PaKlientsida: Story = {
  name: 'På en sida med klientuppgifter',
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(STRONG_SIGN_IN_NOTICE_TEXT)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Till Inloggning och säkerhet' }),
    ).toHaveAttribute('href', '/profile/security');
    await expect(await canvas.findByText(SECURITY_MESSAGES.strongSignInRequired)).toBeVisible();
  },
};

/** Once she has one, nothing is shown. */
export const HarMetod: Story = {
  name: 'Har nyckel eller app',
  parameters: mocks(),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Klienter' })).toBeVisible();
    await expect(canvas.queryByText(STRONG_SIGN_IN_NOTICE_TEXT)).toBeNull();
  },
};
