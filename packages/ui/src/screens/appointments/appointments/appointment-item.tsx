// One meeting of /appointments (design §4.11): when, with whom, where; the client's calendar
// file and whom she contacts to move it (issue 35); staff move and cancel it. Shown in the
// upcoming and recent lists and in the pages of earlier meetings (issue 38).
import {
  isApiError,
  saveBlob,
  useCancelAppointment,
  useDownloadAppointmentIcs,
  useUpdateAppointment,
  type Appointment,
} from '@halsa/api';
import { useState, type FormEvent } from 'react';
import { formatWeekdayDateTime, SWEDISH_TIME } from '../../../lib/format';
import { Button } from '../../../primitives/button/button';
import { TextField } from '../../../primitives/text-field/text-field';
import { MeetingContact } from './meeting-contact';

export const message = (e: unknown, fallback: string) =>
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

export function AppointmentItem({
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
