// One emergency access as ADMIN follows it up on 'Logguppföljning' (design §4.14, §4.20): who
// read whose data ('Erik Sandberg läste Eva Björks uppgifter'), why, when it opened and closed,
// what was read under it ('klientöversikt, journal och 3 provsvarsfiler'), the log rows (linked),
// and 'Markera som granskad' with a required comment, offered only once the access has closed
// and never to the person who used it; or who reviewed it, when and what she wrote.
import {
  EMERGENCY_COMMENT_MAX,
  emergencyReasonLabels,
  useReviewEmergencyAccess,
  useSession,
  type EmergencyAccessReview,
} from '@halsa/api';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { to } from '../../../config/links';
import { formatDateAtTime, SWEDISH_TIME } from '../../../lib/format';
import { genitive } from '../../../lib/genitive';
import { messageOr } from '../../../lib/server-message';
import { readText } from './read-text';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { describedBy, FieldError } from '../../../primitives/form-field/form-field';

export const REVIEW_COMMENT_REQUIRED = 'Kommentar till granskningen måste anges.';
export const REVIEW_FAILED = 'Kunde inte markera som granskad';

const when = (iso: string) => formatDateAtTime(iso, { timeZone: SWEDISH_TIME });

const rowsText = (rows: number) => (rows === 1 ? '1 rad' : `${rows} rader`);

function ReviewForm({
  access,
  onCancel,
  onReviewed,
}: {
  access: EmergencyAccessReview;
  onCancel: () => void;
  onReviewed: (() => void) | undefined;
}) {
  const fieldId = useId();
  const errorId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { trigger, isMutating } = useReviewEmergencyAccess();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    setServerError(null);
    if (!text) return setError(REVIEW_COMMENT_REQUIRED);
    if (text.length > EMERGENCY_COMMENT_MAX) {
      return setError(`Kommentaren får vara högst ${EMERGENCY_COMMENT_MAX} tecken.`);
    }
    setError(null);
    try {
      await trigger({ id: access.id, comment: text });
      onReviewed?.();
    } catch (e) {
      setServerError(messageOr(e, REVIEW_FAILED));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={`Granska nödåtkomsten för ${access.client.name}`}
      className="mt-3 flex flex-col gap-2 border-t border-border pt-3"
    >
      <label htmlFor={fieldId} className="font-medium">
        Kommentar till granskningen
      </label>
      <textarea
        id={fieldId}
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        className="block w-full min-w-0 rounded-control border border-border-strong bg-surface px-3 py-2 text-base text-fg aria-invalid:border-danger"
      />
      <FieldError id={errorId}>{error}</FieldError>
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Avbryt
        </Button>
        <Button type="submit" loading={isMutating} loadingLabel="Sparar…">
          Spara granskningen
        </Button>
      </div>
    </form>
  );
}

export interface EmergencyAccessCardProps {
  access: EmergencyAccessReview;
  now: Date;
  /** Called once the review is saved (the list then moves focus to the next card). */
  onReviewed?: () => void;
}

/** Marks a card's heading, which the list focuses after a review (issue 35). */
export const CARD_HEADING_ATTR = 'data-access-heading';

/** Why an unreviewed access cannot be marked reviewed yet, or null when it can (§4.20). */
export function whyNotReviewable(
  access: EmergencyAccessReview,
  now: Date,
  viewerId: number | undefined,
): string | null {
  if (viewerId !== undefined && access.staff.id === viewerId) {
    return 'Du använde nödåtkomsten själv, så en annan administratör granskar den.';
  }
  if (Date.parse(access.expiresAt) > now.getTime()) {
    return 'Nödåtkomsten är fortfarande öppen. Den kan granskas när den har stängts.';
  }
  return null;
}

export function EmergencyAccessCard({ access, now, onReviewed }: EmergencyAccessCardProps) {
  const headingId = useId();
  const { user } = useSession();
  const [reviewing, setReviewing] = useState(false);
  // 'Avbryt' gives focus back to 'Markera som granskad', not to the page's body (issue 35).
  const reviewButton = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(0);
  useEffect(() => {
    if (cancelled > 0) reviewButton.current?.focus();
  }, [cancelled]);
  const open = Date.parse(access.expiresAt) > now.getTime();
  const notYet = access.reviewedAt === null ? whyNotReviewable(access, now, user?.id) : null;
  const facts: [string, string][] = [
    ['Personal', access.staff.name],
    ['Klient', access.client.name],
    ['Skäl', emergencyReasonLabels[access.reason]],
    ...(access.comment ? [['Kommentar', access.comment] as [string, string]] : []),
    ['Öppnades', when(access.openedAt)],
    [open ? 'Stängs' : 'Stängdes', when(access.expiresAt)],
    ['Läste', readText(access.read)],
    ['Loggrader', rowsText(access.rows)],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} tabIndex={-1} {...{ [CARD_HEADING_ATTR]: '' }} className="font-semibold">
          {access.staff.name} läste {genitive(access.client.name)} uppgifter
        </h3>
        {access.reviewedAt === null && !reviewing && notYet === null ? (
          <Button ref={reviewButton} size="sm" onClick={() => setReviewing(true)}>
            Markera som granskad
          </Button>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-fg-muted">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        <Link
          to={to.activityFiltered({ emergencyAccess: access.id })}
          className="inline-flex min-h-target items-center text-primary underline underline-offset-4"
        >
          Visa raderna i aktivitetsloggen
          <span className="sr-only"> för nödåtkomsten till {access.client.name}</span>
        </Link>
      </p>
      {notYet ? <p className="mt-2 text-sm text-fg-muted">{notYet}</p> : null}
      {access.reviewedAt !== null ? (
        <div className="mt-3 border-t border-border pt-3 text-sm">
          <p className="font-medium">
            Granskad {when(access.reviewedAt)} av {access.reviewedBy ?? 'okänd'}
          </p>
          {access.reviewComment ? <p className="mt-1">{access.reviewComment}</p> : null}
        </div>
      ) : reviewing ? (
        <ReviewForm
          access={access}
          onReviewed={onReviewed}
          onCancel={() => {
            setReviewing(false);
            setCancelled((n) => n + 1);
          }}
        />
      ) : null}
    </article>
  );
}
