import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HttpResponse } from 'msw';
import {
  actionPlanScenarios,
  answer,
  authScenarios,
  labScenarios,
  mockState,
} from '@halsa/api/mocks';
import { createGate, mocks } from '../../../testing';
import { ClientFilesTab } from './client-files';

const client = () => mockState.clients.find((c) => c.id === 3)!;
const fileInput = (root: HTMLElement) =>
  root.querySelector<HTMLInputElement>('input[type="file"]')!;
const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
const body = () => within(document.body);

const meta = {
  title: 'Klienter/Lab Resultat och Handlingsplan',
  component: ClientFilesTab,
  render: (args) => <ClientFilesTab {...args} client={client()} />,
  args: { kind: 'lab', client: undefined as never },
} satisfies Meta<typeof ClientFilesTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An ADMIN uploads a PDF: 'Filen har laddats upp', and the history shows it first. */
export const UppladdningKlar: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov_2026-11-24.pdf'));
    await expect(await canvas.findByText('Filen har laddats upp')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för labbresultat' });
    const items = await within(dialog).findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Blodprov_2026-11-24.pdf');
  },
};

/** While the file is on its way: a progress bar, the dropzone disabled. */
export const UppladdningPagar: Story = {
  parameters: mocks([answer('uploadLab', () => new Promise<Response>(() => {}))]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov.pdf'));
    await expect(await canvas.findByRole('progressbar')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Välj fil' })).toBeDisabled();
  },
};

/** The server refuses without a message: 'Något gick fel'. */
export const UppladdningMisslyckas: Story = {
  parameters: mocks(labScenarios.uploadFailure),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov.pdf'));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Något gick fel');
  },
};

/** The server's own message is shown. */
export const UppladdningForStor: Story = {
  parameters: mocks(labScenarios.uploadTooLarge),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov.pdf'));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Filen är för stor.');
  },
};

/** The history: file name, Swedish date and time, download. */
export const HistorikOppen: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för labbresultat' });
    await expect(await within(dialog).findByText('Blodprov_2026-10-12.pdf')).toBeVisible();
    await expect(within(dialog).getByText(/12 okt\. 2026/)).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Ladda ner Blodprov_2026-10-12.pdf' }),
    ).toBeVisible();
  },
};

/** The lab history cannot be fetched (spec §8). */
export const HistorikFel: Story = {
  parameters: mocks(labScenarios.error(500)),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog');
    await expect(await within(dialog).findByText('Misslyckades att ladda historik.')).toBeVisible();
  },
};

/** The action-plan history cannot be fetched (spec §8). */
export const HandlingsplanHistorikFel: Story = {
  args: { kind: 'actionPlan' },
  parameters: mocks(actionPlanScenarios.error(500)),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för handlingsplaner' });
    await expect(
      await within(dialog).findByText('Misslyckades att ladda handlingsplan.'),
    ).toBeVisible();
  },
};

/** No uploads yet. */
export const HistorikTom: Story = {
  parameters: mocks(labScenarios.empty),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog');
    await expect(
      await within(dialog).findByText('Inga labbresultat har laddats upp ännu.'),
    ).toBeVisible();
  },
};

/** While the history loads. */
export const HistorikLaddar: Story = {
  parameters: mocks([
    answer('labHistory', () => createGate().promise.then(() => HttpResponse.json([]))),
  ]),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    await expect(await body().findByText('Hämtar historik…')).toBeInTheDocument();
  },
};

/** STAFF reads the history but does not upload (spec §6). */
export const Personal: Story = {
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Endast administratörer kan ladda upp filer.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Välj fil' })).toBeNull();
  },
};
