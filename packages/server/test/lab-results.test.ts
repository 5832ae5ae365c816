// Structured lab results (design §4.12, issue 13): the lab upload takes the `;`-separated CSV and
// FHIR R4 Bundles besides PDF/PNG/JPEG and still refuses anything else; values are read into
// lab_values; a file that claims a format but cannot be read is kept with a Swedish note (never
// a 500); the client's own routes answer only her own files and values, whatever ids she sends.
import { labResultsOverviewSchema, type LabResultsOverview } from '@halsa/api/contract';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { LAB_NOTES } from '@halsa/api/fhir/lab-read';
import { LAB_WRONG_TYPE } from '../src/modules/lab-results/service.ts';
import { describeDb, login, send, useTestApp, type TestApp } from './helpers.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64, 0x41)]);

/** The CSV of design §4.12: decimal comma and point, one value without range, a BOM and CRLF. */
const CSV_NOVEMBER = Buffer.from(
  '\ufeffanalys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\r\n' +
    'Hemoglobin (Hb);718-7;142;g/L;117;153;2026-11-02\r\n' +
    'Kolesterol;2093-3;6,4;mmol/L;;5,0;2026-11-02\r\n' +
    'Vitamin D;1989-3;48.5;nmol/L;;;2026-11-02\r\n',
);
const fhirBundle = (value: number, date: string) => ({
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: {
          coding: [{ system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin' }],
          text: 'Hemoglobin (Hb)',
        },
        valueQuantity: { value, unit: 'g/L' },
        referenceRange: [{ low: { value: 117 }, high: { value: 153 } }],
        effectiveDateTime: `${date}T08:15:00+01:00`,
      },
    },
  ],
});

function multipart(filename: string, data: Buffer) {
  const boundary = '----halsa' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(t: TestApp, cookie: string, userId: number, filename: string, data: Buffer) {
  const { payload, contentType } = multipart(filename, data);
  t.clock.advance(1000);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/upload-lab/${userId}`,
    headers: { cookie, origin: 'http://localhost:8080', 'content-type': contentType },
    payload,
  });
}

describeDb('structured lab results', () => {
  const t = useTestApp();
  const cookies: Partial<Record<'admin' | 'staff' | 'klient' | 'klient2', string>> = {};
  const as = async (who: 'admin' | 'staff' | 'klient' | 'klient2') =>
    (cookies[who] ??= await login(t, t.users[who].email));
  const overview = async (who: 'klient' | 'klient2', query = ''): Promise<LabResultsOverview> => {
    const res = await send(t, 'GET', `/api/v1/user/lab-results${query}`, { cookie: await as(who) });
    expect(res.statusCode).toBe(200);
    return labResultsOverviewSchema.parse(res.json());
  };
  const counts = async () => ({
    files: (await t.db.db.selectFrom('files').select('id').execute()).length,
    values: (await t.db.db.selectFrom('lab_values').select('id').execute()).length,
    blobs: t.storage.blobs.size,
  });

  it('ADMIN uploads the design §4.12 CSV: stored as a .csv file, its values read, the client notified', async () => {
    const admin = await as('admin');
    const res = await upload(t, admin, t.users.klient.id, 'Provsvar november.csv', CSV_NOVEMBER);
    expect(res.statusCode).toBe(201);
    expect(res.json().fileName).toBe('Provsvar november.csv');
    const row = await t.db.db
      .selectFrom('files')
      .selectAll()
      .where('original_name', '=', 'Provsvar november.csv')
      .executeTakeFirstOrThrow();
    expect(row.mime_type).toBe('text/csv');
    const notes = await t.db.db
      .selectFrom('notifications')
      .select(['type'])
      .where('user_id', '=', t.users.klient.id)
      .execute();
    expect(notes.map((n) => n.type)).toContain('LAB_RESULT');

    const mine = await overview('klient');
    expect(mine.files).toEqual([
      {
        fileName: 'Provsvar november.csv',
        timestamp: t.clock.now().toISOString(),
        mimeType: 'text/csv',
        format: 'CSV',
        valuesStatus: 'READ',
        note: null,
        openedAt: null,
      },
    ]);
    expect(mine.values).toEqual([
      {
        fileName: 'Provsvar november.csv',
        analysis: 'Hemoglobin (Hb)',
        loinc: '718-7',
        value: 142,
        unit: 'g/L',
        refLow: 117,
        refHigh: 153,
        sampledOn: '2026-11-02',
      },
      {
        fileName: 'Provsvar november.csv',
        analysis: 'Kolesterol',
        loinc: '2093-3',
        value: 6.4,
        unit: 'mmol/L',
        refLow: null,
        refHigh: 5,
        sampledOn: '2026-11-02',
      },
      {
        fileName: 'Provsvar november.csv',
        analysis: 'Vitamin D',
        loinc: '1989-3',
        value: 48.5,
        unit: 'nmol/L',
        refLow: null,
        refHigh: null,
        sampledOn: '2026-11-02',
      },
    ]);
    // the download is the file as uploaded
    const file = await send(
      t,
      'GET',
      `/api/v1/user/download/lab-data/${encodeURIComponent('Provsvar november.csv')}?userId=${t.users.klient.id}`,
      { cookie: await as('klient') },
    );
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(CSV_NOVEMBER)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('a FHIR R4 Bundle is read too; values of every upload come oldest sample first for the trend', async () => {
    const admin = await as('admin');
    const older = await upload(
      t,
      admin,
      t.users.klient.id,
      'oktober.json',
      Buffer.from(JSON.stringify(fhirBundle(160, '2026-10-01'))),
    );
    expect(older.statusCode).toBe(201);
    expect(older.json().fileName).toBe('oktober.json');
    const mine = await overview('klient');
    expect(mine.files.map((f) => [f.fileName, f.format, f.valuesStatus, f.mimeType])).toEqual([
      ['oktober.json', 'FHIR', 'READ', 'application/fhir+json'],
      ['Provsvar november.csv', 'CSV', 'READ', 'text/csv'],
    ]);
    const hb = mine.values.filter((v) => v.loinc === '718-7');
    expect(hb.map((v) => [v.sampledOn, v.value, v.fileName])).toEqual([
      ['2026-10-01', 160, 'oktober.json'],
      ['2026-11-02', 142, 'Provsvar november.csv'],
    ]);
    expect(hb[0]).toMatchObject({
      analysis: 'Hemoglobin (Hb)',
      unit: 'g/L',
      refLow: 117,
      refHigh: 153,
    });
  });

  it('a structured file that cannot be read is kept as a file with a Swedish note; no values, never a 500', async () => {
    const admin = await as('admin');
    const cases: Array<[string, Buffer, string]> = [
      [
        'fel-värde.csv',
        Buffer.from(
          'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\nHemoglobin (Hb);718-7;142;g/L;117;153;2026-11-02\nCRP;1988-5;<5;mg/L;;5;2026-11-02\n',
        ),
        'Värdena i filen kunde inte läsas: rad 3: värdet "<5" är inget tal. Filen finns kvar att ladda ner.',
      ],
      ['fel-rubrik.csv', Buffer.from('namn;värde\n=cmd|calc;1\n'), LAB_NOTES.csvHeader],
      [
        'fel-fält.csv',
        Buffer.from('analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\nHb;718-7;142\n'),
        LAB_NOTES.csvSyntax,
      ],
      [
        'fel-datum.csv',
        Buffer.from(
          'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\nHb;718-7;142;g/L;117;153;2026-02-30\n',
        ),
        'Värdena i filen kunde inte läsas: rad 2: "2026-02-30" är inget datum (ÅÅÅÅ-MM-DD). Filen finns kvar att ladda ner.',
      ],
      ['latin1.csv', Buffer.from('analys;loinc;v\xe4rde\n', 'latin1'), LAB_NOTES.notUtf8],
      ['trasig.json', Buffer.from('{"resourceType": "Bundle", "entry": ['), LAB_NOTES.json],
      ['patient.json', Buffer.from('{"resourceType": "Patient"}'), LAB_NOTES.fhir],
      [
        'utan-loinc.json',
        Buffer.from(
          JSON.stringify({
            ...fhirBundle(140, '2026-11-02'),
            entry: [
              {
                resource: {
                  ...fhirBundle(140, '2026-11-02').entry[0]!.resource,
                  code: { coding: [{ system: 'http://snomed.info/sct', code: '1234' }] },
                },
              },
            ],
          }),
        ),
        'Värdena i filen kunde inte läsas: observation 1: observationen saknar LOINC-kod. Filen finns kvar att ladda ner.',
      ],
    ];
    const before = await counts();
    for (const [name, data] of cases) {
      const res = await upload(t, admin, t.users.klient2.id, name, data);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().fileName, name).toBe(name);
    }
    const after = await counts();
    expect(after.files).toBe(before.files + cases.length);
    expect(after.values).toBe(before.values);
    const hers = await overview('klient2');
    expect(hers.values).toEqual([]);
    for (const [name, , note] of cases) {
      const file = hers.files.find((f) => f.fileName === name);
      expect(file, name).toMatchObject({ valuesStatus: 'UNREADABLE', note });
    }
  });

  it('anything else is still refused whatever it is called; nothing stored, no notice', async () => {
    const admin = await as('admin');
    const before = await counts();
    const notes = (await t.db.db.selectFrom('notifications').select('id').execute()).length;
    for (const [name, data] of [
      ['provsvar.csv', EXE],
      ['provsvar.json', Buffer.from([0x7b, 0x00, 0x01, 0x02])],
      ['anteckning.txt', Buffer.from('Hemoglobin 142 g/L')],
      ['sida.html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['bild.gif', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ] as const) {
      const res = await upload(t, admin, t.users.klient.id, name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(LAB_WRONG_TYPE);
    }
    expect(await counts()).toEqual(before);
    expect((await t.db.db.selectFrom('notifications').select('id').execute()).length).toBe(notes);
    // a PDF is still a PDF: a document without values
    const pdf = await upload(t, admin, t.users.klient.id, 'remiss.pdf', PDF);
    expect(pdf.statusCode).toBe(201);
    const newest = (await overview('klient')).files[0];
    expect(newest).toMatchObject({ fileName: 'remiss.pdf', format: 'PDF', valuesStatus: 'NONE' });
  });

  it('the newest file is new until she opens it; opening is kept the first time', async () => {
    const klient = await as('klient');
    expect((await overview('klient')).files[0]!.openedAt).toBeNull();
    const opened = t.clock.now().toISOString();
    const res = await send(
      t,
      'POST',
      `/api/v1/user/lab-results/opened/${encodeURIComponent('remiss.pdf')}`,
      { cookie: klient },
    );
    expect(res.statusCode).toBe(204);
    t.clock.advance(60_000);
    await send(t, 'POST', `/api/v1/user/lab-results/opened/remiss.pdf`, { cookie: klient });
    const files = (await overview('klient')).files;
    expect(files[0]).toMatchObject({ fileName: 'remiss.pdf', openedAt: opened });
    expect(files.slice(1).every((f) => f.openedAt === null)).toBe(true);
  });

  it('a USER sees only her own results whatever ids she sends; staff cannot call her routes', async () => {
    const klient2 = await as('klient2');
    const mineBefore = await overview('klient');
    // klient2 asks for klient's id: she gets her own
    const hers = await overview('klient2', `?userId=${t.users.klient.id}`);
    expect(hers.files.map((f) => f.fileName)).not.toContain('Provsvar november.csv');
    expect(hers.values).toEqual([]);
    // opening klient's file by name: not hers → 404, nothing marked
    for (const url of [
      `/api/v1/user/lab-results/opened/${encodeURIComponent('Provsvar november.csv')}`,
      `/api/v1/user/lab-results/opened/${encodeURIComponent('Provsvar november.csv')}?userId=${t.users.klient.id}`,
    ]) {
      const res = await send(t, 'POST', url, { cookie: klient2 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Filen hittades inte.');
    }
    expect(await overview('klient')).toEqual(mineBefore);
    for (const who of ['staff', 'admin'] as const) {
      const cookie = await as(who);
      const list = await send(t, 'GET', `/api/v1/user/lab-results?userId=${t.users.klient.id}`, {
        cookie,
      });
      expect(list.statusCode, who).toBe(403);
      const open = await send(t, 'POST', `/api/v1/user/lab-results/opened/remiss.pdf`, { cookie });
      expect(open.statusCode, who).toBe(403);
    }
    const anonymous = await send(t, 'GET', '/api/v1/user/lab-results');
    expect(anonymous.statusCode).toBe(401);
  });
  const fixture = (name: string) =>
    readFileSync(new URL(`./fixtures/fhir/${name}.json`, import.meta.url));

  it('a laboratory report Bundle (§4.15): the answer and the history say what was read and skipped', async () => {
    const admin = await as('admin');
    const res = await upload(
      t,
      admin,
      t.users.klient2.id,
      'ghp.json',
      fixture('diagnosticreport-example-ghp'),
    );
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.readSummary.read).toBe(51 - 3);
    expect(answer.readSummary.skipped).toEqual([]);
    // a mixed file: the good values are kept, the others listed with a reason
    const mixed = Buffer.from(
      JSON.stringify({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [
          'observation-example-f001-glucose',
          'observation-example-f202-temperature',
          'observation-example-bloodpressure',
        ].map((n) => ({ resource: JSON.parse(fixture(n).toString('utf8')) })),
      }),
    );
    const second = await upload(t, admin, t.users.klient2.id, 'blandat.json', mixed);
    expect(second.statusCode).toBe(201);
    expect(second.json().readSummary).toEqual({
      read: 3,
      skipped: [
        { analysis: 'Temperature', reason: 'värdet är makulerat (status entered-in-error)' },
      ],
    });
    const history = await send(t, 'GET', `/api/v1/admin/lab-data/${t.users.klient2.id}`, {
      cookie: admin,
    });
    expect(history.statusCode).toBe(200);
    const byName = new Map(
      (history.json() as Array<{ fileName: string; readSummary?: unknown }>).map((f) => [
        f.fileName,
        f.readSummary,
      ]),
    );
    expect(byName.get('blandat.json')).toEqual(second.json().readSummary);
    expect(byName.get('ghp.json')).toEqual({ read: 48, skipped: [] });

    const hers = await overview('klient2');
    // the entered-in-error 39 °C never reaches her
    expect(hers.values.some((v) => v.value === 39)).toBe(false);
    const bp = hers.values.filter((v) => v.group?.loinc === '85354-9');
    expect(bp.map((v) => [v.loinc, v.value])).toEqual([
      ['8480-6', 107],
      ['8462-4', 60],
    ]);
    expect(hers.values.filter((v) => v.comparator === '<').map((v) => v.value)).toEqual([1, 1]);
    expect(hers.textValues?.length).toBeGreaterThan(0);
  });

  it('an amended value replaces the earlier one with the same identifier; a cancelled one hides it', async () => {
    const admin = await as('admin');
    const obs = (status: string, value: number, issued: string) => ({
      resourceType: 'Observation',
      status,
      identifier: [{ system: 'urn:lab', value: 'natrium-1' }],
      code: { coding: [{ system: 'http://loinc.org', code: '2951-2', display: 'Natrium' }] },
      valueQuantity: { value, unit: 'mmol/L' },
      effectiveDateTime: '2026-11-02T08:00:00+01:00',
      issued,
    });
    const send1 = (name: string, o: object) =>
      upload(t, admin, t.users.klient2.id, name, Buffer.from(JSON.stringify(o)));
    expect(
      (await send1('natrium-1.json', obs('preliminary', 150, '2026-11-02T10:00:00Z'))).statusCode,
    ).toBe(201);
    let na = (await overview('klient2')).values.filter((v) => v.fileName.startsWith('natrium'));
    expect(na).toMatchObject([{ value: 150, preliminary: true }]);
    expect(
      (await send1('natrium-2.json', obs('corrected', 140, '2026-11-03T10:00:00Z'))).statusCode,
    ).toBe(201);
    na = (await overview('klient2')).values.filter((v) => v.fileName.startsWith('natrium'));
    expect(na).toEqual([
      expect.objectContaining({
        value: 140,
        correctedAt: '2026-11-03T10:00:00.000Z',
        fileName: 'natrium-2.json',
      }),
    ]);
    expect(na[0]!.preliminary).toBeUndefined();
    const cancelled = await send1(
      'natrium-3.json',
      obs('entered-in-error', 140, '2026-11-04T10:00:00Z'),
    );
    expect(cancelled.statusCode).toBe(201);
    expect(cancelled.json().readSummary.read).toBe(0);
    na = (await overview('klient2')).values.filter((v) => v.fileName.startsWith('natrium'));
    expect(na).toEqual([]);
  });

  it('a range for some people only is used when it is hers: the upload reads her age and sex', async () => {
    // Kalle: a man born 1990; the eGFR example (2013) has a range for adults only.
    await t.db.db
      .insertInto('client_profiles')
      .values({
        user_id: t.users.klient2.id,
        social_security_number: '19900101-1234',
        birth_date: '1990-01-01',
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          social_security_number: '19900101-1234',
          birth_date: '1990-01-01',
        }),
      )
      .execute();
    const res = await upload(
      t,
      await as('admin'),
      t.users.klient2.id,
      'egfr.json',
      fixture('observation-example-f205-egfr'),
    );
    expect(res.statusCode).toBe(201);
    const egfr = (await overview('klient2')).values.filter((v) => v.loinc === '48642-3');
    expect(egfr.map((v) => [v.refLow, v.refHigh])).toEqual([[60, null]]);
  });

  it('hostile JSON is kept as a file with a note, never a 500', async () => {
    const admin = await as('admin');
    for (const [name, data] of [
      [
        'djup.json',
        Buffer.from(`{"resourceType":"Bundle","entry":${'['.repeat(50_000)}${']'.repeat(50_000)}}`),
      ],
      [
        'proto.json',
        Buffer.from(
          '{"resourceType":"Observation","__proto__":{"x":1},"code":{"text":"Hb"},"valueQuantity":{"value":1},"effectiveDateTime":"2026-11-02"}',
        ),
      ],
      [
        'lång.json',
        Buffer.from(
          JSON.stringify({
            resourceType: 'Observation',
            code: { text: 'y'.repeat(1_500_000) },
            valueString: 'x',
            effectiveDateTime: '2026',
          }),
        ),
      ],
    ] as const) {
      const res = await upload(t, admin, t.users.klient2.id, name, data);
      expect(res.statusCode, name).toBe(201);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
