// Appointments (design §4.11): the client's bookings and their calendar file; staff book, move
// and cancel them. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';
import { STAFF } from '../route-shared.ts';

export const appointmentsRouteDefs = {
  appointments: {
    method: 'GET',
    path: '/api/v1/user/appointments',
    response: 'json',
    fallback: 'Kunde inte hämta bokningar',
    roles: SIGNED_IN,
    clientData: true,
  },
  appointmentIcs: {
    method: 'GET',
    path: '/api/v1/user/appointments/:id/ics',
    response: 'blob',
    fallback: 'Kunde inte hämta kalenderfilen',
    roles: SIGNED_IN,
    clientData: true,
  },
  createAppointment: {
    method: 'POST',
    path: '/api/v1/admin/appointments',
    response: 'json',
    fallback: 'Kunde inte boka mötet',
    roles: STAFF,
    clientData: true,
  },
  updateAppointment: {
    method: 'PUT',
    path: '/api/v1/admin/appointments/:id',
    response: 'json',
    fallback: 'Kunde inte flytta mötet',
    roles: STAFF,
    clientData: true,
  },
  cancelAppointment: {
    method: 'POST',
    path: '/api/v1/admin/appointments/:id/cancel',
    response: 'json',
    fallback: 'Kunde inte avboka mötet',
    roles: STAFF,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
