// Clinic reports (/reports, design §4.11): figures per Swedish day, week or month over a spec §9
// interval, computed by the database from seeded rows, as JSON and as CSV; STAFF and ADMIN only.
import { randomUUID } from 'node:crypto';
import type { Report } from '@halsa/api/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, login, send, useTestApp } from './helpers.ts';
import { insertSignedNote } from './journal-helpers.ts';

describeDb('clinic reports', () => {
  const t = useTestApp();
  // A fixed Monday noon (winter time, UTC+1) in March of next year: the test's own accounts,
  // created today, lie outside its 2veckor and 30dagar periods.
  const year = new Date().getUTCFullYear() + 1;
  const NOW = new Date(Date.UTC(year, 2, 15, 11));
  const day = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
  /** An instant in March: `at(5, '08:00')` is 5 March 08:00 UTC (09:00 in Stockholm). */
  const at = (d: number, hm: string) => new Date(`${day(d)}T${hm}:00Z`);
  let staff = '';

  const report = async (interval: string, cookie = staff) => {
    const res = await send(t, 'GET', `/api/v1/admin/reports?interval=${interval}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  };

  beforeAll(async () => {
    t.clock.advance(NOW.getTime() - t.clock.now().getTime());
    staff = await login(t, 'staff@example.com');
  });

  it('an empty period: every day of it, all zero, no median', async () => {
    const r = await report('2veckor');
    expect(r.bucket).toBe('day');
    expect(r.from).toBe(new Date(NOW.getTime() - 14 * 86_400_000).toISOString());
    expect(r.to).toBe(NOW.toISOString());
    expect(r.buckets.map((b) => b.start)).toEqual(Array.from({ length: 15 }, (_, i) => day(i + 1)));
    const zero = {
      newClients: 0,
      activeClients: 0,
      clientMessages: 0,
      staffMessages: 0,
      medianReplySeconds: null,
      repliedMessages: 0,
      labUploads: 0,
      actionPlanUploads: 0,
      signedNotes: 0,
    };
    expect(r.totals).toEqual(zero);
    for (const b of r.buckets) expect(b).toEqual({ start: b.start, ...zero });
  });

  it('counts the seeded figures per Swedish day and for the period, with the median reply', async () => {
    const db = t.db.db;
    const { klient, klient2, staff: sven, admin } = t.users;
    const user = async (email: string, role: 'USER' | 'STAFF', created: Date) =>
      db
        .insertInto('users')
        .values({
          email,
          password_hash: null,
          role,
          image_file_id: null,
          created_at: created,
          updated_at: created,
          last_active_at: null,
        })
        .execute();
    await user('ny1@example.com', 'USER', at(13, '11:00'));
    await user('ny2@example.com', 'USER', at(13, '12:00'));
    // 23:30 UTC on the 9th is 00:30 on the 10th in Stockholm.
    await user('midnatt@example.com', 'USER', at(9, '23:30'));
    await user('personal3@example.com', 'STAFF', at(12, '10:00'));
    await user('gammal@example.com', 'USER', new Date(NOW.getTime() - 20 * 86_400_000));

    const conversation = async (a: number, b: number) =>
      (
        await db
          .insertInto('conversations')
          .values({
            user_low_id: Math.min(a, b),
            user_high_id: Math.max(a, b),
            created_at: at(1, '08:00'),
            last_message_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const c1 = await conversation(klient.id, sven.id);
    const c2 = await conversation(klient2.id, admin.id);
    const message = (conversationId: number, from: number, to: number, when: Date) =>
      db
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender_id: from,
          receiver_id: to,
          content: 'Hej',
          file_id: null,
          original_file_name: null,
          client_message_id: null,
          edited_at: null,
          created_at: when,
        })
        .execute();
    // Before the period: a question and its answer, neither counted.
    await message(c2, klient2.id, admin.id, new Date(NOW.getTime() - 20 * 86_400_000));
    await message(c2, admin.id, klient2.id, new Date(NOW.getTime() - 19 * 86_400_000));
    // 5 March: two client messages are one wait, answered after 30 min (from the first);
    // a second wait answered after 2 h.
    await message(c1, klient.id, sven.id, at(5, '08:00'));
    await message(c1, klient.id, sven.id, at(5, '08:10'));
    await message(c1, sven.id, klient.id, at(5, '08:30'));
    await message(c1, sven.id, klient.id, at(5, '09:00'));
    await message(c1, klient.id, sven.id, at(5, '10:00'));
    await message(c1, sven.id, klient.id, at(5, '12:00'));
    // 6 March: answered after 10 min, then a question still waiting.
    await message(c2, klient2.id, admin.id, at(6, '09:00'));
    await message(c2, admin.id, klient2.id, at(6, '09:10'));
    await message(c2, klient2.id, admin.id, at(6, '15:00'));

    // Karin also signs in on the 6th (an activity row with her as the actor).
    await db
      .insertInto('activity_log')
      .values({
        action: 'LOGIN_SUCCEEDED',
        actor_user_id: klient.id,
        subject_user_id: klient.id,
        ip_address: '127.0.0.1',
        details: null,
        created_at: at(6, '07:00'),
      })
      .execute();

    const file = (name: string, kind: 'LAB_RESULT' | 'ACTION_PLAN' | 'PROFILE_IMAGE', when: Date) =>
      db
        .insertInto('files')
        .values({
          id: randomUUID(),
          kind,
          subject_user_id: klient.id,
          uploaded_by: admin.id,
          storage_key: name,
          original_name: `${name}.pdf`,
          mime_type: 'application/pdf',
          size_bytes: 10,
          sha256: '0'.repeat(64),
          created_at: when,
        })
        .execute();
    await file('lab-1', 'LAB_RESULT', at(8, '10:00'));
    await file('lab-2', 'LAB_RESULT', at(8, '11:00'));
    await file('plan-1', 'ACTION_PLAN', at(9, '10:00'));
    await file('bild-1', 'PROFILE_IMAGE', at(9, '10:00'));

    const note = async (status: 'SIGNED' | 'UNSIGNED', signed: Date | null) => {
      const values = {
        user_id: klient.id,
        author_id: admin.id,
        form_id: null,
        content: 'Anteckning',
        sent_at: null,
        created_at: at(11, '09:00'),
        clinic_name: null,
        signature_line: null,
        content_hash: null,
        corrects_note_id: null,
      };
      if (status === 'SIGNED') {
        await insertSignedNote(db, values, { signedBy: admin.id, signedAt: signed! });
      } else {
        await db
          .insertInto('journal_notes')
          .values({ ...values, status, signed_at: null, signed_by: null })
          .execute();
      }
    };
    await note('SIGNED', at(11, '10:00'));
    await note('UNSIGNED', null);

    const r = await report('2veckor');
    expect(r.totals).toEqual({
      newClients: 3,
      activeClients: 2,
      clientMessages: 5,
      staffMessages: 4,
      medianReplySeconds: 1800,
      repliedMessages: 3,
      labUploads: 2,
      actionPlanUploads: 1,
      signedNotes: 1,
    });
    const on = (d: number) => r.buckets.find((b) => b.start === day(d))!;
    expect(on(5)).toMatchObject({
      activeClients: 1,
      clientMessages: 3,
      staffMessages: 3,
      medianReplySeconds: 4500,
      repliedMessages: 2,
    });
    expect(on(6)).toMatchObject({
      activeClients: 2,
      clientMessages: 2,
      staffMessages: 1,
      medianReplySeconds: 600,
      repliedMessages: 1,
    });
    expect(on(8).labUploads).toBe(2);
    expect(on(9)).toMatchObject({ actionPlanUploads: 1, newClients: 0 });
    expect(on(10).newClients).toBe(1);
    expect(on(11).signedNotes).toBe(1);
    expect(on(13).newClients).toBe(2);
    expect(on(14)).toEqual({
      start: day(14),
      newClients: 0,
      activeClients: 0,
      clientMessages: 0,
      staffMessages: 0,
      medianReplySeconds: null,
      repliedMessages: 0,
      labUploads: 0,
      actionPlanUploads: 0,
      signedNotes: 0,
    });

    // 30 days reach the client created 20 days ago and the earlier exchange (answered in 24 h).
    const month = await report('30dagar');
    expect(month.totals).toMatchObject({
      newClients: 4,
      clientMessages: 6,
      staffMessages: 5,
      repliedMessages: 4,
      medianReplySeconds: (1800 + 7200) / 2,
    });

    // 3 months by week: Mondays, the 5th and 6th in the week of the 1st.
    const weeks = await report('3man');
    expect(weeks.bucket).toBe('week');
    expect(weeks.buckets.at(-1)!.start).toBe(day(15));
    expect(weeks.buckets.find((b) => b.start === day(1))).toMatchObject({
      clientMessages: 5,
      medianReplySeconds: 1800,
      activeClients: 2,
      labUploads: 0,
    });
    expect(weeks.buckets.find((b) => b.start === day(8))).toMatchObject({
      newClients: 3,
      labUploads: 2,
      actionPlanUploads: 1,
      signedNotes: 1,
    });
    for (const b of weeks.buckets) expect(new Date(`${b.start}T12:00:00Z`).getUTCDay()).toBe(1);

    // Alla: by month from the clinic's first account, today's included.
    const all = await report('all');
    expect(all.bucket).toBe('month');
    expect(all.buckets.at(-1)!.start).toBe(`${year}-03-01`);
    expect(all.buckets[0]!.start).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
    expect(all.totals.newClients).toBe(6);
    expect(all.buckets.reduce((n, b) => n + b.newClients, 0)).toBe(6);
  });

  it('exports the same figures as CSV in the activity export format, for STAFF too', async () => {
    const res = await send(t, 'GET', '/api/v1/admin/reports/export?interval=2veckor', {
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rapport_${day(15)}_2veckor.csv"`,
    );
    const text = res.body;
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Dag;Nya klienter;Aktiva klienter;Meddelanden från klienter;Meddelanden från personal;' +
        'Median svarstid (minuter);Besvarade meddelanden;Uppladdade provsvar;' +
        'Uppladdade handlingsplaner;Signerade journalanteckningar',
    );
    expect(lines).toHaveLength(1 + 15 + 1 + 1);
    expect(lines[1]).toBe(`${day(1)};0;0;0;0;;0;0;0;0`);
    expect(lines[5]).toBe(`${day(5)};0;1;3;3;75,0;2;0;0;0`);
    expect(lines[6]).toBe(`${day(6)};0;2;2;1;10,0;1;0;0;0`);
    expect(lines[16]).toBe('Hela perioden;3;2;5;4;30,0;3;2;1;1');

    const months = await send(t, 'GET', '/api/v1/admin/reports/export?interval=1ar', {
      cookie: staff,
    });
    expect(months.body.split('\r\n')[0]!.startsWith('\ufeffMånad;')).toBe(true);
    expect(months.body).toContain(`\r\n${year}-03;`);
  });

  it('a bad interval is 400 with the Swedish message; no interval is 30 dagar', async () => {
    for (const url of [
      '/api/v1/admin/reports?interval=7dagar',
      '/api/v1/admin/reports?interval=',
      '/api/v1/admin/reports/export?interval=3veckor',
    ]) {
      const res = await send(t, 'GET', url, { cookie: staff });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(
        'Ogiltigt intervall. Välj alla, 2veckor, 30dagar, 3man, 6man eller 1ar.',
      );
    }
    const bare = await send(t, 'GET', '/api/v1/admin/reports', { cookie: staff });
    expect(bare.json<Report>().interval).toBe('30dagar');
  });

  it('ADMIN may read and export; a client gets 403 and no session 401', async () => {
    const admin = await login(t, 'admin@example.com');
    expect((await report('6man', admin)).bucket).toBe('week');
    expect(
      (await send(t, 'GET', '/api/v1/admin/reports/export?interval=6man', { cookie: admin }))
        .statusCode,
    ).toBe(200);
    const klient = await login(t, 'klient@example.com');
    for (const url of ['/api/v1/admin/reports', '/api/v1/admin/reports/export?interval=all']) {
      expect((await send(t, 'GET', url, { cookie: klient })).statusCode, url).toBe(403);
      expect((await send(t, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('a period that starts inside a run of client messages: the wait began before it', async () => {
    // Reply times read only the period's messages; whether its first message in a conversation
    // starts a wait is decided by the message before the period (issue 38). Sixty days on, so
    // nothing above is in these periods.
    t.clock.advance(60 * 86_400_000);
    const now = t.clock.now();
    const db = t.db.db;
    const { klient, admin } = t.users;
    const ago = (days: number, minutes = 0) =>
      new Date(now.getTime() - days * 86_400_000 + minutes * 60_000);
    const { id } = await db
      .insertInto('conversations')
      .values({
        user_low_id: Math.min(klient.id, admin.id),
        user_high_id: Math.max(klient.id, admin.id),
        created_at: ago(25),
        last_message_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [from, to, when] of [
      [klient.id, admin.id, ago(20)],
      [klient.id, admin.id, ago(3)],
      [admin.id, klient.id, ago(3, 20)],
    ] as const)
      await db
        .insertInto('messages')
        .values({
          conversation_id: id,
          sender_id: from,
          receiver_id: to,
          content: 'Hej',
          file_id: null,
          original_file_name: null,
          client_message_id: null,
          edited_at: null,
          created_at: when,
        })
        .execute();
    const cookie = await login(t, 'staff@example.com');
    // The 3-day-old message continues the wait of the 20-day-old one, placed before 2 weeks.
    expect((await report('2veckor', cookie)).totals).toMatchObject({
      clientMessages: 1,
      staffMessages: 1,
      repliedMessages: 0,
      medianReplySeconds: null,
    });
    expect((await report('30dagar', cookie)).totals).toMatchObject({
      clientMessages: 2,
      repliedMessages: 1,
      medianReplySeconds: 17 * 86_400 + 20 * 60,
    });
  });
});
