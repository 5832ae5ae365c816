import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, activityActionLabels, activityLogSchema } from './activity.ts';

describe('activity actions', () => {
  it('every action has its own Swedish label', () => {
    const labels = ACTIVITY_ACTIONS.map((a) => activityActionLabels[a]);
    for (const label of labels) expect(label).toMatch(/^[A-ZÅÄÖ][a-zåäö]/);
    expect(new Set(labels).size).toBe(labels.length);
    expect(Object.keys(activityActionLabels).sort()).toEqual([...ACTIVITY_ACTIONS].sort());
  });

  it('a log row with an action outside the enum is refused', () => {
    const row = {
      id: 1,
      action: 'LOGIN_SUCCEEDED',
      performedByName: 'Astrid Lindqvist',
      timestamp: '2026-11-24T08:00:00.000Z',
      subjectUserName: null,
      ipAddress: '127.0.0.1',
    };
    expect(activityLogSchema.safeParse(row).success).toBe(true);
    expect(activityLogSchema.safeParse({ ...row, action: 'Loggade in' }).success).toBe(false);
  });
});
