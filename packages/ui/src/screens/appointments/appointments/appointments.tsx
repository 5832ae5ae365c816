// /appointments (design §4.11, issue 13; all roles): meetings between a client and a staff
// member. The client sees her upcoming and past meetings and adds one to her calendar (.ics);
// she is told live (an APPOINTMENT notice revalidates the list). STAFF/ADMIN book a meeting
// with a client and cancel one; they pick one client (?klient=ID), searched as they type, which
// narrows the list to her and is the client the booking form books for (the browser never holds
// the whole register).
import {
  appointmentsKey,
  displayName,
  isApiError,
  notificationSchema,
  saveBlob,
  useAppointments,
  useCancelAppointment,
  useClient,
  useCreateAppointment,
  useDownloadAppointmentIcs,
  useSession,
  useUpdateAppointment,
  type Appointment,
} from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatWeekdayDateTime, SWEDISH_TIME } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { MeetingContact } from './meeting-contact';
import { CLIENT_FILTER_PARAM, ClientFilter, clientIdOf } from './client-filter';
import { Page } from '../../../components/page/page';

export const NO_APPOINTMENTS = 'Inga bokningar';

const message = (e: unknown, fallback: string) =>
  isApiError(e) && e.message ? e.message : fallback;

function IcsButton({ appointment }: { appointment: Appointment }) {
  const download = useDownloadAppointmentIcs();
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      saveBlob(await download.trigger(appointment.id), `mote-${appointment.id}.ics`);
    } catch (e) {
      setError(message(e, 'Kunde inte hämta kalenderfilen'));
    }
  };
  return (
    <span className="flex flex-col gap-1">
      <Button variant="secondary" size="sm" onClick={() => void save()}>
        Lägg till i kalendern
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function CancelButton({ appointment }: { appointment: Appointment }) {
  const cancel = useCancelAppointment();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="flex flex-col gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={cancel.isMutating}
        onClick={() => {
          setError(null);
          cancel.trigger(appointment.id).catch((e: unknown) => {
            setError(message(e, 'Kunde inte avboka mötet'));
          });
        }}
      >
        Avboka
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The meeting's date and time as the browser's local date and time inputs take them. */
const localParts = (iso: string) => {
  const d = new Date(iso);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
};

/** Staff move a meeting: new date, time and length; place, link and note are kept. */
function MoveForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const update = useUpdateAppointment();
  const [error, setError] = useState<string | null>(null);
  const initial = localParts(appointment.startsAt);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const start = new Date(`${text('date')}T${text('time')}`);
    if (!text('date') || !text('time') || Number.isNaN(start.getTime())) {
      setError('Ange datum och tid.');
      return;
    }
    try {
      await update.trigger({
        id: appointment.id,
        body: {
          startsAt: start.toISOString(),
          minutes: Number(text('minutes')),
          place: appointment.place,
          videoLink: appointment.videoLink,
          note: appointment.note,
        },
      });
      onDone();
    } catch (e) {
      setError(message(e, 'Kunde inte flytta mötet'));
    }
  };
  return (
    <form
      noValidate
      aria-label="Flytta mötet"
      onSubmit={(e) => void submit(e)}
      className="grid w-full gap-3 sm:grid-cols-3"
    >
      <TextField name="date" label="Nytt datum" type="date" defaultValue={initial.date} />
      <TextField name="time" label="Ny tid" type="time" defaultValue={initial.time} />
      <TextField
        name="minutes"
        label="Längd (minuter)"
        type="number"
        defaultValue={String(appointment.minutes)}
      />
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-3">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" size="sm" disabled={update.isMutating}>
          Spara
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Avbryt
        </Button>
      </div>
    </form>
  );
}

function AppointmentItem({
  appointment,
  staff,
  contact,
}: {
  appointment: Appointment;
  staff: boolean;
  contact: boolean;
}) {
  const cancelled = appointment.status === 'CANCELLED';
  const [moving, setMoving] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium first-letter:uppercase">
          {formatWeekdayDateTime(appointment.startsAt, { timeZone: SWEDISH_TIME })} ·{' '}
          {appointment.minutes} min
        </p>
        <p className="text-sm">
          {staff ? `Klient: ${appointment.clientName}` : `Med ${appointment.staffName}`}
        </p>
        {appointment.place ? <p className="text-sm">Plats: {appointment.place}</p> : null}
        {appointment.videoLink ? (
          <p className="text-sm">
            <a className="underline" href={appointment.videoLink} rel="noopener noreferrer">
              Öppna videomötet
            </a>
          </p>
        ) : null}
        {appointment.note ? <p className="text-sm text-fg-muted">{appointment.note}</p> : null}
        {cancelled ? <p className="text-sm font-semibold text-danger">Avbokad</p> : null}
      </div>
      {cancelled ? null : (
        <div className="flex flex-wrap gap-2">
          <IcsButton appointment={appointment} />
          {staff ? (
            <Button variant="secondary" size="sm" onClick={() => setMoving((m) => !m)}>
              Flytta
            </Button>
          ) : null}
          {staff ? <CancelButton appointment={appointment} /> : null}
        </div>
      )}
      {moving && !cancelled ? (
        <MoveForm appointment={appointment} onDone={() => setMoving(false)} />
      ) : null}
      {contact && !staff && !cancelled ? <MeetingContact appointment={appointment} /> : null}
    </li>
  );
}

function AppointmentList({
  title,
  items,
  staff,
  empty,
  contact = false,
}: {
  title: string;
  items: Appointment[];
  staff: boolean;
  empty: string;
  /** A client's upcoming meetings say whom to contact to move one (issue 35). */
  contact?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-fg-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {items.map((a) => (
            <AppointmentItem key={a.id} appointment={a} staff={staff} contact={contact} />
          ))}
        </ul>
      )}
    </section>
  );
}

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
  const { appointments, error, isLoading, mutate } = useAppointments(listFor);
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
    if (!parsed.success || parsed.data.type === 'APPOINTMENT') void mutate();
  });
  useRevalidateOnReconnect(user ? [appointmentsKey(listFor)] : []);
  const at = now().getTime();
  const upcoming = (appointments ?? []).filter((a) => new Date(a.startsAt).getTime() >= at);
  const past = (appointments ?? []).filter((a) => new Date(a.startsAt).getTime() < at).reverse();

  return (
    <Page page="appointments" gap="gap-6">
      {/* The picker comes first: the booking form books for the client chosen there. */}
      {staff ? <ClientFilter clientId={clientId} onChange={filterBy} /> : null}
      {staff ? <BookingForm clientId={clientId} /> : null}
      {error ? (
        <Alert variant="error" title="Kunde inte hämta bokningar">
          {error.message}
        </Alert>
      ) : isLoading || !appointments || !user ? (
        <Spinner label="Hämtar bokningar…" />
      ) : appointments.length === 0 ? (
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
          <AppointmentList
            title="Kommande möten"
            items={upcoming}
            staff={staff}
            empty="Inga kommande möten."
            contact
          />
          <AppointmentList
            title="Tidigare möten"
            items={past}
            staff={staff}
            empty="Inga tidigare möten."
          />
        </>
      )}
    </Page>
  );
}
