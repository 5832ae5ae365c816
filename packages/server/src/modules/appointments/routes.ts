// Appointments (design §4.11, issue 13): the list (a USER only hers, whatever userId she sends;
// staff a named client's or all; upcoming and recent ones, or a page of earlier ones, issue 38),
// the .ics of one meeting, and booking, moving and cancelling
// for STAFF/ADMIN (a meeting is moved or cancelled only by the staff member who booked it or an
// ADMIN, issue 22). Staff access is written to the activity log.
import { endpointDefs, type Appointment } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { appointmentIcs } from './ics.ts';
import { AppointmentService } from './service.ts';

const clientOf = ({ result }: { result: unknown }) => (result as Appointment).clientId;

export const appointmentsModule: AppModule = (app, ctx) => {
  const appointments = new AppointmentService(
    ctx.db,
    ctx.clock,
    ctx.notifications,
    ctx.noticeMails,
  );

  defineRoute(
    app,
    endpointDefs.appointments,
    {
      // Without userId: every meeting staff may see, one access row per client in the answer.
      audit: {
        action: 'APPOINTMENTS_VIEWED',
        subject: ({ input, result }) =>
          input.query.userId ?? [...new Set((result as Appointment[]).map((a) => a.clientId))],
      },
      ownerParam: 'userId',
      careTeam: { client: ({ query }) => query.userId ?? null },
    },
    (request, _reply, { query }) =>
      appointments.list(query.userId ?? null, requireSession(request), query),
  );

  defineRoute(
    app,
    endpointDefs.appointmentIcs,
    {
      audit: { records: ['APPOINTMENTS_VIEWED'] },
      careTeam: { client: ({ params }) => appointments.clientOf(params.id) },
    },
    async (request, reply, { params }) => {
      const session = requireSession(request);
      const appointment = await appointments.get(params.id, session);
      if (session.role !== 'USER') {
        await ctx.activity.record({
          action: 'APPOINTMENTS_VIEWED',
          actorUserId: session.userId,
          subjectUserId: appointment.clientId,
          ip: request.ip,
          details: { appointmentId: appointment.id, ics: true },
        });
      }
      const host = new URL(ctx.config.publicUrl).host;
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="mote-${appointment.id}.ics"`)
        .send(
          appointmentIcs(appointment, ctx.clock.now(), host, {
            sequence: await appointments.sequenceOf(appointment.id),
          }),
        );
    },
  );

  defineRoute(
    app,
    endpointDefs.createAppointment,
    {
      audit: { action: 'APPOINTMENT_BOOKED', subject: clientOf },
      careTeam: { client: ({ body }) => body.clientId },
    },
    (request, _reply, { body }) => appointments.create(body, requireSession(request)),
  );

  defineRoute(
    app,
    endpointDefs.updateAppointment,
    {
      audit: { action: 'APPOINTMENT_CHANGED', subject: clientOf },
      careTeam: { client: ({ params }) => appointments.clientOf(params.id) },
    },
    (request, _reply, { params, body }) =>
      appointments.update(params.id, body, requireSession(request)),
  );

  defineRoute(
    app,
    endpointDefs.cancelAppointment,
    {
      audit: { action: 'APPOINTMENT_CANCELLED', subject: clientOf },
      careTeam: { client: ({ params }) => appointments.clientOf(params.id) },
    },
    (request, _reply, { params }) => appointments.cancel(params.id, requireSession(request)),
  );
};
