import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { NOTICE_KIND_LABELS, NOTICE_KINDS } from '@halsa/api';
import { errorFor, loadingFor, mockState, resetMockState, sessionUsers } from '@halsa/api/mocks';
import { shellMsw } from '../../../testing';
import { NOTICE_MAIL_LEAD } from './notice-mail-settings';
import { NoticesScreen } from '../notices/notices';

// 'E-postavisering' on /profile/notifications (design §4.16), shown on the whole page: the list
// of notices stays below it. Signed in as the demo client, who has every kind on by default.

const CLIENT = sessionUsers.user;

const meta = {
  title: 'Notiser/E-postavisering',
  component: NoticesScreen,
  parameters: { msw: shellMsw(), route: { url: '/profile/notifications' } },
  beforeEach: () => {
    resetMockState({ sessionUser: { ...CLIENT } });
  },
} satisfies Meta<typeof NoticesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const section = (root: HTMLElement) =>
  within(root).getByRole('region', { name: 'E-postavisering' });

/** The box of one kind, once the settings are in. */
const box = (root: HTMLElement, label: string) =>
  within(section(root)).findByRole('checkbox', { name: label });

const statusLine = (root: HTMLElement) => within(section(root)).getByRole('status');

export const AllaPa: Story = {
  name: 'Alla på',
  play: async ({ canvas, canvasElement }) => {
    const settings = section(canvasElement);
    await expect(within(settings).getByText(NOTICE_MAIL_LEAD)).toBeVisible();
    await expect(NOTICE_MAIL_LEAD).toContain('E-posten innehåller aldrig hälsouppgifter');
    await expect(await box(canvasElement, 'Nya meddelanden')).toBeChecked();
    const boxes = within(settings).getAllByRole('checkbox');
    // Messages, lab results, action plan, journal notes, meetings, reminders and questionnaires.
    await expect(boxes).toHaveLength(7);
    for (const kind of NOTICE_KINDS) {
      await expect(
        within(settings).getByRole('checkbox', { name: NOTICE_KIND_LABELS[kind] }),
      ).toBeChecked();
    }
    await expect(
      within(settings).getByRole('group', { name: 'Skicka e-post till mig om' }),
    ).toBeVisible();
    await expect(
      within(settings).getByRole('checkbox', { name: 'Möten som bokas, flyttas eller avbokas' }),
    ).toBeChecked();
    await expect(
      within(settings).getByRole('checkbox', { name: 'Påminnelse dagen före ett möte' }),
    ).toBeChecked();
    await expect(within(settings).getByRole('checkbox', { name: 'Ny enkät' })).toBeChecked();
    // The list of notices is still on the page.
    await expect(canvas.getByRole('region', { name: 'Alla notiser' })).toBeVisible();
  },
};

export const NagraAv: Story = {
  name: 'Några av',
  beforeEach: () => {
    mockState.noticeMailSettings[CLIENT.id] = { LAB_RESULT: false, APPOINTMENT_REMINDER: false };
  },
  play: async ({ canvasElement }) => {
    await expect(await box(canvasElement, 'Nya provsvar')).not.toBeChecked();
    const settings = section(canvasElement);
    await expect(
      within(settings).getByRole('checkbox', { name: 'Påminnelse dagen före ett möte' }),
    ).not.toBeChecked();
    await expect(within(settings).getByRole('checkbox', { name: 'Nya meddelanden' })).toBeChecked();
    await expect(
      within(settings).getByRole('checkbox', { name: 'Ny journalanteckning' }),
    ).toBeChecked();
  },
};

/** STAFF and ADMIN have only new messages on until they choose otherwise. */
export const Personal: Story = {
  name: 'Personal: bara nya meddelanden',
  beforeEach: () => {
    resetMockState({ sessionUser: { ...sessionUsers.staff } });
  },
  play: async ({ canvasElement }) => {
    await expect(await box(canvasElement, 'Nya meddelanden')).toBeChecked();
    await expect(
      within(section(canvasElement)).getByRole('checkbox', { name: 'Nya provsvar' }),
    ).not.toBeChecked();
  },
};

/** The box shows the change at once; the status line says it is being saved. */
export const Sparar: Story = {
  name: 'Sparar',
  parameters: { msw: shellMsw(...loadingFor(['updateNoticeMailSettings'])) },
  play: async ({ canvasElement, userEvent }) => {
    const lab = await box(canvasElement, 'Nya provsvar');
    await expect(statusLine(canvasElement)).toHaveTextContent('');
    await userEvent.click(lab);
    await expect(lab).not.toBeChecked();
    await expect(statusLine(canvasElement)).toHaveTextContent('Sparar…');
    await expect(within(section(canvasElement)).getByRole('group')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Sparad: Story = {
  name: 'Sparad',
  play: async ({ canvasElement, userEvent }) => {
    const lab = await box(canvasElement, 'Nya provsvar');
    await userEvent.click(lab);
    await waitFor(() =>
      expect(statusLine(canvasElement)).toHaveTextContent('Inställningen är sparad.'),
    );
    await expect(lab).not.toBeChecked();
    await expect(mockState.noticeMailSettings[CLIENT.id]).toEqual({ LAB_RESULT: false });
    // And on again, from the keyboard.
    lab.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(mockState.noticeMailSettings[CLIENT.id]?.LAB_RESULT).toBe(true));
    await expect(lab).toBeChecked();
    await expect(statusLine(canvasElement)).toHaveTextContent('Inställningen är sparad.');
  },
};

/** Saving fails: the box goes back to what it was and an alert says so in Swedish. */
export const Misslyckas: Story = {
  name: 'Sparandet misslyckas',
  parameters: { msw: shellMsw(...errorFor(['updateNoticeMailSettings'])) },
  play: async ({ canvasElement, userEvent }) => {
    const lab = await box(canvasElement, 'Nya provsvar');
    await userEvent.click(lab);
    const alert = await within(section(canvasElement)).findByRole('alert');
    await expect(alert).toHaveTextContent('Inställningen sparades inte');
    await expect(alert).toHaveTextContent('Kunde inte spara inställningen');
    await waitFor(() => expect(lab).toBeChecked());
    await expect(statusLine(canvasElement)).not.toHaveTextContent('Inställningen är sparad.');
    await expect(mockState.noticeMailSettings[CLIENT.id]).toBeUndefined();
  },
};

export const LaddarInstallningar: Story = {
  name: 'Laddar inställningar',
  parameters: { msw: shellMsw(...loadingFor(['noticeMailSettings'])) },
  play: async ({ canvasElement }) => {
    await expect(await within(section(canvasElement)).findByRole('status')).toHaveTextContent(
      'Hämtar inställningar…',
    );
    await expect(within(section(canvasElement)).queryByRole('checkbox')).toBeNull();
  },
};

export const HamtningMisslyckas: Story = {
  name: 'Hämtning misslyckas',
  parameters: { msw: shellMsw(...errorFor(['noticeMailSettings'])) },
  play: async ({ canvasElement }) => {
    const alert = await within(section(canvasElement)).findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta inställningarna för e-postavisering');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await box(canvasElement, 'Nya provsvar')).toBeChecked();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
