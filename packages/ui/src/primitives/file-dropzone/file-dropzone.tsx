import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatBytes, formatPercent } from '../../lib/format';
import { UploadIcon } from '../../lib/icons';
import { Button } from '../button/button';
import { describedBy, FieldError } from '../form-field/form-field';
import { acceptLabels, validateFile } from './accept';

export const BROWSE_LABEL = 'Välj fil';
export const ONE_FILE_MESSAGE = 'Du kan bara ladda upp en fil åt gången.';

export interface FileDropzoneProps {
  /** The visible name of the upload area, e.g. 'Ladda upp provsvar'. */
  label: ReactNode;
  /** Allowed types: MIME types ('application/pdf'), wildcards ('image/*') or extensions ('.csv'). */
  accept: readonly string[];
  /** Largest allowed file in bytes. */
  maxBytes: number;
  /** Called with a file that passed the type and size checks. */
  onFile: (file: File) => void;
  /** Called with the Swedish reason when a file is refused. */
  onReject?: (message: string, file: File | null) => void;
  /** Upload progress 0–100; shows a progress bar while defined. */
  progress?: number;
  /** Help text; by default the allowed types and the size limit. */
  hint?: ReactNode;
  /** An error from outside, e.g. a failed upload; replaces the dropzone's own message. */
  error?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * Drag-and-drop or browse ('Välj fil') for one file. Wrong type or size is refused with a
 * Swedish message in a polite live region; `progress` shows an upload progress bar.
 */
export function FileDropzone({
  label,
  accept,
  maxBytes,
  onFile,
  onReject,
  progress,
  hint,
  error,
  disabled = false,
  id,
  className,
}: FileDropzoneProps) {
  const generated = useId();
  const baseId = id ?? generated;
  const labelId = `${baseId}-label`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const progressId = `${baseId}-progress`;
  const inputRef = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const uploading = progress !== undefined;
  const inactive = disabled || (uploading && progress < 100);
  const shownError = error ?? message;

  const take = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setMessage(ONE_FILE_MESSAGE);
      onReject?.(ONE_FILE_MESSAGE, null);
      return;
    }
    const file = files[0]!;
    const reason = validateFile(file, accept, maxBytes);
    if (reason) {
      setMessage(reason);
      onReject?.(reason, file);
      return;
    }
    setMessage(null);
    setFileName(file.name);
    onFile(file);
  };

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (inactive) return;
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = inactive ? 'none' : 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    if (inactive) return;
    take(event.dataTransfer.files);
  };

  const defaultHint = `${acceptLabels(accept)}, högst ${formatBytes(maxBytes)}.`;
  const percent = uploading ? Math.min(100, Math.max(0, Math.round(progress))) : 0;

  return (
    <div className={cn('flex flex-col', className)} data-invalid={shownError ? '' : undefined}>
      <p id={labelId} className="mb-1.5 font-medium text-fg">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy(hintId, shownError ? errorId : undefined)}
        data-dragging={dragging ? '' : undefined}
        data-disabled={inactive ? '' : undefined}
        data-invalid={shownError ? '' : undefined}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-card border-2 border-dashed border-border-strong',
          'bg-surface px-gutter py-6 text-center transition-colors',
          'data-dragging:border-primary data-dragging:bg-primary-soft',
          'data-disabled:bg-surface-sunken data-invalid:border-danger',
        )}
      >
        <UploadIcon className="size-8 text-fg-muted" />
        <p className="text-fg">Dra och släpp en fil här, eller</p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={inactive}
          onClick={() => inputRef.current?.click()}
        >
          {BROWSE_LABEL}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={accept.join(',')}
          tabIndex={-1}
          aria-hidden="true"
          disabled={inactive}
          className="sr-only"
          onChange={(event) => {
            take(event.currentTarget.files);
            // Let the same file be chosen again after a refusal or a finished upload.
            event.currentTarget.value = '';
          }}
        />
        <p id={hintId} className="text-sm text-fg-muted">
          {hint ?? defaultHint}
        </p>
      </div>
      {uploading ? (
        <div className="mt-3" data-slot="upload-progress">
          <div className="mb-1 flex justify-between gap-3 text-sm">
            <span id={progressId} className="min-w-0 text-fg [overflow-wrap:anywhere]">
              {percent >= 100 ? 'Uppladdad' : 'Laddar upp'}
              {fileName ? ` ${fileName}` : ''}
            </span>
            <span className="text-fg-muted tabular-nums">{formatPercent(percent)}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={formatPercent(percent)}
            className="h-2 overflow-hidden rounded-full bg-surface-sunken"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      <FieldError id={errorId}>{shownError}</FieldError>
    </div>
  );
}
