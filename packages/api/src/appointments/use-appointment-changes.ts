import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type {
  Appointment,
  AppointmentCreate,
  AppointmentUpdate,
} from '../contract/appointments.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';
import { APPOINTMENTS_KEY_PREFIX } from './use-appointments.ts';

export const createAppointment = (body: AppointmentCreate): Promise<Appointment> =>
  call('createAppointment', { body });
export const updateAppointment = (id: Id, body: AppointmentUpdate): Promise<Appointment> =>
  call('updateAppointment', { params: { id }, body });
export const cancelAppointment = (id: Id): Promise<Appointment> =>
  call('cancelAppointment', { params: { id }, body: {} });
/** The meeting as an .ics file (save it with `saveBlob`). */
export const downloadAppointmentIcs = (id: Id): Promise<Blob> =>
  call('appointmentIcs', { params: { id } });

/**
 * Every appointments list (all clients' and one client's) is fetched again, after a change here
 * and on an APPOINTMENT notice (the screen). Those on screen keep what they show until the answer
 * comes, so pages opened with 'Visa fler …' stay open and take the change in; those not on screen
 * are fetched again when shown. Never `mutate(filter, undefined, …)`: that first sets every list
 * to `undefined`, which put /appointments back on its spinner and its lists back at their first
 * pages after each booking. The promise ends when the lists on screen have their answers.
 */
export function useRevalidateAppointments() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith(APPOINTMENTS_KEY_PREFIX));
}

export function useCreateAppointment() {
  const revalidate = useRevalidateAppointments();
  return useSWRMutation<Appointment, ApiError, string, AppointmentCreate>(
    mutationKey('createAppointment'),
    async (_key, { arg }) => {
      const created = await createAppointment(arg);
      await revalidate();
      return created;
    },
    { throwOnError: true },
  );
}

export function useUpdateAppointment() {
  const revalidate = useRevalidateAppointments();
  return useSWRMutation<Appointment, ApiError, string, { id: Id; body: AppointmentUpdate }>(
    mutationKey('updateAppointment'),
    async (_key, { arg }) => {
      const updated = await updateAppointment(arg.id, arg.body);
      await revalidate();
      return updated;
    },
    { throwOnError: true },
  );
}

export function useCancelAppointment() {
  const revalidate = useRevalidateAppointments();
  return useSWRMutation<Appointment, ApiError, string, Id>(
    mutationKey('cancelAppointment'),
    async (_key, { arg }) => {
      const cancelled = await cancelAppointment(arg);
      await revalidate();
      return cancelled;
    },
    { throwOnError: true },
  );
}

export function useDownloadAppointmentIcs() {
  return useSWRMutation<Blob, ApiError, string, Id>(
    mutationKey('appointmentIcs'),
    (_key, { arg }) => downloadAppointmentIcs(arg),
    { throwOnError: true },
  );
}
