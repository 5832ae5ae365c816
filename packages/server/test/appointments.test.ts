// Appointments (issue 13): staff book, move and cancel meetings with a client; the client sees
// only hers whatever ids she sends, gets an APPOINTMENT notice per change and an .ics file;
// bad input is a 400 with a Swedish message and changes nothing; a USER cannot book (403).
// Overlapping meetings are a 409, and only the booking staff member or an ADMIN may change one.
import { appointmentListSchema, appointmentSchema } from '@halsa/api/contract';
import { expect, it } from 'vitest';
import { escapeText, foldLine } from '../src/modules/appointments/ics.ts';
import { describeDb, insertUser, login, send, useTestApp } from './helpers.ts';

describeDb('appointments', () => {
  const t = useTestApp();
  const inHours = (h: number) => new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();

  const book = async (cookie: string, body: Record<string, unknown>) =>
    send(t, 'POST', '/api/v1/admin/appointments', { cookie, body });

  const count = async () =>
    (await t.db.db.selectFrom('appointments').select('id').execute()).length;

  const notices = (userId: number) =>
    t.db.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', userId)
      .where('type', '=', 'APPOINTMENT')
      .orderBy('id')
      .execute();

  it('staff book, move and cancel; the client is told each time and the log says who', async () => {
    const staff = await login(t, t.users.staff.email);
    const res = await book(staff, {
      clientId: t.users.klient.id,
      startsAt: inHours(48),
      minutes: 45,
      place: 'Mottagningen, rum 3',
      note: 'Ta med provsvaren',
    });
    expect(res.statusCode).toBe(200);
    const booked = appointmentSchema.parse(res.json());
    expect(booked).toMatchObject({
      clientId: t.users.klient.id,
      staffId: t.users.staff.id,
      minutes: 45,
      status: 'BOOKED',
      place: 'Mottagningen, rum 3',
      videoLink: null,
    });

    const moved = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
      cookie: staff,
      body: { startsAt: inHours(72), minutes: 30, videoLink: 'https://video.example.com/m/1' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ minutes: 30, place: null, status: 'BOOKED' });

    const cancelled = await send(t, 'POST', `/api/v1/admin/appointments/${booked.id}/cancel`, {
      cookie: staff,
      body: {},
    });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    const again = await send(t, 'POST', `/api/v1/admin/appointments/${booked.id}/cancel`, {
      cookie: staff,
      body: {},
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Mötet är redan avbokat.');

    expect(await notices(t.users.klient.id)).toEqual([
      { type: 'APPOINTMENT', message: 'Du har fått en ny bokning.' },
      { type: 'APPOINTMENT', message: 'En av dina bokningar har flyttats.' },
      { type: 'APPOINTMENT', message: 'En av dina bokningar har avbokats.' },
    ]);
    expect(await notices(t.users.klient2.id)).toEqual([]);

    const log = await t.db.db
      .selectFrom('activity_log')
      .select(['action', 'actor_user_id', 'subject_user_id'])
      .where('action', 'like', 'APPOINTMENT%')
      .orderBy('id')
      .execute();
    expect(log).toEqual(
      ['APPOINTMENT_BOOKED', 'APPOINTMENT_CHANGED', 'APPOINTMENT_CANCELLED'].map((action) => ({
        action,
        actor_user_id: t.users.staff.id,
        subject_user_id: t.users.klient.id,
      })),
    );
  });

  it('a USER sees only her own meetings whatever userId she sends, and cannot book, move or cancel', async () => {
    const admin = await login(t, t.users.admin.email);
    const mine = appointmentSchema.parse(
      (
        await book(admin, {
          clientId: t.users.klient.id,
          startsAt: inHours(5),
          minutes: 60,
          place: 'Rum 1',
        })
      ).json(),
    );
    const theirs = appointmentSchema.parse(
      (
        await book(admin, {
          clientId: t.users.klient2.id,
          startsAt: inHours(6),
          minutes: 60,
          place: 'Rum 2',
        })
      ).json(),
    );
    const klient = await login(t, t.users.klient.email);
    for (const url of [
      '/api/v1/user/appointments',
      `/api/v1/user/appointments?userId=${t.users.klient2.id}`,
    ]) {
      const list = appointmentListSchema.parse(
        (await send(t, 'GET', url, { cookie: klient })).json(),
      );
      expect(list.map((a) => a.id)).toContain(mine.id);
      expect(list.map((a) => a.id)).not.toContain(theirs.id);
      expect(list.every((a) => a.clientId === t.users.klient.id)).toBe(true);
    }
    const ics = await send(t, 'GET', `/api/v1/user/appointments/${theirs.id}/ics`, {
      cookie: klient,
    });
    expect(ics.statusCode).toBe(404);
    expect(ics.json().message).toBe('Mötet finns inte.');

    const before = await count();
    const create = await book(klient, {
      clientId: t.users.klient.id,
      startsAt: inHours(8),
      minutes: 30,
      place: 'x',
    });
    expect(create.statusCode).toBe(403);
    const move = await send(t, 'PUT', `/api/v1/admin/appointments/${mine.id}`, {
      cookie: klient,
      body: { startsAt: inHours(9), minutes: 30, place: 'x' },
    });
    expect(move.statusCode).toBe(403);
    const cancel = await send(t, 'POST', `/api/v1/admin/appointments/${mine.id}/cancel`, {
      cookie: klient,
      body: {},
    });
    expect(cancel.statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await send(t, 'GET', '/api/v1/user/appointments')).statusCode).toBe(401);

    const staff = await login(t, t.users.staff.email);
    const forKlient2 = appointmentListSchema.parse(
      (
        await send(t, 'GET', `/api/v1/user/appointments?userId=${t.users.klient2.id}`, {
          cookie: staff,
        })
      ).json(),
    );
    expect(forKlient2.map((a) => a.id)).toContain(theirs.id);
    expect(forKlient2.every((a) => a.clientId === t.users.klient2.id)).toBe(true);
  });

  it('bad input is refused in Swedish and nothing is stored', async () => {
    const staff = await login(t, t.users.staff.email);
    const ok = { clientId: t.users.klient.id, startsAt: inHours(24), minutes: 30, place: 'Rum 1' };
    const before = await count();
    const noticesBefore = await notices(t.users.klient.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, startsAt: inHours(-1) }, 'Mötet kan inte börja i det förflutna.'],
      [{ ...ok, minutes: 10 }, 'Längden måste vara mellan 15 och 240 minuter.'],
      [{ ...ok, minutes: 241 }, 'Längden måste vara mellan 15 och 240 minuter.'],
      [{ ...ok, clientId: t.users.staff.id }, 'Mötet kan bara bokas med en klient.'],
      [
        { ...ok, videoLink: 'javascript:alert(1)' },
        'Videolänken måste börja med http:// eller https://.',
      ],
      [
        { ...ok, videoLink: 'ftp://example.com/x' },
        'Videolänken måste börja med http:// eller https://.',
      ],
      [{ ...ok, place: '' }, 'Ange plats eller videolänk.'],
    ];
    for (const [body, message] of cases) {
      const res = await book(staff, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await count()).toBe(before);
    expect(await notices(t.users.klient.id)).toEqual(noticesBefore);
  });

  it('a line break or control character in link, place or note is refused; the stored link is normalised (issue 22)', async () => {
    const staff = await login(t, t.users.staff.email);
    const ok = { clientId: t.users.klient.id, startsAt: inHours(26), minutes: 30, place: 'Rum 1' };
    const inject = '\r\nATTACH:https://evil.example/x.exe\r\nBEGIN:VALARM';
    const before = await count();
    const noticesBefore = await notices(t.users.klient.id);
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...ok, videoLink: `https://video.example.com/m/1${inject}` },
        'Videolänken får inte innehålla radbrytningar eller styrtecken.',
      ],
      [
        { ...ok, videoLink: 'https://video.example.com/m/\t1' },
        'Videolänken får inte innehålla radbrytningar eller styrtecken.',
      ],
      [
        { ...ok, place: `Rum 1${inject}` },
        'Platsen får inte innehålla radbrytningar eller styrtecken.',
      ],
      [{ ...ok, place: 'Rum\n1' }, 'Platsen får inte innehålla radbrytningar eller styrtecken.'],
      [{ ...ok, note: `Hej${inject}` }, 'Anteckningen får inte innehålla styrtecken.'],
      [{ ...ok, note: 'Hej\u0000' }, 'Anteckningen får inte innehålla styrtecken.'],
    ];
    for (const [body, message] of cases) {
      const res = await book(staff, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toBe(before);
    expect(await notices(t.users.klient.id)).toEqual(noticesBefore);

    const res = await book(staff, { ...ok, videoLink: 'HTTPS://Video.Example.COM/m/1 2' });
    expect(res.statusCode).toBe(200);
    const booked = appointmentSchema.parse(res.json());
    expect(booked.videoLink).toBe('https://video.example.com/m/1%202');
    const stored = await t.db.db
      .selectFrom('appointments')
      .select('video_link')
      .where('id', '=', booked.id)
      .executeTakeFirstOrThrow();
    expect(stored.video_link).toBe('https://video.example.com/m/1%202');

    const moved = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
      cookie: staff,
      body: {
        startsAt: inHours(27),
        minutes: 30,
        videoLink: `https://video.example.com/${inject}`,
      },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(
      'Videolänken får inte innehålla radbrytningar eller styrtecken.',
    );
    const after = await t.db.db
      .selectFrom('appointments')
      .select(['video_link', 'starts_at'])
      .where('id', '=', booked.id)
      .executeTakeFirstOrThrow();
    expect(after.video_link).toBe('https://video.example.com/m/1%202');
    expect(new Date(after.starts_at).toISOString()).toBe(booked.startsAt);
  });

  it('moving to the past or with a bad length is refused and changes nothing; a cancelled meeting cannot move', async () => {
    const staff = await login(t, t.users.staff.email);
    const booked = appointmentSchema.parse(
      (
        await book(staff, {
          clientId: t.users.klient2.id,
          startsAt: inHours(30),
          minutes: 30,
          place: 'Rum 4',
        })
      ).json(),
    );
    const noticesBefore = await notices(t.users.klient2.id);
    for (const [body, message] of [
      [
        { startsAt: inHours(-2), minutes: 30, place: 'Rum 4' },
        'Mötet kan inte börja i det förflutna.',
      ],
      [
        { startsAt: inHours(40), minutes: 300, place: 'Rum 4' },
        'Längden måste vara mellan 15 och 240 minuter.',
      ],
    ] as const) {
      const res = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
        cookie: staff,
        body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const klient2 = await login(t, t.users.klient2.email);
    const [after] = appointmentListSchema
      .parse((await send(t, 'GET', '/api/v1/user/appointments', { cookie: klient2 })).json())
      .filter((a) => a.id === booked.id);
    expect(after).toEqual(booked);
    expect(await notices(t.users.klient2.id)).toEqual(noticesBefore);

    await send(t, 'POST', `/api/v1/admin/appointments/${booked.id}/cancel`, {
      cookie: staff,
      body: {},
    });
    const moved = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
      cookie: staff,
      body: { startsAt: inHours(50), minutes: 30, place: 'Rum 4' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Mötet är redan avbokat.');
  });

  it('staff filter the list by client: only hers, none for a client without meetings, a bad id is a 400 in Swedish; a USER cannot widen it', async () => {
    const staff = await login(t, t.users.staff.email);
    const ids = async (cookie: string, query: string) => {
      const res = await send(t, 'GET', `/api/v1/user/appointments${query}`, { cookie });
      expect(res.statusCode, query).toBe(200);
      return appointmentListSchema.parse(res.json());
    };
    const hers = [] as number[];
    for (const [clientId, hours] of [
      [t.users.klient.id, 10],
      [t.users.klient2.id, 11],
      [t.users.klient.id, 12],
    ] as const) {
      const res = await book(staff, {
        clientId,
        startsAt: inHours(hours),
        minutes: 30,
        place: 'Rum 7',
      });
      const booked = appointmentSchema.parse(res.json());
      if (clientId === t.users.klient.id) hers.push(booked.id);
    }
    const all = await ids(staff, '');
    expect(new Set(all.map((a) => a.clientId))).toEqual(
      new Set([t.users.klient.id, t.users.klient2.id]),
    );
    const filtered = await ids(staff, `?userId=${t.users.klient.id}`);
    // Earlier tests share the database: hers are every one of hers, in the list's order.
    expect(filtered.map((a) => a.id)).toEqual(
      all.filter((a) => a.clientId === t.users.klient.id).map((a) => a.id),
    );
    expect(filtered.map((a) => a.id)).toEqual(expect.arrayContaining(hers));
    expect(filtered.length).toBeLessThan(all.length);
    // Someone with no meetings (here a staff member's id): an empty list, not everyone's.
    expect(await ids(staff, `?userId=${t.users.admin.id}`)).toEqual([]);
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await send(t, 'GET', `/api/v1/user/appointments?userId=${bad}`, {
        cookie: staff,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^Fältet "userId" (har fel typ|är för kort)\.$/);
    }
    // A client's filter is replaced by her own id: the other client's meetings never show.
    const klient2 = await login(t, t.users.klient2.email);
    for (const query of ['', `?userId=${t.users.klient.id}`, '?userId=abc']) {
      const list = await ids(klient2, query);
      expect(list.length, query).toBeGreaterThan(0);
      expect(
        list.every((a) => a.clientId === t.users.klient2.id),
        query,
      ).toBe(true);
    }
  });

  it('overlapping meetings of one client or one staff member are refused with a 409 in Swedish; back-to-back and cancelled ones are fine (issue 22)', async () => {
    const staff = await login(t, t.users.staff.email);
    const admin = await login(t, t.users.admin.email);
    const at = (hours: number, minutes: number, clientId = t.users.klient.id) => ({
      clientId,
      startsAt: inHours(hours),
      minutes,
      place: 'Rum 9',
    });
    const first = await book(staff, at(300, 60));
    expect(first.statusCode).toBe(200);
    const before = await count();
    const noticesBefore = await notices(t.users.klient.id);

    // The same client half an hour into her meeting, booked by someone else: her time is taken.
    const sameClient = await book(admin, at(300.5, 60));
    expect(sameClient.statusCode).toBe(409);
    expect(sameClient.json().message).toBe('Klienten har redan ett möte den tiden.');
    // The same staff member with another client at the same time: his time is taken.
    const sameStaff = await book(staff, at(300, 30, t.users.klient2.id));
    expect(sameStaff.statusCode).toBe(409);
    expect(sameStaff.json().message).toBe('Du har redan ett möte den tiden.');
    expect(await count()).toBe(before);
    expect(await notices(t.users.klient.id)).toEqual(noticesBefore);

    // Back to back: the next meeting starts the minute the first ends.
    const next = await book(staff, at(301, 30));
    expect(next.statusCode).toBe(200);
    const earlier = await book(staff, at(299.5, 30));
    expect(earlier.statusCode).toBe(200);

    // A cancelled meeting blocks nothing.
    const cancelled = appointmentSchema.parse((await book(staff, at(310, 60))).json());
    await send(t, 'POST', `/api/v1/admin/appointments/${cancelled.id}/cancel`, {
      cookie: staff,
      body: {},
    });
    const instead = await book(admin, at(310, 60));
    expect(instead.statusCode).toBe(200);
  });

  it('moving a meeting into another of the client or the staff member is a 409 and changes nothing (issue 22)', async () => {
    const staff = await login(t, t.users.staff.email);
    const admin = await login(t, t.users.admin.email);
    const body = (hours: number, clientId: number) => ({
      clientId,
      startsAt: inHours(hours),
      minutes: 60,
      place: 'Rum 8',
    });
    // klient with the admin at 320, klient2 with the staff member at 322 and 324.
    await book(admin, body(320, t.users.klient.id));
    const mine = appointmentSchema.parse((await book(staff, body(322, t.users.klient.id))).json());
    await book(staff, body(324, t.users.klient2.id));
    const noticesBefore = await notices(t.users.klient.id);
    const move = (hours: number, cookie = staff) =>
      send(t, 'PUT', `/api/v1/admin/appointments/${mine.id}`, {
        cookie,
        body: { startsAt: inHours(hours), minutes: 60, place: 'Rum 8' },
      });
    const intoClient = await move(320.5);
    expect(intoClient.statusCode).toBe(409);
    expect(intoClient.json().message).toBe('Klienten har redan ett möte den tiden.');
    const intoStaff = await move(324.5);
    expect(intoStaff.statusCode).toBe(409);
    expect(intoStaff.json().message).toBe('Du har redan ett möte den tiden.');
    // An ADMIN moving the staff member's meeting is told it is his time that is taken.
    const byAdmin = await move(323.5, admin);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toBe(
      'Personalen som har mötet har redan ett annat möte den tiden.',
    );
    const stored = await t.db.db
      .selectFrom('appointments')
      .select(['starts_at', 'minutes'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.starts_at).toISOString()).toBe(mine.startsAt);
    expect(await notices(t.users.klient.id)).toEqual(noticesBefore);
    // Moving within its own time (it overlaps only itself) is fine.
    expect((await move(322.25)).statusCode).toBe(200);
  });

  it('only the staff member who booked a meeting or an ADMIN may move or cancel it (issue 22)', async () => {
    const { password_hash } = await t.db.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', t.users.staff.id)
      .executeTakeFirstOrThrow();
    const other = await insertUser(t.db, {
      email: 'staff2@example.com',
      role: 'STAFF',
      first: 'Stina',
      last: 'Personal',
      passwordHash: password_hash,
      at: t.clock.now(),
    });
    const staff = await login(t, t.users.staff.email);
    const staff2 = await login(t, other.email);
    const admin = await login(t, t.users.admin.email);
    const booked = appointmentSchema.parse(
      (
        await book(staff, {
          clientId: t.users.klient2.id,
          startsAt: inHours(340),
          minutes: 45,
          place: 'Rum 6',
        })
      ).json(),
    );
    const noticesBefore = await notices(t.users.klient2.id);
    // Outside the client's care team she may not even read it (design §4.14).
    const outside = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
      cookie: staff2,
      body: { startsAt: inHours(350), minutes: 45, place: 'Rum 6' },
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('Du har ingen vårdrelation med klienten.');
    // With the clinic setting off she reads every client, but moves only her own meetings.
    await t.db.db.updateTable('clinic_settings').set({ care_team_only: false }).execute();
    const moved = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
      cookie: staff2,
      body: { startsAt: inHours(350), minutes: 45, place: 'Rum 6' },
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe('Du kan bara ändra möten som du har bokat.');
    const cancelled = await send(t, 'POST', `/api/v1/admin/appointments/${booked.id}/cancel`, {
      cookie: staff2,
      body: {},
    });
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json().message).toBe('Du kan bara ändra möten som du har bokat.');
    await t.db.db.updateTable('clinic_settings').set({ care_team_only: true }).execute();
    const [after] = appointmentListSchema
      .parse(
        (
          await send(t, 'GET', `/api/v1/user/appointments?userId=${t.users.klient2.id}`, {
            cookie: admin,
          })
        ).json(),
      )
      .filter((a) => a.id === booked.id);
    expect(after).toEqual(booked);
    expect(await notices(t.users.klient2.id)).toEqual(noticesBefore);

    const byAdmin = await send(t, 'PUT', `/api/v1/admin/appointments/${booked.id}`, {
      cookie: admin,
      body: { startsAt: inHours(350), minutes: 45, place: 'Rum 6' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ staffId: t.users.staff.id, startsAt: inHours(350) });
    const adminCancel = await send(t, 'POST', `/api/v1/admin/appointments/${booked.id}/cancel`, {
      cookie: admin,
      body: {},
    });
    expect(adminCancel.statusCode).toBe(200);
    expect(adminCancel.json()).toMatchObject({ status: 'CANCELLED' });
  });

  it('the .ics file: RFC 5545 lines, Stockholm local time, escaped text, folded lines', async () => {
    const staff = await login(t, t.users.staff.email);
    const start = new Date(Date.UTC(t.clock.now().getUTCFullYear() + 1, 6, 1, 7, 30));
    const booked = appointmentSchema.parse(
      (
        await book(staff, {
          clientId: t.users.klient.id,
          startsAt: start.toISOString(),
          minutes: 90,
          place: 'Storgatan 1, plan 2; rum A',
          note: 'Rad ett\nRad två med \\ och ,',
        })
      ).json(),
    );
    const klient = await login(t, t.users.klient.email);
    const res = await send(t, 'GET', `/api/v1/user/appointments/${booked.id}/ics`, {
      cookie: klient,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="mote-${booked.id}.ics"`);
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const unfolded = body.replace(/\r\n /g, '');
    const year = start.getUTCFullYear();
    // 07:30 UTC in July is 09:30 in Stockholm (CEST); 90 minutes later is 11:00
    expect(unfolded).toContain(`DTSTART;TZID=Europe/Stockholm:${year}0701T093000`);
    expect(unfolded).toContain(`DTEND;TZID=Europe/Stockholm:${year}0701T110000`);
    expect(unfolded).toContain('LOCATION:Storgatan 1\\, plan 2\\; rum A');
    expect(unfolded).toContain('DESCRIPTION:Rad ett\\nRad två med \\\\ och \\,');
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Stockholm');
    expect(unfolded).toContain(`UID:appointment-${booked.id}@localhost:8080`);
    for (const line of body.split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });
});

it('ics text escaping and folding (RFC 5545 §3.3.11, §3.1)', () => {
  expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  const folded = foldLine(`DESCRIPTION:${'å'.repeat(60)}`);
  const lines = folded.split('\r\n');
  expect(lines.length).toBe(2);
  expect(lines[1]!.startsWith(' ')).toBe(true);
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'å'.repeat(60)}`);
});
