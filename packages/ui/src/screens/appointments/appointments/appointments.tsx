// /appointments (design §4.11, issue 13; all roles): meetings between a client and a staff
// member. The client sees her upcoming and past meetings, a page at a time each way (issue 38),
// and adds one to her calendar (.ics);
// she is told live (an APPOINTMENT notice revalidates the list). STAFF/ADMIN book a meeting
// with a client and cancel one; they pick one client (?klient=ID), searched as they type, which
// narrows the list to her and is the client the booking form books for (the browser never holds
// the whole register).
import {
  APPOINTMENT_PAGE,
  appointmentsKey,
  displayName,
  notificationSchema,
  useAppointments,
  useClient,
  useCreateAppointment,
  useRevalidateAppointments,
  useSession,
} from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { message } from './appointment-item';
import { MeetingPages } from './meeting-pages';
import { CLIENT_FILTER_PARAM, ClientFilter, clientIdOf } from './client-filter';
import { Page } from '../../../components/page/page';

export const NO_APPOINTMENTS = 'Inga bokningar';
/** What the past list says when there is no meeting before the screen opened. */
export const NO_EARLIER = 'Inga tidigare möten.';

/** What the booking form says when no client is chosen in the picker above it. */
export const CHOOSE_CLIENT_HINT =
  'Välj en klient under ”Visa en klients möten” för att boka ett möte.';

/** The booking fields for the chosen client: date, time (Stockholm), length, place, link, note. */
function ClientBooking({ clientId, labelledBy }: { clientId: number; labelledBy: string }) {
  const { client } = useClient(clientId);
  const create = useCreateAppointment();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const forId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const local = `${text('date')}T${text('time')}`;
    const start = new Date(local);
    if (!text('date') || !text('time') || Number.isNaN(start.getTime())) {
      setError('Ange datum och tid.');
      return;
    }
    try {
      await create.trigger({
        clientId,
        startsAt: start.toISOString(),
        minutes: Number(text('minutes')),
        place: text('place') || null,
        videoLink: text('videoLink') || null,
        note: text('note') || null,
      });
      setDone(true);
    } catch (e) {
      setError(message(e, 'Kunde inte boka mötet'));
    }
  };
  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      aria-describedby={forId}
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 sm:grid-cols-2"
    >
      <p id={forId} className="font-medium sm:col-span-2">
        {client ? `Klient: ${displayName(client)}` : 'Hämtar klienten…'}
      </p>
      <TextField name="minutes" label="Längd (minuter)" type="number" defaultValue="45" />
      <TextField name="date" label="Datum" type="date" />
      <TextField name="time" label="Tid" type="time" />
      <TextField name="place" label="Plats" />
      <TextField name="videoLink" label="Videolänk" type="url" />
      <TextField name="note" label="Anteckning" className="sm:col-span-2" />
      <div className="flex flex-col gap-2 sm:col-span-2">
        {error ? (
          <Alert variant="error" title="Mötet bokades inte">
            {error}
          </Alert>
        ) : null}
        {done ? (
          <p role="status" className="text-success">
            Mötet är bokat.
          </p>
        ) : null}
        <Button type="submit" disabled={create.isMutating} className="self-start">
          Boka
        </Button>
      </div>
    </form>
  );
}

/**
 * The staff's booking form. It books for the client chosen in the picker (`?klient=ID`), never
 * from a list of the whole register (issue 11); with none chosen (or one that is not found) it
 * says how to choose one.
 */
export function BookingForm({ clientId = null }: { clientId?: number | null }) {
  const { error } = useClient(clientId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Boka möte
      </h2>
      {clientId === null || error ? (
        <p className="text-fg-muted">{CHOOSE_CLIENT_HINT}</p>
      ) : (
        // A new client starts a fresh form: no "booked" or error left from the one before.
        <ClientBooking key={clientId} clientId={clientId} labelledBy={headingId} />
      )}
    </section>
  );
}

export function AppointmentsScreen({ now = () => new Date() }: { now?: () => Date }) {
  const { user } = useSession();
  const staff = user?.role === 'STAFF' || user?.role === 'ADMIN';
  const [params, setParams] = useSearchParams();
  // Staff may narrow the list to one client; a client always sees her own (the server agrees).
  const clientId = staff ? clientIdOf(params) : null;
  const listFor = staff ? clientId : user?.id;
  // A page of the next meetings and one of the latest before them, never every meeting ever
  // (issue 38); the moment between them is fixed when the screen opens, so the keys stay.
  const [openedAt] = useState(() => now().toISOString());
  const firstLater = { from: openedAt, size: APPOINTMENT_PAGE };
  const firstEarlier = { before: openedAt, size: APPOINTMENT_PAGE };
  const later = useAppointments(listFor, firstLater);
  const earlier = useAppointments(listFor, firstEarlier);
  const error = later.error ?? earlier.error;
  const revalidateAll = useRevalidateAppointments();
  const filterBy = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(CLIENT_FILTER_PARAM);
        else next.set(CLIENT_FILTER_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  // An APPOINTMENT notice arriving live brings the change in without a reload.
  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success || parsed.data.type === 'APPOINTMENT') void revalidateAll();
  });
  useRevalidateOnReconnect(
    user ? [appointmentsKey(listFor, firstLater), appointmentsKey(listFor, firstEarlier)] : [],
  );

  return (
    <Page page="appointments" gap="gap-6">
      {/* The picker comes first: the booking form books for the client chosen there. */}
      {staff ? <ClientFilter clientId={clientId} onChange={filterBy} /> : null}
      {staff ? <BookingForm clientId={clientId} /> : null}
      {error ? (
        <Alert variant="error" title="Kunde inte hämta bokningar">
          {error.message}
        </Alert>
      ) : !later.appointments || !earlier.appointments || !user ? (
        <Spinner label="Hämtar bokningar…" />
      ) : later.appointments.length === 0 && earlier.appointments.length === 0 ? (
        <EmptyState
          title={NO_APPOINTMENTS}
          description={
            !staff
              ? 'När mottagningen bokar ett möte med dig visas det här.'
              : clientId !== null
                ? 'Den valda klienten har inga bokade möten. Boka ett i formuläret ovan.'
                : 'Bokade möten med klienter visas här.'
          }
        />
      ) : (
        <>
          {/* Another client starts her lists afresh, at their first pages. */}
          <MeetingPages
            key={`later-${listFor ?? 'alla'}`}
            title="Kommande möten"
            userId={listFor}
            first={firstLater}
            direction="later"
            staff={staff}
            empty="Inga kommande möten."
            contact
          />
          <MeetingPages
            key={`earlier-${listFor ?? 'alla'}`}
            title="Tidigare möten"
            userId={listFor}
            first={firstEarlier}
            direction="earlier"
            staff={staff}
            empty={NO_EARLIER}
          />
        </>
      )}
    </Page>
  );
}
