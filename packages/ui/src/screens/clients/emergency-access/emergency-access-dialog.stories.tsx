import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { authScenarios, careTeamScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { EmergencyAccessDialog } from './emergency-access-dialog';

const meta = {
  title: 'Klienter/Nödåtkomst',
  component: EmergencyAccessDialog,
  args: { clientId: 7, clientName: 'Ahmed Haddad', open: true, onOpenChange: fn(), onOpened: fn() },
  parameters: mocks(authScenarios.asStaff),
} satisfies Meta<typeof EmergencyAccessDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () =>
  within(document.body).findByRole('dialog', { name: 'Nödåtkomst till Ahmed Haddad' });

/** The four reasons, the comment, the 4 hours and the two buttons. */
export const Dialog: Story = {
  name: 'Dialogen',
  play: async () => {
    const d = within(await dialog());
    await expect(d.getByText('Du är inte med i vårdteamet för Ahmed Haddad.')).toBeVisible();
    const group = d.getByRole('group', { name: 'Skäl till nödåtkomsten' });
    await expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Akut vårdbehov', 'Klienten har bett om det', 'Ersätter kollega', 'Annat']);
    await expect(
      d.getByText(
        'Åtkomsten gäller i 4 timmar och loggas. En administratör följer upp varje nödåtkomst.',
      ),
    ).toBeVisible();
    // design §4.20: she is told the client sees the reason, not the comment
    await expect(
      d.getByText(
        'Klienten ser att du har läst hennes uppgifter och skälet du väljer under ”Vem har läst mina uppgifter”. Kommentaren ser bara administratörer.',
      ),
    ).toBeVisible();
    await expect(d.getByRole('button', { name: 'Öppna nödåtkomst' })).toBeVisible();
    await expect(d.getByRole('button', { name: 'Avbryt' })).toBeVisible();
  },
};

/** No reason, then 'Annat' without a comment: the Swedish messages; with a comment it opens. */
export const AnnatUtanKommentar: Story = {
  name: 'Annat utan kommentar',
  play: async ({ args, userEvent }) => {
    const d = within(await dialog());
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await expect(await d.findByText('Välj ett skäl till nödåtkomsten.')).toBeVisible();
    await userEvent.click(d.getByRole('radio', { name: 'Annat' }));
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await expect(await d.findByText('Beskriv skälet när du väljer Annat.')).toBeVisible();
    await expect(d.getByRole('textbox', { name: 'Kommentar' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onOpened).not.toHaveBeenCalled();
    await userEvent.type(d.getByRole('textbox', { name: 'Kommentar' }), 'Kollegan är sjuk i dag.');
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await waitFor(() => expect(args.onOpened).toHaveBeenCalledTimes(1));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    const opened = mockState.careTeam.emergencyAccesses.at(-1);
    await expect(opened).toMatchObject({
      clientId: 7,
      reason: 'OTHER',
      comment: 'Kollegan är sjuk i dag.',
    });
  },
};

/** The server refuses: its message shows in the dialog, which stays open. */
export const ServernSvararFel: Story = {
  name: 'Servern svarar fel',
  parameters: mocks(authScenarios.asStaff, careTeamScenarios.emergencyAccessFailure),
  play: async ({ args, userEvent }) => {
    const d = within(await dialog());
    await userEvent.click(d.getByRole('radio', { name: 'Akut vårdbehov' }));
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await expect(await d.findByRole('alert')).toHaveTextContent(
      'Nödåtkomsten kunde inte öppnas just nu. Försök igen om en stund.',
    );
    await expect(args.onOpened).not.toHaveBeenCalled();
  },
};
