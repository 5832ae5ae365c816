// The self-check page /test (design §4.11, issue 13): a test notice sent to oneself that must
// arrive over the live connection, and the server's clock to compare with the browser's.
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

/** Type of the test notice; it only shows its message (spec §4: not a known type). */
export const SELF_TEST_NOTIFICATION_TYPE = 'SELF_TEST';
export const SELF_TEST_MESSAGE = 'Testnotis från Testsidan.';

/** `POST /api/v1/user/self-test`: the notice sent (to the caller only) and the server's time. */
export const selfTestResponseSchema = z.object({
  notificationId: idSchema,
  serverTime: timestampSchema,
});
export type SelfTestResponse = z.infer<typeof selfTestResponseSchema>;
