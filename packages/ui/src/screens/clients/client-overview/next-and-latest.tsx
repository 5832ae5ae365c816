// The client overview's two cards of her day (design §4.7, issue 35 item 1): her next booked
// meeting (when, with whom, where; a link to her meetings) and her latest message in the
// conversation with you (its text and when; opening the conversation). Both come from calls the
// page already makes for her, each of which the server checks and logs.
import {
  APPOINTMENT_MAX_MINUTES,
  type Client,
  openConversation,
  useAppointments,
} from '@halsa/api';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { to } from '../../../config/links';
import { formatWeekdayDateTime, formatRelative, SWEDISH_TIME } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useClientConversation } from '../client-pages/client-header-actions';

export const NO_NEXT_MEETING = 'Inget möte bokat.';
export const NO_MESSAGE_YET = 'Inga meddelanden ännu.';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const LINK = 'inline-flex min-h-target items-center text-primary underline underline-offset-4';

export function NextMeetingCard({ client, now = new Date() }: { client: Client; now?: Date }) {
  // One page from the longest meeting's length ago: one under way still counts as next (issue
  // 38: the list is a page at a time). Fixed when the card opens, so its key stays.
  const [from] = useState(() => new Date(+now - APPOINTMENT_MAX_MINUTES * 60_000).toISOString());
  const { appointments, error, isLoading } = useAppointments(client.id, { from });
  const next = appointments
    ?.filter((a) => a.status === 'BOOKED' && Date.parse(a.startsAt) + a.minutes * 60_000 > +now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  return (
    <Card title="Nästa möte">
      {error ? (
        <Alert variant="error">{error.message}</Alert>
      ) : isLoading || !appointments ? (
        <Spinner label="Hämtar möten…" />
      ) : next ? (
        <>
          <p className="font-medium">
            {`${formatWeekdayDateTime(next.startsAt, { timeZone: SWEDISH_TIME })}, ${next.minutes} min`}
          </p>
          <p className="text-sm text-fg-muted">
            Med {next.staffName}
            {next.place ? ` · ${next.place}` : next.videoLink ? ' · Videomöte' : ''}
          </p>
        </>
      ) : (
        <p className="text-sm text-fg-muted">{NO_NEXT_MEETING}</p>
      )}
      <Link to={to.clientAppointments(client.id)} className={LINK}>
        {next ? 'Alla möten' : 'Boka ett möte'}
        <span className="sr-only"> för {client.firstName}</span>
      </Link>
    </Card>
  );
}

export function LatestMessageCard({ client, now }: { client: Client; now?: Date }) {
  const conversation = useClientConversation(client.id);
  const last = conversation?.lastMessage ?? null;
  return (
    <Card title="Senaste meddelande">
      {conversation === undefined ? (
        <Spinner label="Hämtar meddelanden…" />
      ) : last ? (
        <>
          <p className="line-clamp-4 text-sm whitespace-pre-line [overflow-wrap:anywhere]">
            {last.content || last.originalFileName || 'Bilaga'}
          </p>
          <p className="text-sm text-fg-muted">
            <time dateTime={last.timestamp}>{formatRelative(last.timestamp, now)}</time>
          </p>
        </>
      ) : (
        <p className="text-sm text-fg-muted">{NO_MESSAGE_YET}</p>
      )}
      {conversation ? (
        <Button
          variant="link"
          size="sm"
          className="self-start px-0"
          onClick={() => openConversation(conversation.conversationId)}
        >
          Öppna konversationen
        </Button>
      ) : null}
    </Card>
  );
}
