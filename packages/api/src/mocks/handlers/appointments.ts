// Appointments (issue 13): the list (a USER only hers), the .ics, and booking, moving and
// cancelling by staff, each with the client's APPOINTMENT notice, as the server does.
import type { HttpHandler } from 'msw';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_NOTIFICATION_TYPE,
  APPOINTMENT_PAGE,
  appointmentListQuerySchema,
  type Appointment,
  type AppointmentWindow,
  type AppointmentUpdate,
} from '../../contract/index.ts';
import { findUser, mockState, MOCK_NOW, nextMockId } from '../state.ts';
import { on } from './endpoint.ts';
import { idParam, isStaff, readJson, readQuery, viewer } from './request.ts';
import { errorResponse, HttpResponse, nowIso } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const notifyClient = (clientId: number, message: string) => {
  // Only the signed-in user's notices are kept in the mocks.
  if (mockState.sessionUser?.id !== clientId) return;
  mockState.notifications.unshift({
    id: nextMockId(),
    status: 'UNREAD',
    type: APPOINTMENT_NOTIFICATION_TYPE,
    message,
    timestamp: nowIso(),
  });
};

const find = (id: number): Appointment => {
  const found = mockState.appointments.find((a) => a.id === id);
  if (!found) throw errorResponse(404, APPOINTMENT_MESSAGES.notFound);
  return found;
};

const check = (input: AppointmentUpdate) => {
  if (new Date(input.startsAt).getTime() <= new Date(MOCK_NOW).getTime()) {
    throw errorResponse(400, APPOINTMENT_MESSAGES.startInPast);
  }
  if (!input.place && !input.videoLink) throw errorResponse(400, APPOINTMENT_MESSAGES.placeOrLink);
};

const fields = (input: AppointmentUpdate) => ({
  startsAt: new Date(input.startsAt).toISOString(),
  minutes: input.minutes,
  place: input.place || null,
  videoLink: input.videoLink || null,
  note: input.note || null,
});

const byStart = (a: Appointment, b: Appointment) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id;

/**
 * The page the query asks for, as the server answers it (issue 38): the first `size` from `from`
 * (by default the mocks' now) or after (`from`, `afterId`), or the latest `size` before
 * `before` or (`before`, `beforeId`). `list` is by start and id, oldest first.
 */
function inWindow(list: Appointment[], page: AppointmentWindow): Appointment[] {
  const size = page.size ?? APPOINTMENT_PAGE;
  const key = (a: Appointment) => [Date.parse(a.startsAt), a.id] as const;
  if (page.before !== undefined) {
    const t = Date.parse(page.before);
    const id = page.beforeId ?? 0;
    const earlier = list.filter((a) => {
      const [at, aid] = key(a);
      return at < t || (at === t && aid < id);
    });
    return earlier.slice(-size);
  }
  const t = page.from !== undefined ? Date.parse(page.from) : Date.parse(MOCK_NOW);
  const later = list.filter((a) => {
    const [at, aid] = key(a);
    return page.afterId === undefined ? at >= t : at > t || (at === t && aid > page.afterId);
  });
  return later.slice(0, size);
}

/** The list as the server answers it: a USER's own, staff a named client's or all (issue 38). */
function listAnswer(request: Request, extra: Appointment[] = []) {
  const user = viewer();
  const { userId, ...window } = readQuery(request, appointmentListQuerySchema);
  const clientId = isStaff(user) ? (userId ?? null) : user.id;
  const list = [...mockState.appointments, ...extra]
    .filter((a) => clientId === null || a.clientId === clientId)
    .sort(byStart);
  return HttpResponse.json(inWindow(list, window));
}

export const appointmentHandlers: HttpHandler[] = [
  on('appointments', ({ request }) => listAnswer(request)),
  on('appointmentIcs', ({ params }) => {
    const user = viewer();
    const found = find(idParam(params));
    if (!isStaff(user) && found.clientId !== user.id) {
      throw errorResponse(404, APPOINTMENT_MESSAGES.notFound);
    }
    const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Hälsoportalen//Bokningar//SV\r\nBEGIN:VEVENT\r\nUID:appointment-${found.id}@mock\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    return new HttpResponse(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="mote-${found.id}.ics"`,
      },
    });
  }),
  on('createAppointment', async ({ request }) => {
    const user = viewer();
    const body = await readJson(request, 'createAppointment');
    check(body);
    const client = findUser(body.clientId);
    if (!client || client.role !== 'USER') throw errorResponse(400, APPOINTMENT_MESSAGES.notClient);
    const created: Appointment = {
      id: nextMockId(),
      clientId: client.id,
      clientName: `${client.firstName} ${client.lastName}`,
      staffId: user.id,
      staffName: `${user.firstName} ${user.lastName}`,
      status: 'BOOKED',
      ...fields(body),
    };
    mockState.appointments.push(created);
    notifyClient(client.id, APPOINTMENT_MESSAGES.booked);
    return HttpResponse.json(created);
  }),
  on('updateAppointment', async ({ request, params }) => {
    viewer();
    const found = find(idParam(params));
    const body = await readJson(request, 'updateAppointment');
    if (found.status === 'CANCELLED')
      throw errorResponse(400, APPOINTMENT_MESSAGES.alreadyCancelled);
    check(body);
    Object.assign(found, fields(body));
    notifyClient(found.clientId, APPOINTMENT_MESSAGES.moved);
    return HttpResponse.json(found);
  }),
  on('cancelAppointment', ({ params }) => {
    viewer();
    const found = find(idParam(params));
    if (found.status === 'CANCELLED')
      throw errorResponse(400, APPOINTMENT_MESSAGES.alreadyCancelled);
    found.status = 'CANCELLED';
    notifyClient(found.clientId, APPOINTMENT_MESSAGES.cancelled);
    return HttpResponse.json(found);
  }),
];

const annasMeeting = (id: number, startsAt: Date): Appointment => ({
  id,
  clientId: 3,
  clientName: 'Anna Lindqvist',
  staffId: 2,
  staffName: 'Erik Johansson',
  startsAt: startsAt.toISOString(),
  minutes: 45,
  place: 'Mottagningen, Storgatan 1, rum 3',
  videoLink: null,
  note: null,
  status: 'BOOKED',
});
/** Monthly meetings of Anna Lindqvist from October 2026 back (the `earlier` scenario). */
const EARLIER_MEETINGS = Array.from({ length: 25 }, (_, i) =>
  annasMeeting(900 + i, new Date(Date.UTC(2026, 9 - i, 14, 8, 0))),
);
/** Weekly meetings of Anna Lindqvist from 10 December 2026 on (the `later` scenario). */
const LATER_MEETINGS = Array.from({ length: 25 }, (_, i) =>
  annasMeeting(950 + i, new Date(Date.UTC(2026, 11, 10 + 7 * i, 8, 0))),
);

export const appointmentScenarios = {
  ...scenariosFor([
    'appointments',
    'appointmentIcs',
    'createAppointment',
    'updateAppointment',
    'cancelAppointment',
  ]),
  /** The client (or staff) has no meetings at all. */
  empty: [on('appointments', () => HttpResponse.json([]))],
  /**
   * Anna Lindqvist (3) also met her coach every month before: 25 earlier meetings, so with the
   * one of 10 November her past list shows a page of 20 and 'Visa tidigare möten' the last 6.
   */
  earlier: [on('appointments', ({ request }) => listAnswer(request, EARLIER_MEETINGS))],
  /** Anna Lindqvist also has 25 weekly meetings from December on: more than a page upcoming. */
  later: [on('appointments', ({ request }) => listAnswer(request, LATER_MEETINGS))],
  /** As `earlier`, but the next page of earlier meetings fails (500). */
  earlierError: [
    on('appointments', ({ request }) => {
      if (new URL(request.url).searchParams.has('beforeId')) throw errorResponse(500);
      return listAnswer(request, EARLIER_MEETINGS);
    }),
  ],
};
