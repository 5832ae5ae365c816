// A user's CSV exports are limited (issue 22: 35 log exports and 35 report exports in a row were
// all served): 5 a minute, the kinds together, and one at a time; a refusal is a Swedish 429 with
// Retry-After. On both databases, with the in-process limit store on the test clock.
import type { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../src/clock.ts';
import { EXPORT_LIMIT_MESSAGES, EXPORT_LIMITS } from '../src/security/export-limit.ts';
import { describeDb, login, send, useTestApp } from './helpers.ts';

describeDb('export limits per user', () => {
  const t = useTestApp({ rateLimit: { enabled: true } });
  let admin = '';
  let staff = '';

  beforeAll(async () => {
    admin = await login(t, t.users.admin.email);
    staff = await login(t, t.users.staff.email);
  });

  const exportsOf = (cookie: string) => ({
    log: () => send(t, 'GET', '/api/v1/admin/export-logs?interval=30dagar', { cookie }),
    subject: () =>
      send(t, 'GET', `/api/v1/admin/subject/${t.users.klient.id}/export-logs?interval=all`, {
        cookie,
      }),
    report: () => send(t, 'GET', '/api/v1/admin/reports/export?interval=30dagar', { cookie }),
  });

  it('the 6th export within a minute, of any kind, is a Swedish 429 until the minute is over', async () => {
    const ex = exportsOf(admin);
    const statuses = [];
    for (const run of [ex.log, ex.subject, ex.report, ex.log, ex.report]) {
      statuses.push((await run()).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(EXPORT_LIMITS.perWindow).toBe(5);

    for (const run of [ex.report, ex.log, ex.subject]) {
      const refused = await run();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('För många exporter. Vänta en stund och försök igen.');
      expect(refused.headers['retry-after']).toBe('60');
    }
    // Per user: a colleague still exports.
    expect((await exportsOf(staff).report()).statusCode).toBe(200);

    t.clock.advance(MINUTE);
    const later = await ex.log();
    expect(later.statusCode).toBe(200);
    expect(later.headers['content-type']).toContain('text/csv');
  });

  it('a second export while the first is still being sent is a Swedish 429', async () => {
    t.clock.advance(MINUTE); // a fresh minute
    // More than one batch of the log, so the first export waits on its reader mid-way.
    await t.db.db
      .insertInto('activity_log')
      .values(
        Array.from({ length: 1_500 }, (_, i) => ({
          action: 'RESET_LINK_SENT' as const,
          actor_user_id: t.users.staff.id,
          subject_user_id: t.users.klient.id,
          ip_address: '10.2.0.1',
          created_at: new Date(t.clock.now().getTime() - 1000 - i),
        })),
      )
      .execute();

    // Answers at its headers; the body is read only below, so the export stays in flight.
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/export-logs',
      headers: { cookie: admin },
      payloadAsStream: true,
    });
    expect(first.statusCode).toBe(200);

    const ex = exportsOf(admin);
    for (const run of [ex.report, ex.subject]) {
      const refused = await run();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(EXPORT_LIMIT_MESSAGES.inFlight);
      expect(refused.json().message).toBe(
        'En export pågår redan. Vänta tills den är klar och försök igen.',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another user's export is not held up by it.
    expect((await exportsOf(staff).report()).statusCode).toBe(200);

    let lines = 0;
    for await (const chunk of first.stream() as Readable) {
      lines += (chunk as Buffer).toString('utf8').split('\r\n').length - 1;
    }
    expect(lines).toBeGreaterThan(1_500);

    // Finished: the next one is served (the refusals above used none of the minute's five).
    const next = await ex.report();
    expect(next.statusCode).toBe(200);
  });
});
