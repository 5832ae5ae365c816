// A client's values as her coach reads them (design §4.7, issue 35 item 1):
// `GET /api/v1/admin/lab-results/:userId` answers her care team and ADMIN with the same files,
// values and text results her own /lab-results gets, writes a LAB_RESULTS_VIEWED row naming her,
// and refuses STAFF outside the team (403 with the care-team code), a client, and a non-client.
import {
  labResultsOverviewSchema,
  NO_CARE_RELATION,
  NO_CARE_RELATION_MESSAGE,
} from '@halsa/api/contract';
import { expect, it } from 'vitest';
import {
  describeDb,
  insertUser,
  login,
  passwordHash,
  send,
  useTestApp,
  type TestApp,
} from './helpers.ts';

const CSV = Buffer.from(
  'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\n' +
    'Hemoglobin (Hb);718-7;142;g/L;117;153;2026-10-02\n' +
    'Kolesterol;2093-3;6,4;mmol/L;;5,0;2026-10-02\n',
);
const CSV_LATER = Buffer.from(
  'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\n' +
    'Hemoglobin (Hb);718-7;150;g/L;117;153;2026-11-02\n',
);

async function upload(t: TestApp, cookie: string, userId: number, name: string, data: Buffer) {
  const boundary = '----staff-lab';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  t.clock.advance(1000);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/upload-lab/${userId}`,
    headers: {
      cookie,
      origin: 'http://localhost:8080',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const url = (id: number) => `/api/v1/admin/lab-results/${id}`;

describeDb("staff read a client's lab values", () => {
  const t = useTestApp();

  const logRows = (actor: number, subject: number) =>
    t.db.db
      .selectFrom('activity_log')
      .select(['action'])
      .where('actor_user_id', '=', actor)
      .where('subject_user_id', '=', subject)
      .where('action', '=', 'LAB_RESULTS_VIEWED')
      .execute();

  it('her care team and ADMIN get what she sees on /lab-results, and each read is logged for her', async () => {
    const admin = await login(t, t.users.admin.email);
    await upload(t, admin, t.users.klient.id, 'Oktober.csv', CSV);
    await upload(t, admin, t.users.klient.id, 'November.csv', CSV_LATER);
    const klient = await login(t, t.users.klient.email);
    const hers = await send(t, 'GET', '/api/v1/user/lab-results', { cookie: klient });
    expect(hers.statusCode).toBe(200);

    const staff = await login(t, t.users.staff.email);
    const before = (await logRows(t.users.staff.id, t.users.klient.id)).length;
    const res = await send(t, 'GET', url(t.users.klient.id), { cookie: staff });
    expect(res.statusCode, res.body).toBe(200);
    const overview = labResultsOverviewSchema.parse(res.json());
    expect(overview).toEqual(labResultsOverviewSchema.parse(hers.json()));
    // both samples of Hb, for the trend; the flag's inputs (range) are there
    expect(
      overview.values.filter((v) => v.loinc === '718-7').map((v) => [v.sampledOn, v.value]),
    ).toEqual([
      ['2026-10-02', 142],
      ['2026-11-02', 150],
    ]);
    expect((await logRows(t.users.staff.id, t.users.klient.id)).length).toBe(before + 1);

    const asAdmin = await send(t, 'GET', url(t.users.klient.id), { cookie: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect((await logRows(t.users.admin.id, t.users.klient.id)).length).toBe(1);
  });

  it('STAFF outside the care team gets the 403 with its code, and nothing is logged as read', async () => {
    const outsider = await insertUser(t.db, {
      email: 'utanfor@example.com',
      role: 'USER',
      first: 'Ulla',
      last: 'Utanför',
      passwordHash: await passwordHash(),
      at: t.clock.now(),
    });
    const staff = await login(t, t.users.staff.email);
    const res = await send(t, 'GET', url(outsider.id), { cookie: staff });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: NO_CARE_RELATION_MESSAGE, code: NO_CARE_RELATION });
    expect(await logRows(t.users.staff.id, outsider.id)).toEqual([]);
  });

  it('a client cannot call it, an id that is no client is 404, and signed out is 401', async () => {
    const klient = await login(t, t.users.klient.email);
    expect((await send(t, 'GET', url(t.users.klient.id), { cookie: klient })).statusCode).toBe(403);
    const admin = await login(t, t.users.admin.email);
    const staffId = await send(t, 'GET', url(t.users.staff.id), { cookie: admin });
    expect(staffId.statusCode).toBe(404);
    expect(staffId.json().message).toBe('Klienten hittades inte.');
    expect((await send(t, 'GET', url(2_147_483_648), { cookie: admin })).statusCode).toBe(404);
    expect((await send(t, 'GET', url(t.users.klient.id))).statusCode).toBe(401);
  });
});
