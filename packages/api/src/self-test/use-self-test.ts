import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { SelfTestResponse } from '../contract/self-test.ts';
import { mutationKey } from '../keys.ts';

/** `POST /api/v1/user/self-test`: sends the caller a test notice; answers the server's time. */
export const sendSelfTest = (): Promise<SelfTestResponse> => call('selfTest', { body: {} });

export const SELF_TEST_KEY = mutationKey('selfTest');

export function useSelfTest() {
  return useSWRMutation<SelfTestResponse, ApiError, string>(SELF_TEST_KEY, () => sendSelfTest(), {
    throwOnError: true,
  });
}
