import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { splitFileMessage } from '@halsa/api';
import type { Message } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { formatPercent } from '../../lib/format';
import { Button } from '../../primitives/button/button';
import { Tooltip } from '../../primitives/tooltip/tooltip';
import { safeFileHref } from './file-href';
import { MessageFileIcon } from './file-icon';
import { formatDateAtTime } from '../../lib/format';
import { formatMessageTime } from './format-time';
import { LinkifiedText } from './linkified-text';
import { textareaClass } from './styles';

export const EDIT_LABEL = 'Redigera';
export const SAVE_LABEL = 'Spara';
export const CANCEL_LABEL = 'Avbryt';
export const EDITED_LABEL = 'Redigerat';
export const SENDING_LABEL = 'Skickas…';
export const SEND_FAILED_LABEL = 'Kunde inte skickas';
export const RETRY_LABEL = 'Försök igen';
export const DISCARD_LABEL = 'Ta bort';
export const EDIT_FIELD_LABEL = 'Redigera meddelande';

/** 'sent' (the server has it), 'sending' (on its way) or 'failed' (can be retried). */
export type MessageStatus = 'sent' | 'sending' | 'failed';

export type MessageBubbleMessage = Pick<
  Message,
  'content' | 'timestamp' | 'isEdited' | 'editedAt' | 'originalFileName'
>;

export interface MessageBubbleProps {
  message: MessageBubbleMessage;
  /** The signed-in user's own message (right, green) or the partner's (left, grey). */
  own: boolean;
  /** Who wrote it, read before the text by screen readers ('Du' for own messages). */
  senderName: string;
  status?: MessageStatus;
  /** Upload progress 0–100 of a file that is being sent. */
  progress?: number;
  /** 'Försök igen' on a failed message. */
  onRetry?: () => void;
  /** 'Ta bort' on a failed message (forgets it). */
  onDiscard?: () => void;
  /**
   * Makes an own text message editable ('Redigera' → textarea, 'Spara'/'Avbryt'). Gets the
   * new text; resolve `true` to close the editor, `false` to keep it open (refused or failed).
   */
  onEdit?: (newContent: string) => boolean | Promise<boolean>;
  /** "Now" for the time shown (stories). */
  now?: Date;
  className?: string;
}

/**
 * 'Redigerat' with the edit time in a tooltip on hover and on keyboard focus (WCAG 1.4.13:
 * it stays while hovered, Escape hides it). The time is also the button's description and title.
 */
function EditedMarker({ editedAt, align }: { editedAt: string | null; align: 'start' | 'end' }) {
  const when = editedAt ? formatDateAtTime(editedAt) : '';
  if (!when) return <span data-slot="edited">{EDITED_LABEL}</span>;
  const description = `${EDITED_LABEL} ${when}`;
  return (
    <span className="inline-flex" data-slot="edited">
      <Tooltip content={description} side="top" align={align}>
        <button
          type="button"
          title={description}
          className="min-h-target cursor-help rounded-sm px-0.5 underline decoration-dotted underline-offset-2"
        >
          {EDITED_LABEL}
        </button>
      </Tooltip>
    </span>
  );
}

function UploadProgress({ percent, fileName }: { percent: number; fileName: string }) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div className="mt-2" data-slot="upload-progress">
      <div
        role="progressbar"
        aria-label={`Laddar upp ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={formatPercent(value)}
        className="h-1.5 overflow-hidden rounded-full bg-surface"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/**
 * One message. Text is rendered as text with only http(s) links clickable; a file message
 * (text line, newline, file URL) shows an icon by extension and a download link. Own text
 * messages can be edited; edited ones say 'Redigerat' with the edit time. A message on its
 * way says 'Skickas…'; a failed one 'Kunde inte skickas' with 'Försök igen'.
 */
export function MessageBubble({
  message,
  own,
  senderName,
  status = 'sent',
  progress,
  onRetry,
  onDiscard,
  onEdit,
  now,
  className,
}: MessageBubbleProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editField = useRef<HTMLTextAreaElement>(null);
  const focusAfterEdit = useRef<'field' | 'button' | null>(null);
  const fieldId = useId();

  const isFile = Boolean(message.originalFileName);
  const { text, fileUrl } = splitFileMessage(message);
  const fileName = message.originalFileName ?? '';
  const href = isFile ? safeFileHref(fileUrl) : null;
  const editable = own && !isFile && status === 'sent' && onEdit !== undefined;

  useLayoutEffect(() => {
    if (focusAfterEdit.current === 'field') editField.current?.focus();
    if (focusAfterEdit.current === 'button') editButton.current?.focus();
    focusAfterEdit.current = null;
  }, [editing]);

  const startEditing = () => {
    setDraft(message.content);
    focusAfterEdit.current = 'field';
    setEditing(true);
  };

  const stopEditing = () => {
    focusAfterEdit.current = 'button';
    setEditing(false);
  };

  const save = async () => {
    if (!onEdit || saving) return;
    setSaving(true);
    try {
      const done = await onEdit(draft);
      if (done) stopEditing();
      else editField.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const onEditKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      // Keep Escape from also closing the widget around us.
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  };

  return (
    <div
      className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start', className)}
      data-own={own ? '' : undefined}
      data-status={status}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-card px-3 py-2',
          own ? 'rounded-br-sm bg-primary-soft text-primary-soft-fg' : 'rounded-bl-sm',
          !own && 'bg-surface-sunken text-fg',
          editing && 'w-full max-w-full',
          status === 'failed' && 'border border-danger',
        )}
      >
        <span className="sr-only">{own ? 'Du' : senderName}: </span>
        {editing ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label htmlFor={fieldId} className="sr-only">
              {EDIT_FIELD_LABEL}
            </label>
            <textarea
              ref={editField}
              id={fieldId}
              value={draft}
              rows={3}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onEditKeyDown}
              className={textareaClass}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" size="sm" onClick={stopEditing}>
                {CANCEL_LABEL}
              </Button>
              <Button type="submit" size="sm" loading={saving} loadingLabel="Sparar…">
                {SAVE_LABEL}
              </Button>
            </div>
          </form>
        ) : (
          <>
            {text ? <LinkifiedText text={text} /> : null}
            {isFile ? (
              <div className={cn('flex items-center gap-2', text && 'mt-2')}>
                <MessageFileIcon fileName={fileName} />
                {href ? (
                  <a
                    href={href}
                    download={fileName}
                    rel="noopener noreferrer"
                    className="min-w-0 font-medium [overflow-wrap:anywhere] underline"
                  >
                    <span className="sr-only">Ladda ner </span>
                    {fileName}
                  </a>
                ) : (
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{fileName}</span>
                )}
              </div>
            ) : null}
            {isFile && status === 'sending' && progress !== undefined ? (
              <UploadProgress percent={progress} fileName={fileName} />
            ) : null}
          </>
        )}
      </div>
      <div
        className={cn(
          'flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-xs text-fg-muted',
          own ? 'justify-end' : 'justify-start',
        )}
      >
        {status === 'sending' ? <span>{SENDING_LABEL}</span> : null}
        {status === 'failed' ? (
          <>
            <span className="font-medium text-danger">{SEND_FAILED_LABEL}</span>
            {onRetry ? (
              <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
                {RETRY_LABEL}
              </Button>
            ) : null}
            {onDiscard ? (
              <Button type="button" variant="ghost" size="sm" onClick={onDiscard}>
                {DISCARD_LABEL}
              </Button>
            ) : null}
          </>
        ) : null}
        {status === 'sent' ? (
          <time dateTime={message.timestamp}>{formatMessageTime(message.timestamp, now)}</time>
        ) : null}
        {status === 'sent' && message.isEdited ? (
          <EditedMarker editedAt={message.editedAt} align={own ? 'end' : 'start'} />
        ) : null}
        {editable && !editing ? (
          <button
            ref={editButton}
            type="button"
            onClick={startEditing}
            className="min-h-target cursor-pointer rounded-sm px-1 font-medium text-primary underline-offset-2 hover:underline"
          >
            {EDIT_LABEL}
          </button>
        ) : null}
      </div>
    </div>
  );
}
