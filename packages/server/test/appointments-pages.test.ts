// The meeting list a page at a time (issue 38): without a client named, ADMIN's list answered
// every meeting of the clinic ever. It now answers at most `size` (APPOINTMENT_PAGE by default):
// the next meetings from a time (bare: from now), or after (`from`, `afterId`); the latest before
// a time, or before (`before`, `beforeId`). Walking the pages either way gives every meeting once,
// also when meetings of two clients start at the same time. Each role's access is kept: a client
// only hers, STAFF only her care team's, on every page. Bad parameters are a 400 in Swedish and
// change nothing.
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_PAGE,
  appointmentListSchema,
  type Appointment,
} from '@halsa/api/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, insertUser, login, logRows, send, useTestApp } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const URL = '/api/v1/user/appointments';

describeDb('appointments: the list is a page at a time, never every meeting ever', () => {
  const t = useTestApp();
  let outsider: { id: number; email: string };
  /** Every meeting the test wrote, by client. */
  const ids: Record<'klient' | 'klient2' | 'outsider', number[]> = {
    klient: [],
    klient2: [],
    outsider: [],
  };
  let tiedAt = '';

  const at = (days: number, hour = 9) => {
    const d = new Date(t.clock.now().getTime() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };

  beforeAll(async () => {
    const now = t.clock.now();
    // A client in nobody's care team: the STAFF member must never see her meetings.
    outsider = await insertUser(t.db, {
      email: 'utanfor-moten@example.com',
      role: 'USER',
      first: 'Utanför',
      last: 'Teamet',
      at: now,
    });
    const add = async (
      who: keyof typeof ids,
      clientId: number,
      staffId: number,
      startsAt: Date,
    ) => {
      const row = await t.db.db
        .insertInto('appointments')
        .values({
          client_user_id: clientId,
          staff_user_id: staffId,
          starts_at: startsAt,
          minutes: 30,
          place: 'Rum 1',
          video_link: null,
          note: null,
          created_at: now,
          updated_at: now,
          reminder_due_at: null,
          reminder_sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[who].push(row.id);
    };
    const { klient, klient2, staff, admin } = t.users;
    for (const days of [-700, -400, -100, -45, -10, 2, 40]) {
      await add('klient', klient.id, staff.id, at(days));
    }
    // Two clients' meetings at the same start (with different staff): a page boundary between
    // them must neither repeat nor drop one.
    await add('klient2', klient2.id, admin.id, at(-45));
    tiedAt = at(-45).toISOString();
    for (const days of [-300, -31, 5]) await add('klient2', klient2.id, staff.id, at(days, 11));
    for (const days of [-200, -60, -5, 3])
      await add('outsider', outsider.id, admin.id, at(days, 13));
  });

  const list = async (cookie: string, query: string) => {
    const res = await send(t, 'GET', `${URL}${query}`, { cookie });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return appointmentListSchema.parse(res.json());
  };
  const idsOf = (rows: Appointment[]) => rows.map((a) => a.id);
  const byStart = (rows: Appointment[]) =>
    rows.every(
      (a, i) =>
        i === 0 ||
        Date.parse(rows[i - 1]!.startsAt) < Date.parse(a.startsAt) ||
        (rows[i - 1]!.startsAt === a.startsAt && rows[i - 1]!.id < a.id),
    );
  const every = () => [...ids.klient, ...ids.klient2, ...ids.outsider].sort((x, y) => x - y);
  const iso = (d: Date) => encodeURIComponent(d.toISOString());

  /** Every page as the screen walks them (`later` from `start`, `earlier` before it). */
  const walk = async (
    cookie: string,
    base: string,
    direction: 'later' | 'earlier',
    start: Date,
    size: number,
  ) => {
    const pages: Appointment[][] = [];
    let query = `${direction === 'later' ? 'from' : 'before'}=${iso(start)}&size=${size}`;
    for (;;) {
      const page = await list(cookie, `?${base}${base ? '&' : ''}${query}`);
      expect(byStart(page), query).toBe(true);
      expect(page.length).toBeLessThanOrEqual(size);
      pages.push(page);
      if (page.length < size) return pages;
      const edge = direction === 'later' ? page.at(-1)! : page[0]!;
      const at = encodeURIComponent(edge.startsAt);
      query =
        direction === 'later'
          ? `from=${at}&afterId=${edge.id}&size=${size}`
          : `before=${at}&beforeId=${edge.id}&size=${size}`;
    }
  };

  it('ADMIN without a client: one page of the next meetings (bare: from now), never every one', async () => {
    const admin = await login(t, t.users.admin.email);
    const bare = await list(admin, '');
    const now = t.clock.now();
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.length).toBeLessThanOrEqual(APPOINTMENT_PAGE);
    expect(bare.every((a) => Date.parse(a.startsAt) >= now.getTime())).toBe(true);
    expect(byStart(bare)).toBe(true);
    expect(idsOf(await list(admin, `?from=${iso(now)}`))).toEqual(idsOf(bare));
    // A page is at most `size`: the first two from long ago are the two oldest meetings.
    const two = await list(admin, `?from=${iso(at(-1000))}&size=2`);
    const oldest = await t.db.db
      .selectFrom('appointments')
      .select('id')
      .orderBy('starts_at')
      .orderBy('id')
      .limit(2)
      .execute();
    expect(idsOf(two)).toEqual(oldest.map((r) => r.id));
    // The latest before a time, answered oldest first.
    const last = await list(admin, `?before=${iso(now)}&size=3`);
    expect(last).toHaveLength(3);
    expect(byStart(last)).toBe(true);
    expect(last.every((a) => Date.parse(a.startsAt) < now.getTime())).toBe(true);
  });

  it('pages either way: no gap or repeat (a tie at a page boundary too); all pages are every meeting', async () => {
    const admin = await login(t, t.users.admin.email);
    for (const size of [1, 2, 3, APPOINTMENT_PAGE]) {
      for (const [direction, start] of [
        ['later', at(-1000)],
        ['earlier', at(1000)],
      ] as const) {
        const pages = await walk(admin, '', direction, start, size);
        const seen = pages.flatMap((p) => idsOf(p));
        const where = `${direction} size ${size}`;
        expect(new Set(seen).size, where).toBe(seen.length);
        expect(
          seen.filter((id) => every().includes(id)).sort((x, y) => x - y),
          where,
        ).toEqual(every());
        // Each page follows the one before it in the walk's direction.
        const flat = direction === 'later' ? pages.flat() : [...pages].reverse().flat();
        expect(byStart(flat), where).toBe(true);
      }
    }
    // The two meetings at one start, split by pages of one: both come, once each, either way.
    const [first] = await list(admin, `?from=${encodeURIComponent(tiedAt)}&size=1`);
    const second = await list(
      admin,
      `?from=${encodeURIComponent(tiedAt)}&afterId=${first!.id}&size=1`,
    );
    expect(first!.startsAt).toBe(tiedAt);
    expect(second[0]!.startsAt).toBe(tiedAt);
    expect(second[0]!.id).toBeGreaterThan(first!.id);
    const back = await list(
      admin,
      `?before=${encodeURIComponent(tiedAt)}&beforeId=${second[0]!.id}&size=1`,
    );
    expect(idsOf(back)).toEqual([first!.id]);
    // Without beforeId: strictly before the start.
    const before = await list(admin, `?before=${encodeURIComponent(tiedAt)}&size=50`);
    expect(before.every((a) => Date.parse(a.startsAt) < Date.parse(tiedAt))).toBe(true);
    // The pages of one client's meetings.
    const hers = await walk(admin, `userId=${t.users.klient.id}`, 'earlier', at(1000), 2);
    expect(hers.flat().every((a) => a.clientId === t.users.klient.id)).toBe(true);
    expect(hers.flatMap((p) => idsOf(p)).sort((x, y) => x - y)).toEqual(ids.klient);
  });

  it('each role keeps its access on every page: a client only hers, STAFF only her care team', async () => {
    const now = iso(t.clock.now());
    const klient = await login(t, t.users.klient.email);
    for (const query of [
      '',
      `?from=${now}`,
      `?userId=${outsider.id}&from=${now}`,
      `?before=${now}&size=200`,
      `?userId=${t.users.klient2.id}&before=${now}&size=200`,
    ]) {
      const rows = await list(klient, query);
      expect(rows.length, query).toBeGreaterThan(0);
      expect(
        rows.every((a) => a.clientId === t.users.klient.id),
        query,
      ).toBe(true);
    }
    const staff = await login(t, t.users.staff.email);
    const team = [...ids.klient, ...ids.klient2].sort((x, y) => x - y);
    for (const [direction, start] of [
      ['later', at(-1000)],
      ['earlier', at(1000)],
    ] as const) {
      const rows = (await walk(staff, '', direction, start, 2)).flat();
      expect(
        rows.some((a) => a.clientId === outsider.id),
        direction,
      ).toBe(false);
      expect(
        idsOf(rows)
          .filter((id) => every().includes(id))
          .sort((x, y) => x - y),
        direction,
      ).toEqual(team);
    }
    // Naming the outsider is refused on any page, and nothing of hers is answered.
    for (const query of [
      `?userId=${outsider.id}&from=${now}`,
      `?userId=${outsider.id}&before=${now}`,
      `?userId=${outsider.id}&from=${now}&afterId=1&size=5`,
    ]) {
      const res = await send(t, 'GET', `${URL}${query}`, { cookie: staff });
      expect(res.statusCode, query).toBe(403);
      expect(res.body).not.toContain('Utanför');
    }
    // A page staff read is logged: one access row per client in it.
    const before = (await logRows(t, 'APPOINTMENTS_VIEWED')).length;
    const page = await list(staff, `?before=${now}&size=200`);
    const rows = (await logRows(t, 'APPOINTMENTS_VIEWED')).slice(before);
    expect(new Set(rows.map((r) => r.subject_user_id))).toEqual(
      new Set(page.map((a) => a.clientId)),
    );
  });

  it('bad parameters are a 400 in Swedish and change nothing', async () => {
    const admin = await login(t, t.users.admin.email);
    const klient = await login(t, t.users.klient.email);
    const count = async () => ({
      meetings: (await t.db.db.selectFrom('appointments').select('id').execute()).length,
      log: (await t.db.db.selectFrom('activity_log').select('id').execute()).length,
    });
    const start = await count();
    const T = encodeURIComponent('2026-11-01T08:00:00Z');
    const cases: [string, string][] = [
      ['?from=igår', APPOINTMENT_MESSAGES.badTime],
      ['?from=2026-11-01', APPOINTMENT_MESSAGES.badTime],
      ['?from=2026-11-01T08:00:00', APPOINTMENT_MESSAGES.badTime],
      ['?before=2026-13-01T08:00:00Z', APPOINTMENT_MESSAGES.badTime],
      [`?from=${T}&before=${T}`, APPOINTMENT_MESSAGES.fromAndBefore],
      ['?beforeId=5', APPOINTMENT_MESSAGES.beforeIdAlone],
      [`?before=${T}&afterId=5`, APPOINTMENT_MESSAGES.afterIdAlone],
      ['?afterId=5', APPOINTMENT_MESSAGES.afterIdAlone],
      [`?from=${T}&size=0`, APPOINTMENT_MESSAGES.size],
      [`?before=${T}&size=0`, APPOINTMENT_MESSAGES.size],
      [`?before=${T}&size=201`, APPOINTMENT_MESSAGES.size],
      [`?before=${T}&size=abc`, APPOINTMENT_MESSAGES.size],
      [`?before=${T}&size=1.5`, APPOINTMENT_MESSAGES.size],
    ];
    for (const [query, message] of cases) {
      const res = await send(t, 'GET', `${URL}${query}`, { cookie: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    const res = await send(t, 'GET', `${URL}?before=${T}&beforeId=abc`, { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Fältet "beforeId" /);
    // A client's bad window is refused as well (her userId is replaced, the window is not).
    const hers = await send(t, 'GET', `${URL}?from=igår`, { cookie: klient });
    expect(hers.statusCode).toBe(400);
    expect(hers.json().message).toBe(APPOINTMENT_MESSAGES.badTime);
    expect(await count()).toEqual(start);
    // Extremes are answers, not errors: an id past int4, the first and the last year.
    for (const query of [
      `?before=${T}&beforeId=99999999999`,
      `?from=${T}&afterId=99999999999`,
      `?before=${encodeURIComponent('0001-01-01T00:00:00Z')}`,
      `?from=${encodeURIComponent('9999-12-31T23:59:59Z')}`,
    ]) {
      const ok = await send(t, 'GET', `${URL}${query}`, { cookie: admin });
      expect(ok.statusCode, `${query}: ${ok.body}`).toBe(200);
    }
  });
});
