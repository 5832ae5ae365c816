import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Appointment } from '../contract/appointments.ts';
import type { Id } from '../contract/common.ts';
import { keyFor } from '../keys.ts';

/**
 * `GET /api/v1/user/appointments[?userId=]`: a USER always gets her own meetings; staff get the
 * named client's, or every client's without `userId`.
 */
export const fetchAppointments = (userId?: Id | null): Promise<Appointment[]> =>
  call('appointments', userId == null ? {} : { query: { userId } });

export const appointmentsKey = (userId?: Id | null): string =>
  keyFor('appointments', undefined, userId == null ? undefined : { userId });

/** Prefix shared by every appointments list key (revalidate them all after a change). */
export const APPOINTMENTS_KEY_PREFIX = keyFor('appointments');

export function useAppointments(
  userId?: Id | null,
  config?: SWRConfiguration<Appointment[], ApiError>,
) {
  const swr = useSWR<Appointment[], ApiError>(
    appointmentsKey(userId),
    () => fetchAppointments(userId),
    config,
  );
  return { ...swr, appointments: swr.data };
}
