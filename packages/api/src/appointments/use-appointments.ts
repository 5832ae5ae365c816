import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Appointment, AppointmentWindow } from '../contract/appointments.ts';
import type { Id } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

const queryOf = (userId: Id | null | undefined, window: AppointmentWindow) => {
  const query = { ...(userId == null ? {} : { userId }), ...window };
  return Object.keys(query).length === 0 ? undefined : query;
};

/**
 * `GET /api/v1/user/appointments[?userId=][&from=|&before=&beforeId=&size=]`: a USER always
 * gets her own meetings; staff get the named client's, or every client's they may read without
 * `userId`. Oldest first; see `appointmentListQuerySchema` for the window.
 */
export const fetchAppointments = (
  userId?: Id | null,
  window: AppointmentWindow = {},
): Promise<Appointment[]> => {
  const query = queryOf(userId, window);
  return call('appointments', query ? { query } : {});
};

export const appointmentsKey = (userId?: Id | null, window: AppointmentWindow = {}): string =>
  keyFor('appointments', undefined, queryOf(userId, window));

/** Prefix shared by every appointments list key (revalidate them all after a change). */
export const APPOINTMENTS_KEY_PREFIX = keyFor('appointments');

export function useAppointments(
  userId?: Id | null,
  window: AppointmentWindow = {},
  config?: SWRConfiguration<Appointment[], ApiError>,
) {
  const swr = useSWR<Appointment[], ApiError>(
    appointmentsKey(userId, window),
    () => fetchAppointments(userId, window),
    config,
  );
  return { ...swr, appointments: swr.data };
}
