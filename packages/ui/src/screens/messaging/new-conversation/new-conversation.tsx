import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_FALLBACK,
  createConversationErrorMessage,
  isApiError,
  useConversations,
  useCreateConversation,
  useFilteredUsers,
} from '@halsa/api';
import {
  CONVERSATION_EXISTS_MARKER,
  type Conversation,
  type FilteredUser,
  type Id,
} from '@halsa/api/contract';
import { cn } from '../../../lib/cn';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { FieldError, FormField } from '../../../primitives/form-field/form-field';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { textareaClass } from '../../../components/message/styles';
import { Avatar } from '../../../components/avatar/avatar';
import { BackButton } from '../shared/back-button';
import { FilePicker } from '../shared/file-picker';
import {
  CHOOSE_USER_ERROR,
  NEW_CONVERSATION_LABEL,
  NO_USERS_TEXT,
  RETRY_LOAD_LABEL,
  ROLE_LABELS,
  SEND_LABEL,
  TEXT_OR_FILE_ERROR,
} from '../shared/labels';
import { keyDraft, type KeyedDraft } from './draft-client-message-id';
import { filterUsers } from './filter-users';

export const SEARCH_USERS_LABEL = 'Sök användare';
export const RECIPIENT_LEGEND = 'Mottagare';
export const MESSAGE_LABEL = 'Meddelande';
export const SENDING_LABEL = 'Skickar…';
export const LOADING_USERS_TEXT = 'Hämtar användare…';
export const OPEN_EXISTING_LABEL = 'Öppna konversationen';

export interface NewConversationUser {
  id: Id;
  fullName: string;
}

export interface NewConversationProps {
  /** The conversation was created; open it. */
  onCreated: (conversation: Conversation) => void;
  /** Shows 'Tillbaka'. */
  onBack?: () => void;
  /** Opens an existing conversation (offered when one with the chosen user exists). */
  onOpenConversation?: (conversationId: Id) => void;
  /** Chosen from the start (the widget's start-conversation event). */
  initialUser?: NewConversationUser | null;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

interface Errors {
  user?: string;
  text?: string;
}

function UserOption({
  user,
  checked,
  name,
  onSelect,
}: {
  user: FilteredUser;
  checked: boolean;
  name: string;
  onSelect: () => void;
}) {
  const id = useId();
  return (
    <li>
      <label
        htmlFor={id}
        data-checked={checked ? '' : undefined}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-control px-2 py-1.5',
          'hover:bg-surface-sunken data-checked:bg-primary-soft',
        )}
      >
        <input
          id={id}
          type="radio"
          name={name}
          value={user.id}
          checked={checked}
          onChange={onSelect}
          className="size-4 shrink-0 accent-primary"
        />
        <Avatar fullName={user.fullName} imageUrl={user.imageUrl} size="sm" />
        <span className="flex min-w-0 flex-col">
          <span className="font-medium [overflow-wrap:anywhere]">{user.fullName}</span>
          <span className="text-sm text-fg-muted">{ROLE_LABELS[user.role]}</span>
        </span>
      </label>
    </li>
  );
}

/**
 * 'Ny konversation' (spec §2.7, §5): search the people the user may write to ('Sök användare'),
 * choose one, write a text and/or attach a file, 'Skicka'. Without a user:
 * 'Välj en användare innan du skickar ett meddelande.'; without text or file: 'Du måste skriva
 * ett meddelande eller bifoga en fil.' An existing conversation is reported as 'Du har redan en
 * konversation med {name}'. On success the new conversation opens. Every try of one draft
 * (same user, text and file) carries the same clientMessageId, so a retry after a lost answer
 * opens the conversation the first try made instead of reporting that it exists.
 */
export function NewConversation({
  onCreated,
  onBack,
  onOpenConversation,
  initialUser = null,
  headingLevel = 3,
  className,
}: NewConversationProps) {
  const headingId = useId();
  const groupName = useId();
  const legendId = useId();
  const userErrorId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<NewConversationUser | null>(initialUser);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<{ message: string; exists: boolean } | null>(null);
  const { users, error: usersError, mutate: reloadUsers } = useFilteredUsers();
  const { conversations } = useConversations();
  const { trigger, isMutating } = useCreateConversation();
  // One clientMessageId per draft: a retry of the same draft sends it again.
  const draftRef = useRef<KeyedDraft | null>(null);
  // The server's answer shows below 'Skicka'; on a short screen that is out of the panel's view.
  const serverErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError) serverErrorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [serverError]);

  const Heading = `h${headingLevel}` as const;
  const shown = users ? filterUsers(users, query) : [];
  const existing =
    serverError?.exists && selected
      ? conversations?.find((c) => c.partner.id === selected.id)
      : undefined;

  const choose = (user: NewConversationUser) => {
    setSelected({ id: user.id, fullName: user.fullName });
    setErrors((e) => ({ ...e, user: undefined }));
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isMutating) return;
    const content = text.trim();
    const next: Errors = {
      user: selected ? undefined : CHOOSE_USER_ERROR,
      text: content || file ? undefined : TEXT_OR_FILE_ERROR,
    };
    setErrors(next);
    setServerError(null);
    if (next.user || next.text || !selected) {
      if (next.user) {
        const firstRadio = listRef.current?.querySelector<HTMLInputElement>('input[type="radio"]');
        (firstRadio ?? searchRef.current)?.focus();
      } else {
        textRef.current?.focus();
      }
      return;
    }
    const draft = keyDraft(draftRef.current, { receiverId: selected.id, text: content, file });
    draftRef.current = draft;
    try {
      const conversation = await trigger({
        receiverId: selected.id,
        text: content || undefined,
        file,
        clientMessageId: draft.clientMessageId,
      });
      onCreated(conversation);
    } catch (createError) {
      const message = isApiError(createError)
        ? createConversationErrorMessage(createError, selected.fullName)
        : DEFAULT_FALLBACK;
      const exists =
        isApiError(createError) && createError.message.includes(CONVERSATION_EXISTS_MARKER);
      setServerError({ message, exists });
    }
  };

  let results;
  if (users) {
    results =
      shown.length === 0 ? (
        <p role="status" className="py-2 text-fg-muted">
          {NO_USERS_TEXT}
        </p>
      ) : (
        <ul ref={listRef} className="flex max-h-48 flex-col gap-0.5 overflow-y-auto p-0.5">
          {shown.map((user) => (
            <UserOption
              key={user.id}
              user={user}
              name={groupName}
              checked={selected?.id === user.id}
              onSelect={() => choose(user)}
            />
          ))}
        </ul>
      );
  } else if (usersError) {
    results = (
      <Alert
        variant="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void reloadUsers()}>
            {RETRY_LOAD_LABEL}
          </Button>
        }
      >
        {usersError.message}
      </Alert>
    );
  } else {
    results = (
      <div className="flex justify-center py-3">
        <Spinner label={LOADING_USERS_TEXT} showLabel />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-center gap-2">
        {onBack ? <BackButton onClick={onBack} /> : null}
        <Heading
          id={headingId}
          tabIndex={-1}
          data-autofocus=""
          className="min-w-0 flex-1 text-lg font-semibold [overflow-wrap:anywhere]"
        >
          {NEW_CONVERSATION_LABEL}
        </Heading>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <TextField
          ref={searchRef}
          label={SEARCH_USERS_LABEL}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        <fieldset
          aria-describedby={errors.user ? userErrorId : undefined}
          className="flex min-w-0 flex-col gap-1"
        >
          <legend id={legendId} className="mb-1 font-medium">
            {RECIPIENT_LEGEND}
          </legend>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {selected ? (
              <>
                Till: <strong className="text-fg">{selected.fullName}</strong>
              </>
            ) : (
              'Ingen mottagare vald'
            )}
          </p>
          {results}
          <FieldError id={userErrorId}>{errors.user}</FieldError>
        </fieldset>
        <FormField label={MESSAGE_LABEL} error={errors.text}>
          {(control) => (
            <textarea
              ref={textRef}
              {...control}
              value={text}
              rows={3}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value.trim()) setErrors((e) => ({ ...e, text: undefined }));
              }}
              className={textareaClass}
            />
          )}
        </FormField>
        <div className="flex items-start justify-between gap-2">
          <FilePicker
            file={file}
            onChange={(next) => {
              setFile(next);
              if (next) setErrors((e) => ({ ...e, text: undefined }));
            }}
            disabled={isMutating}
          />
          <Button type="submit" size="sm" loading={isMutating} loadingLabel={SENDING_LABEL}>
            {SEND_LABEL}
          </Button>
        </div>
        {serverError ? (
          <Alert
            ref={serverErrorRef}
            variant="error"
            action={
              existing && onOpenConversation ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => onOpenConversation(existing.conversationId)}
                >
                  {OPEN_EXISTING_LABEL}
                </Button>
              ) : undefined
            }
          >
            {serverError.message}
          </Alert>
        ) : null}
      </form>
    </section>
  );
}
