// Appointments (issue 13): the list (a USER only hers), the .ics, and booking, moving and
// cancelling by staff, each with the client's APPOINTMENT notice, as the server does.
import type { HttpHandler } from 'msw';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_NOTIFICATION_TYPE,
  appointmentListQuerySchema,
  type Appointment,
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

const byStart = (a: Appointment, b: Appointment) => a.startsAt.localeCompare(b.startsAt);

export const appointmentHandlers: HttpHandler[] = [
  on('appointments', ({ request }) => {
    const user = viewer();
    const { userId } = readQuery(request, appointmentListQuerySchema);
    const clientId = isStaff(user) ? (userId ?? null) : user.id;
    const list = mockState.appointments.filter((a) => clientId === null || a.clientId === clientId);
    return HttpResponse.json([...list].sort(byStart));
  }),
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
};
