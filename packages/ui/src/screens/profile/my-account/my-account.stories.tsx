import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, waitFor, within } from 'storybook/test';
import { type ActivityLog } from '@halsa/api';
import { authScenarios, mockState, profileScenarios } from '@halsa/api/mocks';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { mocks } from '../../../testing';
import { MyAccountScreen } from './my-account';

const meta = {
  title: 'Profil/Mitt konto',
  component: MyAccountScreen,
  parameters: {
    route: { path: '/profile/myaccount', url: '/profile/myaccount' },
    ...mocks(authScenarios.asUser),
  },
} satisfies Meta<typeof MyAccountScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A 1 × 1 PNG, and a file of any size that claims to be a PNG. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const png = (name = 'jag.png', size?: number) =>
  new File([size ? new Uint8Array(size) : PNG], name, { type: 'image/png' });
const fileInput = (root: HTMLElement) =>
  root.querySelector<HTMLInputElement>('input[type="file"]')!;

/** A client: details, picture, password and who has read her data, newest first. */
export const Klient: Story = {
  name: 'Klient',
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Användarinställningar' }),
    ).toBeVisible();
    await expect(await canvas.findByText('Anna Lindqvist')).toBeVisible();
    await expect(await canvas.findByText('klient@example.com')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Personuppgifter' })).toBeVisible();
    await expect(canvas.getByText('Klient')).toBeVisible();
    const table = await canvas.findByRole('list', {
      name: 'Vem har läst mina uppgifter, senaste först',
    });
    const rows = within(table).getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('Erik Johansson');
    await expect(rows[0]).toHaveTextContent('Läste din journal');
    await expect(rows[0]).toHaveTextContent('20 november 2026');
    // her own logins are not in it
    await expect(within(table).queryByText(/Anna Lindqvist/)).toBeNull();
  },
};

/** Staff: no 'Vem har läst mina uppgifter' (it is a client's view of her own data). */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Personal')).toBeVisible();
    await expect(await canvas.findByText('staff@example.com')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Personuppgifter' })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Byt lösenord' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Vem har läst mina uppgifter' })).toBeNull();
  },
};

/** Empty fields and the §5 rules, in the spec's words. */
export const LosenordsRegler: Story = {
  name: 'Lösenordsregler',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Byt lösenord' }));
    await expect(canvas.getByText('Nuvarande lösenord är obligatoriskt.')).toBeVisible();
    await expect(canvas.getByText('Lösenord är obligatoriskt.')).toBeVisible();
    await expect(canvas.getByText('Bekräfta lösenord är obligatoriskt.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Nytt lösenord', { selector: 'input' }), 'kort');
    await userEvent.type(
      canvas.getByLabelText('Bekräfta nytt lösenord', { selector: 'input' }),
      'annat',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Byt lösenord' }));
    await expect(
      canvas.getByText('Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.'),
    ).toBeVisible();
    await expect(canvas.getByText('Lösenorden matchar inte.')).toBeVisible();
  },
};

const fillPassword = async (
  canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'],
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
) => {
  await userEvent.type(
    await canvas.findByLabelText('Nuvarande lösenord', { selector: 'input' }),
    'Halsa2026!',
  );
  await userEvent.type(canvas.getByLabelText('Nytt lösenord', { selector: 'input' }), 'NyttLösen1');
  await userEvent.type(
    canvas.getByLabelText('Bekräfta nytt lösenord', { selector: 'input' }),
    'NyttLösen1',
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Byt lösenord' }));
};

/** Changed: she is told her other sessions were signed out; the fields are emptied. */
export const LosenordBytt: Story = {
  name: 'Lösenord bytt',
  play: async ({ canvas, userEvent }) => {
    await fillPassword(canvas, userEvent);
    await expect(
      await canvas.findByText(
        'Lösenordet är bytt. Du har loggats ut på alla andra enheter och webbläsare.',
      ),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Nuvarande lösenord', { selector: 'input' })).toHaveValue(
      '',
    );
  },
};

/** A wrong current password: the server's Swedish message; nothing else changes. */
export const FelNuvarandeLosenord: Story = {
  name: 'Fel nuvarande lösenord',
  parameters: mocks(authScenarios.asUser, profileScenarios.changePasswordFailure),
  play: async ({ canvas, userEvent }) => {
    await fillPassword(canvas, userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Nuvarande lösenord är felaktigt.',
    );
    await expect(canvas.getByLabelText('Nuvarande lösenord', { selector: 'input' })).toHaveValue(
      'Halsa2026!',
    );
  },
};

/** A picture is previewed before it is saved; then it can be removed again. */
export const BildSparasOchTasBort: Story = {
  name: 'Bild sparas och tas bort',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj bild' });
    await userEvent.upload(fileInput(canvasElement), png());
    await expect(
      await canvas.findByAltText('Förhandsvisning av den nya profilbilden'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Spara bild' }));
    await expect(await canvas.findByText('Profilbilden är sparad.')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Ta bort bild' }));
    await expect(await canvas.findByText('Profilbilden är borttagen.')).toBeVisible();
    await waitFor(() => expect(mockState.sessionUser?.imageUrl).toBeNull());
  },
};

/** Too big: refused here with a Swedish message, nothing sent. */
export const BildForStor: Story = {
  name: 'Bilden är för stor',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj bild' });
    await userEvent.upload(fileInput(canvasElement), png('stor.png', 3 * 1024 * 1024));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Bilden är för stor. Den får vara högst 2 MB.',
    );
    await expect(canvas.queryByRole('button', { name: 'Spara bild' })).toBeNull();
  },
};

/** Not an image: refused here. */
export const InteEnBild: Story = {
  name: 'Inte en bild',
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('button', { name: 'Välj bild' });
    // past the picker's accept filter, as a drag-and-drop or another browser could
    fireEvent.change(fileInput(canvasElement), {
      target: { files: [new File(['%PDF-1.4'], 'intyg.pdf', { type: 'application/pdf' })] },
    });
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Välj en bild i formatet JPEG, PNG, WebP eller GIF.',
    );
  },
};

/** The server refuses the picture (content not an image): its message is shown. */
export const BildNekasAvServern: Story = {
  name: 'Bilden nekas av servern',
  parameters: mocks(authScenarios.asUser, profileScenarios.uploadProfileImageNotImage),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj bild' });
    await userEvent.upload(fileInput(canvasElement), png('falsk.png'));
    await userEvent.click(await canvas.findByRole('button', { name: 'Spara bild' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Endast bilder i formaten JPEG, PNG, WebP eller GIF är tillåtna.',
    );
  },
};

const manyReads = (): ActivityLog[] =>
  Array.from({ length: 45 }, (_, i) => ({
    id: 20_000 + i,
    action: 'LAB_RESULTS_VIEWED',
    performedByName: 'Erik Johansson',
    // one a day: the page shows one line per person and day (design §4.20)
    timestamp: new Date(Date.UTC(2026, 10, 20, 12) - i * 86_400_000).toISOString(),
    subjectUserName: 'Anna Lindqvist',
    ipAddress: '192.168.10.24',
  }));

/** A long log: 20 lines a page, 'Nyare' and 'Äldre'. */
export const LoggMangaSidor: Story = {
  name: 'Logg med många sidor',
  beforeEach: () => {
    mockState.activityLogs = manyReads();
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Sida 1 av 3')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nyare' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Äldre' }));
    await expect(await canvas.findByText('Sida 2 av 3')).toBeVisible();
  },
};

export const LoggTom: Story = {
  name: 'Logg tom',
  parameters: mocks(authScenarios.asUser, profileScenarios.accessLogEmpty),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Ingen på mottagningen har läst dina uppgifter ännu.'),
    ).toBeVisible();
  },
};

/** The access log fails without a message: the call's Swedish fallback (spec §8). */
export const LoggFel: Story = {
  name: 'Logg – fel',
  parameters: mocks(authScenarios.asUser, [
    answer('accessLog', () => new Response(null, { status: 500 })),
  ]),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte hämta vem som har läst dina uppgifter',
    );
  },
};

/** Her details cannot be fetched: the fallback; the rest of the page works. */
export const KontouppgifterFel: Story = {
  name: 'Kontouppgifter – fel',
  parameters: mocks(authScenarios.asUser, [
    answer('myAccount', () => new Response(null, { status: 500 })),
  ]),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte hämta dina kontouppgifter',
    );
    await expect(canvas.getByRole('heading', { name: 'Byt lösenord' })).toBeVisible();
  },
};
