import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useSWRConfig } from 'swr';
import {
  EMPTY_MESSAGE_ALERT,
  applyEdit,
  conversationKey,
  downloadConversation,
  editMessage,
  saveBlob,
  useConversation,
  useSession,
} from '@halsa/api';
import type { Conversation, Id } from '@halsa/api/contract';
import { cn } from '../../../lib/cn';
import { DownloadIcon } from '../../../lib/icons';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { MessageBubble } from '../../../components/message/message-bubble';
import { textareaClass } from '../../../components/message/styles';
import { BackButton } from '../shared/back-button';
import { FilePicker } from '../shared/file-picker';
import {
  DOWNLOAD_CONVERSATION_LABEL,
  MESSAGES_ERROR_TEXT,
  NO_MESSAGES_TEXT,
  RETRY_LOAD_LABEL,
  SEND_LABEL,
} from '../shared/labels';
import { useNow } from '../shared/use-now';
import { useConversationLive } from './use-conversation-live';
import { useMarkReadOnView } from './use-mark-read-on-view';
import { usePendingMessages } from './use-pending-messages';

export const CONVERSATION_FALLBACK_HEADING = 'Konversation';
export const LOADING_MESSAGES_TEXT = 'Hämtar meddelanden…';
export const MESSAGE_FIELD_LABEL = 'Skriv ett meddelande';
export const DOWNLOADING_LABEL = 'Laddar ner…';

export interface ConversationViewProps {
  conversationId: Id;
  /** Shows 'Tillbaka' (to the list). */
  onBack?: () => void;
  /** Heading level of the partner's name. */
  headingLevel?: 2 | 3 | 4;
  /** "Now" for message times (stories); the clock otherwise. */
  now?: Date;
  /**
   * Waits (ms) before each automatic try of a send that got no answer, a 429 or a 5xx; then it
   * shows 'Kunde inte skickas'. Defaults to 1, 2, 4, 8 and 16 s; stories pass short ones.
   */
  retryDelays?: readonly number[];
  className?: string;
}

/**
 * One conversation (spec §2.7, §4, §5): the partner's name, the messages in order in a polite
 * live region, and a send box ('Skicka', 'Bifoga fil' with upload progress). Received unread
 * messages are marked read as they are shown; own text messages can be edited; a message on
 * its way says 'Skickas…' (also while it waits to be tried again by itself after no answer, a
 * 429 or a 5xx, and kept in sessionStorage so a reload sends it again), a failed one offers
 * 'Försök igen' with the same clientMessageId.
 * 'Ladda ner konversation' saves it as a text file. Live over
 * `/topic/conversations/{id}/messages`, revalidated after a reconnect.
 */
export function ConversationView({
  conversationId,
  onBack,
  headingLevel = 3,
  now: fixedNow,
  retryDelays,
  className,
}: ConversationViewProps) {
  const headingId = useId();
  const fieldId = useId();
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const { conversation, error, mutate: reload } = useConversation(conversationId);
  const now = useNow(fixedNow);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [downloading, setDownloading] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  const meId = user?.id;
  const partner = conversation?.partner;
  const confirmed = useMemo(
    () =>
      new Set(
        (conversation?.messages ?? []).flatMap((m) =>
          m.clientMessageId ? [m.clientMessageId] : [],
        ),
      ),
    [conversation?.messages],
  );
  const { pending, send, retry, discard } = usePendingMessages(conversationId, partner?.id, {
    userId: meId,
    confirmed,
    retryDelays,
  });
  useConversationLive(conversationId);
  useMarkReadOnView(conversation, meId);

  const ready = conversation !== undefined && meId !== undefined;
  const messages = conversation?.messages ?? [];
  // A pending message (text or file) the server already confirmed, live or in the cache, is
  // not shown twice (the hook drops it right after this render).
  const shownPending = pending.filter((p) => !confirmed.has(p.clientMessageId));
  const count = messages.length + shownPending.length;

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count, ready]);

  const Heading = `h${headingLevel}` as const;
  const heading = partner?.fullName ?? CONVERSATION_FALLBACK_HEADING;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    // Spec §5: empty text without a file is ignored.
    if (!content && !file) return;
    send(content, file);
    setText('');
    setFile(null);
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl/Cmd + Enter sends; Enter alone makes a new line.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const saveEdit = async (messageId: Id, original: string, newContent: string) => {
    const content = newContent.trim();
    if (!content) {
      window.alert(EMPTY_MESSAGE_ALERT);
      return false;
    }
    if (content === original) return true;
    try {
      const edit = await editMessage(conversationId, { messageId, newContent: content });
      await mutate<Conversation>(
        conversationKey(conversationId),
        (c) => applyEdit(c, messageId, edit),
        { revalidate: false },
      );
      return true;
    } catch (editError) {
      // Spec §8: editing errors are only logged.
      console.error('Failed to edit message', editError);
      return false;
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await downloadConversation(conversationId);
      saveBlob(blob, `konversation-${conversationId}.txt`);
    } catch (downloadError) {
      // Spec §8: download errors are only logged.
      console.error('Failed to download conversation', downloadError);
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (error && !conversation) {
    body = (
      <Alert
        variant="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            {RETRY_LOAD_LABEL}
          </Button>
        }
      >
        {MESSAGES_ERROR_TEXT}
      </Alert>
    );
  } else if (!ready) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={LOADING_MESSAGES_TEXT} showLabel />
      </div>
    );
  } else {
    body = (
      <>
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-labelledby={headingId}
          // The log scrolls, so it takes focus for keyboard scrolling (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="-mx-1 max-h-[57vh] min-h-0 overflow-y-auto rounded-control px-1 py-1"
        >
          {count === 0 ? (
            <p className="py-6 text-center text-fg-muted">{NO_MESSAGES_TEXT}</p>
          ) : (
            <ol className="flex flex-col gap-3 short:gap-2">
              {messages.map((message) => {
                const own = message.sender === meId;
                return (
                  <li key={message.id} data-message-id={message.id}>
                    <MessageBubble
                      message={message}
                      own={own}
                      senderName={own ? 'Du' : heading}
                      now={now}
                      onEdit={
                        own
                          ? (newContent) => saveEdit(message.id, message.content, newContent)
                          : undefined
                      }
                    />
                  </li>
                );
              })}
              {shownPending.map((item) => (
                <li key={item.key} data-pending="">
                  <MessageBubble
                    message={{
                      content: item.file ? `${item.text}\n` : item.text,
                      originalFileName: item.file?.name ?? null,
                      timestamp: item.timestamp,
                      isEdited: false,
                      editedAt: null,
                    }}
                    own
                    senderName="Du"
                    status={item.status}
                    progress={item.progress}
                    now={now}
                    onRetry={() => retry(item.key)}
                    onDiscard={() => discard(item.key)}
                  />
                </li>
              ))}
            </ol>
          )}
        </div>
        <form
          onSubmit={submit}
          className="flex shrink-0 flex-col gap-2 border-t border-border pt-3 short:pt-2"
        >
          <label htmlFor={fieldId} className="sr-only">
            {MESSAGE_FIELD_LABEL}
          </label>
          <textarea
            id={fieldId}
            value={text}
            rows={2}
            placeholder={`${MESSAGE_FIELD_LABEL}…`}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onFieldKeyDown}
            // On a short screen one line high (she can drag it taller).
            className={cn(textareaClass, 'short:h-[2.625rem]')}
          />
          <div className="flex items-start justify-between gap-2">
            <FilePicker file={file} onChange={setFile} />
            <Button type="submit" size="sm">
              {SEND_LABEL}
            </Button>
          </div>
        </form>
      </>
    );
  }

  return (
    // On a short screen (design: `short:`) the header and the send box are compact and the
    // message log takes the height (issue 35: at 320 × 568 one bubble showed).
    <section
      aria-labelledby={headingId}
      className={cn('flex min-h-0 flex-col gap-3 short:gap-2', className)}
    >
      <div className="flex shrink-0 items-center gap-2">
        {onBack ? <BackButton onClick={onBack} /> : null}
        <Heading
          id={headingId}
          tabIndex={-1}
          data-autofocus=""
          className="min-w-0 flex-1 text-lg font-semibold [overflow-wrap:anywhere] short:text-base"
        >
          {heading}
        </Heading>
        {ready ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            loading={downloading}
            loadingLabel={DOWNLOADING_LABEL}
            title={DOWNLOAD_CONVERSATION_LABEL}
            onClick={() => void download()}
            className="shrink-0"
          >
            <DownloadIcon className="size-5" />
            <span className="sr-only">{DOWNLOAD_CONVERSATION_LABEL}</span>
          </Button>
        ) : null}
      </div>
      {body}
    </section>
  );
}
