// The two lists of /appointments, a page at a time (issue 38): 'Kommande möten' from the moment
// the screen opened, oldest first, and 'Tidigare möten' before it, newest first, each
// APPOINTMENT_PAGE meetings; 'Visa fler kommande möten' / 'Visa tidigare möten' fetch the next
// page after the last one shown, until a page comes back short. Each page is its own SWR key
// under the list's prefix, so a change revalidates it with the others; a page's key is taken
// from the answer above it as it is now (as SWR's infinite lists do), so a meeting booked or
// cancelled above moves the next pages' cursors with it and none falls between two pages.
import { APPOINTMENT_PAGE, useAppointments, type AppointmentWindow, type Id } from '@halsa/api';
import { useId, useState } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { AppointmentItem } from './appointment-item';

export const SHOW_LATER = 'Visa fler kommande möten';
export const SHOW_EARLIER = 'Visa tidigare möten';
export const NO_MORE_LATER = 'Inga fler kommande möten.';
export const NO_MORE_EARLIER = 'Inga fler tidigare möten.';

type Direction = 'later' | 'earlier';

const WORDS = {
  later: { more: SHOW_LATER, noMore: NO_MORE_LATER, loading: 'Hämtar fler kommande möten…' },
  earlier: { more: SHOW_EARLIER, noMore: NO_MORE_EARLIER, loading: 'Hämtar tidigare möten…' },
} as const;

/** The page after `edge` (the last meeting shown) in the list's direction. */
const nextPage = (direction: Direction, edge: { startsAt: string; id: number }, size: number) =>
  direction === 'later'
    ? { from: edge.startsAt, afterId: edge.id, size }
    : { before: edge.startsAt, beforeId: edge.id, size };

function MeetingPage({
  userId,
  page,
  direction,
  staff,
  contact,
  index,
  opened,
  empty,
  onMore,
}: {
  userId: Id | null | undefined;
  page: AppointmentWindow;
  direction: Direction;
  staff: boolean;
  contact: boolean;
  /** This page's place in the list (0: the first), and how many pages the user has opened. */
  index: number;
  opened: number;
  empty: string;
  onMore: () => void;
}) {
  const first = index === 0;
  const last = index === opened - 1;
  const { appointments, error, mutate } = useAppointments(userId, page);
  const words = WORDS[direction];
  if (error) {
    return (
      <Alert variant="error" title="Kunde inte hämta fler möten">
        <span className="flex flex-col items-start gap-2">
          {error.message}
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            Försök igen
          </Button>
        </span>
      </Alert>
    );
  }
  if (!appointments) return <Spinner label={words.loading} />;
  // The answer is oldest first; earlier meetings are read newest first.
  const shown = direction === 'earlier' ? [...appointments].reverse() : appointments;
  const edge = shown.at(-1);
  const size = page.size ?? APPOINTMENT_PAGE;
  return (
    <>
      {shown.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {shown.map((a) => (
            <AppointmentItem key={a.id} appointment={a} staff={staff} contact={contact} />
          ))}
        </ul>
      ) : first ? (
        <p className="text-fg-muted">{empty}</p>
      ) : null}
      {edge && appointments.length >= size ? (
        last ? (
          <Button variant="secondary" className="self-start" onClick={onMore}>
            {words.more}
          </Button>
        ) : (
          <MeetingPage
            userId={userId}
            page={nextPage(direction, edge, size)}
            direction={direction}
            staff={staff}
            contact={contact}
            index={index + 1}
            opened={opened}
            empty={empty}
            onMore={onMore}
          />
        )
      ) : first ? null : (
        <p className="text-fg-muted">{words.noMore}</p>
      )}
    </>
  );
}

/** One list of meetings (`first` is its first page), with a button for the next page. */
export function MeetingPages({
  title,
  userId,
  first,
  direction,
  staff,
  empty,
  contact = false,
}: {
  title: string;
  userId: Id | null | undefined;
  first: AppointmentWindow;
  direction: Direction;
  staff: boolean;
  empty: string;
  /** A client's upcoming meetings say whom to contact to move one (issue 35). */
  contact?: boolean;
}) {
  const id = useId();
  const [opened, setOpened] = useState(1);
  const more = () => setOpened((n) => n + 1);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <MeetingPage
        userId={userId}
        page={first}
        direction={direction}
        staff={staff}
        contact={contact}
        index={0}
        opened={opened}
        empty={empty}
        onMore={more}
      />
    </section>
  );
}
