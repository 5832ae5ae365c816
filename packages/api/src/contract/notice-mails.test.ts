import { describe, expect, it } from 'vitest';
import {
  NOTICE_KINDS,
  noticeMailSettingsSchema,
  updateNoticeMailSettingsSchema,
} from './notice-mails.ts';

describe('notice-mail settings schema', () => {
  it('has one switch per kind of NOTICE_KINDS, in its order', () => {
    expect(Object.keys(noticeMailSettingsSchema.shape)).toEqual([...NOTICE_KINDS]);
  });

  it('wants every kind in an answer and a known kind in a change', () => {
    const all = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, true]));
    expect(noticeMailSettingsSchema.safeParse(all).success).toBe(true);
    const { QUESTIONNAIRE: _left, ...missing } = all;
    expect(noticeMailSettingsSchema.safeParse(missing).success).toBe(false);
    expect(updateNoticeMailSettingsSchema.safeParse({ QUESTIONNAIRE: false }).success).toBe(true);
    expect(updateNoticeMailSettingsSchema.safeParse({ NEWSLETTER: false }).success).toBe(false);
  });
});
