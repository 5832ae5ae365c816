import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { FileDropzone } from './file-dropzone';

const MB = 1024 * 1024;
const pdf = (name = 'provsvar-mars.pdf', size = 1024) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** Drops files on an element the way a browser does. */
function dropFiles(target: Element, files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
  }
}

function fileInput(canvasElement: HTMLElement): HTMLInputElement {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('Filfältet saknas');
  return input;
}

const meta = {
  title: 'Primitiver/Filuppladdning',
  component: FileDropzone,
  parameters: { layout: 'padded' },
  args: {
    label: 'Ladda upp provsvar',
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * MB,
    onFile: fn(),
    onReject: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-lg">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FileDropzone>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args }) => {
    const zone = canvas.getByRole('group', { name: 'Ladda upp provsvar' });
    await expect(zone).toHaveAccessibleDescription('PDF, JPG, PNG, högst 10 MB.');
    await expect(canvas.getByRole('button', { name: 'Välj fil' })).toBeEnabled();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

export const VäljFil: Story = {
  name: 'Välj fil',
  play: async ({ canvasElement, args }) => {
    const file = pdf();
    await userEvent.upload(fileInput(canvasElement), file);
    await expect(args.onFile).toHaveBeenCalledWith(file);
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

export const DraOchSlapp: Story = {
  name: 'Dra och släpp',
  play: async ({ canvas, args }) => {
    const zone = canvas.getByRole('group', { name: 'Ladda upp provsvar' });
    const file = new File(['bild'], 'blodtryck.png', { type: 'image/png' });
    dropFiles(zone, [file]);
    await waitFor(() => expect(args.onFile).toHaveBeenCalledWith(file));
    await expect(zone).not.toHaveAttribute('data-dragging');
  },
};

export const FelFiltyp: Story = {
  name: 'Fel filtyp',
  play: async ({ canvas, args }) => {
    const zone = canvas.getByRole('group', { name: 'Ladda upp provsvar' });
    dropFiles(zone, [new File(['text'], 'anteckning.txt', { type: 'text/plain' })]);
    await expect(
      await canvas.findByText('Filtypen stöds inte. Tillåtna typer: PDF, JPG, PNG.'),
    ).toBeVisible();
    await expect(args.onFile).not.toHaveBeenCalled();
    await expect(args.onReject).toHaveBeenCalledWith(
      'Filtypen stöds inte. Tillåtna typer: PDF, JPG, PNG.',
      expect.any(File),
    );
    await expect(zone).toHaveAttribute('data-invalid');
  },
};

export const ForStorFil: Story = {
  name: 'För stor fil',
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.upload(fileInput(canvasElement), pdf('röntgen.pdf', 11 * MB));
    await expect(
      await canvas.findByText('Filen är för stor. Största tillåtna storlek är 10 MB.'),
    ).toBeVisible();
    await expect(args.onFile).not.toHaveBeenCalled();
    // The message is tied to the drop area and sits in a polite live region.
    const zone = canvas.getByRole('group', { name: 'Ladda upp provsvar' });
    await expect(zone).toHaveAccessibleDescription(
      'PDF, JPG, PNG, högst 10 MB. Filen är för stor. Största tillåtna storlek är 10 MB.',
    );
  },
};

export const FleraFiler: Story = {
  name: 'Flera filer',
  play: async ({ canvas, args }) => {
    dropFiles(canvas.getByRole('group', { name: 'Ladda upp provsvar' }), [
      pdf('a.pdf'),
      pdf('b.pdf'),
    ]);
    await expect(await canvas.findByText('Du kan bara ladda upp en fil åt gången.')).toBeVisible();
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

export const Laddar: Story = {
  name: 'Laddar upp',
  args: { progress: 45 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: /Laddar upp/ });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(canvas.getByRole('button', { name: 'Välj fil' })).toBeDisabled();
  },
};

export const Uppladdad: Story = {
  name: 'Uppladdad',
  args: { progress: 100 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uppladdad' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(canvas.getByRole('button', { name: 'Välj fil' })).toBeEnabled();
  },
};

export const Uppladdningsfel: Story = {
  name: 'Uppladdningsfel',
  args: { error: 'Något gick fel' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Något gick fel')).toBeVisible();
  },
};

export const Inaktiverad: Story = {
  name: 'Inaktiverad',
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Välj fil' })).toBeDisabled();
  },
};

/** A parent that uploads: progress climbs after a file is chosen. */
function UploadFlow() {
  const [progress, setProgress] = useState<number>();
  return (
    <FileDropzone
      label="Ladda upp handlingsplan"
      accept={['application/pdf']}
      maxBytes={5 * MB}
      progress={progress}
      onFile={() => setProgress(60)}
    />
  );
}

export const MedUppladdning: Story = {
  name: 'Med uppladdning',
  render: () => <UploadFlow />,
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('group', { name: 'Ladda upp handlingsplan' }),
    ).toHaveAccessibleDescription('PDF, högst 5 MB.');
    await userEvent.upload(fileInput(canvasElement), pdf('handlingsplan.pdf'));
    const bar = await canvas.findByRole('progressbar', { name: 'Laddar upp handlingsplan.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '60');
  },
};
