import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { StaffMember } from '../contract/activity.ts';
import { keyFor } from '../keys.ts';

/**
 * `GET /api/v1/admin/staff`: STAFF and ADMIN by name, the people the log can be narrowed to
 * ('Utförd av'). Never a client: the browser does not hold the register (design §4.13).
 */
export const fetchStaff = (): Promise<StaffMember[]> => call('staff');

export const STAFF_KEY = keyFor('staff');

export function useStaff(config?: SWRConfiguration<StaffMember[], ApiError>) {
  const swr = useSWR<StaffMember[], ApiError>(STAFF_KEY, fetchStaff, config);
  return { ...swr, staff: swr.data };
}
