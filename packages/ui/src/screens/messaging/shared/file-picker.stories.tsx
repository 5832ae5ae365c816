import { useId, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FilePicker, type FilePickerProps } from './file-picker';
import { TEXT_OR_FILE_ERROR } from './labels';
import { widgetFrame } from '../../../testing';

const pdf = (name = 'Kostdagbok.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

function fileInput(canvasElement: HTMLElement): HTMLInputElement {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('Filfältet saknas');
  return input;
}

/** The picker is controlled: this keeps the chosen file the way the conversation's composer does. */
function ControlledFilePicker({ file: initial, onChange, ...props }: FilePickerProps) {
  const [file, setFile] = useState(initial);
  return (
    <FilePicker
      {...props}
      file={file}
      onChange={(next) => {
        onChange(next);
        setFile(next);
      }}
    />
  );
}

const meta = {
  title: 'Meddelanden/Komponenter/Bifoga fil',
  component: FilePicker,
  args: { file: null, onChange: fn() },
  decorators: [widgetFrame],
  render: (args) => <ControlledFilePicker {...args} />,
} satisfies Meta<typeof FilePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No file: only 'Bifoga fil'; the hidden file input is out of the tab order. */
export const IngenFil: Story = {
  name: 'Ingen fil',
  play: async ({ canvas, canvasElement }) => {
    const attach = canvas.getByRole('button', { name: 'Bifoga fil' });
    await expect(attach).toBeEnabled();
    await expect(attach).toHaveAttribute('type', 'button');
    await expect(canvas.queryByRole('button', { name: /^Ta bort bilagan/ })).toBeNull();
    const input = fileInput(canvasElement);
    await expect(input).toHaveAttribute('tabindex', '-1');
    await expect(input).toHaveAttribute('aria-hidden', 'true');
  },
};

/** 'Bifoga fil' opens the browser's file chooser (the input's click), by mouse and keyboard. */
export const OppnarFilvaljaren: Story = {
  name: 'Öppnar filväljaren',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const opened = fn();
    // Stop the real chooser from opening in the test browser; count the attempts.
    fileInput(canvasElement).addEventListener('click', (event) => {
      event.preventDefault();
      opened();
    });
    const attach = canvas.getByRole('button', { name: 'Bifoga fil' });
    await userEvent.click(attach);
    await expect(opened).toHaveBeenCalledOnce();
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(attach).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(opened).toHaveBeenCalledTimes(2);
  },
};

/** A chosen file: its name, a file icon and 'Ta bort bilagan <namn>'. */
export const ValdFil: Story = {
  name: 'Vald fil',
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const file = pdf();
    await userEvent.upload(fileInput(canvasElement), file);
    await expect(args.onChange).toHaveBeenCalledWith(file);
    await expect(canvas.getByText('Kostdagbok.pdf')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Ta bort bilagan Kostdagbok.pdf' }),
    ).toBeEnabled();
    // The icon is decorative: the name is written beside it.
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Bifoga fil' })).toBeEnabled();
  },
};

/** Given a file from the start (a composer that keeps its draft). */
export const MedFil: Story = {
  name: 'Med fil från början',
  args: { file: new File(['bild'], 'Utslag på armen.jpg', { type: 'image/jpeg' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Utslag på armen.jpg')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Ta bort bilagan Utslag på armen.jpg' }),
    ).toBeVisible();
  },
};

/** Removing the file: back to no file; the same file can then be chosen again. */
export const TaBortFil: Story = {
  name: 'Ta bort filen',
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const file = pdf('Blodtryck_vecka_47.pdf');
    await userEvent.upload(fileInput(canvasElement), file);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Ta bort bilagan Blodtryck_vecka_47.pdf' }),
    );
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.queryByText('Blodtryck_vecka_47.pdf')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Ta bort bilagan/ })).toBeNull();

    await userEvent.upload(fileInput(canvasElement), file);
    await expect(args.onChange).toHaveBeenLastCalledWith(file);
    await expect(canvas.getByText('Blodtryck_vecka_47.pdf')).toBeVisible();
  },
};

/** Choosing another file replaces the first; only one file is attached. */
export const ByterFil: Story = {
  name: 'Byter fil',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.upload(fileInput(canvasElement), pdf('Remiss.pdf'));
    await userEvent.upload(
      fileInput(canvasElement),
      new File(['x'], 'Sömnkurva.png', { type: 'image/png' }),
    );
    await expect(canvas.queryByText('Remiss.pdf')).toBeNull();
    await expect(canvas.getByText('Sömnkurva.png')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Ta bort bilagan/ })).toHaveLength(1);
  },
};

/** Keyboard only: Tab from 'Bifoga fil' to the remove button, Enter removes the file. */
export const TaBortMedTangentbord: Story = {
  name: 'Ta bort med tangentbord',
  args: { file: pdf('Träningslogg_november.pdf') },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Bifoga fil' })).toHaveFocus();
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: 'Ta bort bilagan Träningslogg_november.pdf' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(null);
    await expect(canvas.queryByText('Träningslogg_november.pdf')).toBeNull();
  },
};

/** A long file name wraps onto more lines, whole, and never widens the 320 px panel. */
export const LangtFilnamn: Story = {
  name: 'Långt filnamn',
  args: {
    file: pdf('Sammanställning_av_blodprover_och_blodtryck_för_hösten_2026_version_slutgiltig.pdf'),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }} data-testid="viewport-320">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const name = canvas.getByText(/^Sammanställning_av_blodprover/);
    // Nothing cut off: the name breaks inside its one long word instead.
    await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth);
    await expect(name.getBoundingClientRect().height).toBeGreaterThan(
      1.5 * parseFloat(getComputedStyle(name).lineHeight),
    );
    await expect(
      canvas.getByRole('button', {
        name: 'Ta bort bilagan Sammanställning_av_blodprover_och_blodtryck_för_hösten_2026_version_slutgiltig.pdf',
      }),
    ).toBeVisible();
    await expect(canvas.getByTestId('viewport-320').scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** Disabled (e.g. while sending): neither choosing nor removing is possible. */
export const Inaktiverad: Story = {
  name: 'Inaktiverad',
  args: { disabled: true, file: pdf() },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Bifoga fil' })).toBeDisabled();
    await expect(
      canvas.getByRole('button', { name: 'Ta bort bilagan Kostdagbok.pdf' }),
    ).toBeDisabled();
    await expect(fileInput(canvasElement)).toBeDisabled();
  },
};

/** A message beside the picker describes its button (`describedBy`), e.g. nothing to send. */
function WithError(props: FilePickerProps) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2">
      <ControlledFilePicker {...props} describedBy={errorId} />
      <p id={errorId} className="text-sm text-danger">
        {TEXT_OR_FILE_ERROR}
      </p>
    </div>
  );
}

export const MedFelmeddelande: Story = {
  name: 'Med felmeddelande',
  render: (args) => <WithError {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Bifoga fil' })).toHaveAccessibleDescription(
      'Du måste skriva ett meddelande eller bifoga en fil.',
    );
  },
};
