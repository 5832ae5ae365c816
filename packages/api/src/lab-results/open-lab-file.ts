import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { LabResultsOverview } from '../contract/lab-results.ts';
import { mutationKey } from '../keys.ts';
import { labResultsKey } from './use-lab-results.ts';

/** `POST /api/v1/user/lab-results/opened/:fileName` (USER only): she has opened this file. */
export const openLabFile = (userId: Id, fileName: string): Promise<void> =>
  call('openLabFile', { params: { fileName }, query: { userId } });

/**
 * `trigger(fileName)`: marks the file opened at once in the cached overview (so the "Ny" mark
 * goes away as she opens it), then on the server, then revalidates.
 */
export function useOpenLabFile(userId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<void, ApiError, string, string>(
    mutationKey('openLabFile'),
    async (_key, { arg: fileName }) => {
      const now = new Date().toISOString();
      await mutate<LabResultsOverview>(
        labResultsKey(userId),
        async (current) => {
          await openLabFile(userId, fileName);
          return current;
        },
        {
          optimisticData: (current) =>
            (current && {
              ...current,
              files: current.files.map((f) =>
                f.fileName === fileName && f.openedAt === null ? { ...f, openedAt: now } : f,
              ),
            }) as LabResultsOverview,
          rollbackOnError: true,
          revalidate: true,
        },
      );
    },
  );
}
