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
/**
 * A lab's FHIR report: blood pressure (two components), a glucose, an entered-in-error value,
 * sampled 24 November. The mock upload reads it with the server's reader (@halsa/api/fhir), so
 * the summary the stories show is the server's for this file.
 */
const fhirReport = (name: string) =>
  new File(
    [
      JSON.stringify({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          { resource: { resourceType: 'DiagnosticReport', status: 'final' } },
          {
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'Blodtryck' },
              effectiveDateTime: '2026-11-24T08:30:00+01:00',
              component: [
                { code: { text: 'Systoliskt' }, valueQuantity: { value: 128 } },
                { code: { text: 'Diastoliskt' }, valueQuantity: { value: 82 } },
              ],
            },
          },
          {
            resource: {
              resourceType: 'Observation',
              status: 'final',
              code: { text: 'Glukos' },
              effectiveDateTime: '2026-11-24T08:30:00+01:00',
              valueQuantity: { value: 5.1 },
            },
          },
          {
            resource: {
              resourceType: 'Observation',
              status: 'entered-in-error',
              code: { text: 'Temperature' },
              effectiveDateTime: '2026-11-24T08:30:00+01:00',
              valueQuantity: { value: 39 },
            },
          },
        ],
      }),
    ],
    name,
    { type: 'application/json' },
  );
const body = () => within(document.body);
/** The lines of the list of values skipped in `file`, found within `scope`. */
const skippedIn = (scope: ReturnType<typeof within>, file: string) =>
  within(scope.getByRole('list', { name: `Värden som hoppades över i ${file}` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

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
  name: 'Uppladdningen klar',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov_2026-11-24.pdf'));
    await expect(await canvas.findByText('Filen har laddats upp')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för provsvar' });
    const items = await within(dialog).findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Blodprov_2026-11-24.pdf');
  },
};

/** The dropzone says what a lab file may be: PDF, picture, CSV or FHIR JSON, up to 25 MB. */
export const LabbfilGranser: Story = {
  name: 'Labbfil: typer och högst 25 MB',
  play: async ({ canvas }) => {
    const zone = await canvas.findByRole('group', { name: 'Ladda upp provsvar' });
    await expect(zone).toHaveAccessibleDescription('PDF, PNG, JPG, CSV, JSON, högst 25 MB.');
  },
};

/** An action plan stays a PDF or picture of at most 10 MB. */
export const HandlingsplanGranser: Story = {
  name: 'Handlingsplan: typer och högst 10 MB',
  args: { kind: 'actionPlan' },
  play: async ({ canvas }) => {
    const zone = await canvas.findByRole('group', { name: 'Ladda upp handlingsplan' });
    await expect(zone).toHaveAccessibleDescription('PDF, PNG, JPG, högst 10 MB.');
  },
};

/** A FHIR report is uploaded: what was read, what was skipped and why; the history says it too. */
export const ProvsvarLastes: Story = {
  name: 'FHIR-rapport: värden lästes och hoppades över',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), fhirReport('Labbrapport_2026-11-24.json'));
    const summary = await canvas.findByText('3 värden lästes, 1 hoppades över');
    const status = within(summary.closest('[role="status"]') as HTMLElement);
    await expect(status.getByText('Filen har laddats upp')).toBeVisible();
    await expect(skippedIn(status, 'Labbrapport_2026-11-24.json')).toEqual([
      'Temperature: värdet är makulerat (status entered-in-error)',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för provsvar' });
    const items = await within(dialog).findAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Labbrapport_2026-11-24.json');
    await expect(items[0]).toHaveTextContent('3 värden lästes, 1 hoppades över');
  },
};

/** Many values skipped: each with its analysis (or 'Analys utan namn') and Swedish reason. */
export const VardenHoppadesOver: Story = {
  name: 'Uppladdning: värden hoppades över',
  parameters: mocks(labScenarios.uploadSkipped),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), fhirReport('Labbrapport_2026-11-24.json'));
    await expect(await canvas.findByText('44 värden lästes, 3 hoppades över')).toBeVisible();
    await expect(skippedIn(canvas, 'Labbrapport_2026-11-24.json')).toEqual([
      'Temperature: värdet är makulerat (status entered-in-error)',
      'Blodtryck: undersökningen är inställd (status cancelled)',
      'Analys utan namn: observationen saknar LOINC-kod',
    ]);
  },
};

/** Thousands skipped: the first 20 listed, the rest counted from the total, not from the list. */
export const TusentalsVardenHoppadesOver: Story = {
  name: 'Uppladdning: tusentals värden hoppades över',
  parameters: mocks(labScenarios.uploadSkippedMany),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), fhirReport('Labbrapport_2026-11-24.json'));
    await expect(await canvas.findByText('1 värde lästes, 5000 hoppades över')).toBeVisible();
    const listed = skippedIn(canvas, 'Labbrapport_2026-11-24.json');
    await expect(listed).toHaveLength(21);
    await expect(listed[0]).toBe('Analys 1: observationen saknar värde');
    await expect(listed[20]).toBe('och 4980 till');
  },
};

/** The history: each structured file with what was read from it. */
export const HistorikMedLastaVarden: Story = {
  name: 'Historik: lästa och överhoppade värden per fil',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för provsvar' });
    await expect(
      await within(dialog).findByText('12 värden lästes, 2 hoppades över'),
    ).toBeVisible();
    await expect(skippedIn(within(dialog), 'Labbrapport_2026-11-02.json')).toEqual([
      'Temperature: värdet är makulerat (status entered-in-error)',
      'Analys utan namn: observationen saknar LOINC-kod',
    ]);
    // a PDF says nothing of values
    const pdfItem = within(dialog).getByText('Blodprov_2026-10-12.pdf').closest('li')!;
    await expect(within(pdfItem).queryByTestId('read-summary')).toBeNull();
  },
};

/** While the file is on its way: a progress bar, the dropzone disabled. */
export const UppladdningPagar: Story = {
  name: 'Uppladdning pågår',
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
  name: 'Uppladdningen misslyckas',
  parameters: mocks(labScenarios.uploadFailure),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov.pdf'));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Något gick fel');
  },
};

/** The server's own message is shown. */
export const UppladdningForStor: Story = {
  name: 'Uppladdningen är för stor',
  parameters: mocks(labScenarios.uploadTooLarge),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('button', { name: 'Välj fil' });
    await userEvent.upload(fileInput(canvasElement), pdf('Blodprov.pdf'));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Filen är för stor.');
  },
};

/** The history: file name, Swedish date and time, download. */
export const HistorikOppen: Story = {
  name: 'Historik öppen',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog', { name: 'Historik för provsvar' });
    await expect(await within(dialog).findByText('Blodprov_2026-10-12.pdf')).toBeVisible();
    await expect(within(dialog).getByText(/12 okt\. 2026/)).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Ladda ner Blodprov_2026-10-12.pdf' }),
    ).toBeVisible();
  },
};

/** The lab history cannot be fetched (spec §8). */
export const HistorikFel: Story = {
  name: 'Historik – fel',
  parameters: mocks(labScenarios.error(500)),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog');
    await expect(await within(dialog).findByText('Misslyckades att ladda historik.')).toBeVisible();
  },
};

/** The action-plan history cannot be fetched (spec §8). */
export const HandlingsplanHistorikFel: Story = {
  name: 'Handlingsplanens historik – fel',
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
  name: 'Historik tom',
  parameters: mocks(labScenarios.empty),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Visa historik' }));
    const dialog = await body().findByRole('dialog');
    await expect(
      await within(dialog).findByText('Inga provsvar har laddats upp ännu.'),
    ).toBeVisible();
  },
};

/** While the history loads. */
export const HistorikLaddar: Story = {
  name: 'Historik laddar',
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
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Endast administratörer kan ladda upp filer.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Välj fil' })).toBeNull();
  },
};
