import { useRef } from 'react';
import { CloseIcon } from '../../../lib/icons';
import { Button } from '../../../primitives/button/button';
import { MessageFileIcon } from '../../../components/message/file-icon';
import { ATTACH_LABEL } from './labels';

export interface FilePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** Ids of text that describes the button (e.g. a validation message). */
  describedBy?: string;
}

/** 'Bifoga fil' and, once a file is chosen, its name with a button to remove it. */
export function FilePicker({ file, onChange, disabled = false, describedBy }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {ATTACH_LABEL}
      </Button>
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        className="sr-only"
        data-testid="file-input"
        onChange={(event) => {
          onChange(event.currentTarget.files?.[0] ?? null);
          // Let the same file be chosen again after removing it.
          event.currentTarget.value = '';
        }}
      />
      {file ? (
        <span
          className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-control bg-surface-sunken py-0.5 pr-0.5 pl-1 text-sm"
          data-slot="chosen-file"
        >
          <MessageFileIcon fileName={file.name} decorative size="sm" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{file.name}</span>
          <button
            type="button"
            aria-label={`Ta bort bilagan ${file.name}`}
            disabled={disabled}
            onClick={() => onChange(null)}
            className="grid size-target shrink-0 cursor-pointer place-items-center rounded-control text-fg-muted hover:bg-surface hover:text-fg"
          >
            <CloseIcon className="size-4" />
          </button>
        </span>
      ) : null}
    </div>
  );
}
