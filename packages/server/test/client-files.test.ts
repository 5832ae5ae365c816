// Lab results and action plans: ADMIN uploads (type by content, size limit, generated storage
// keys), the client is notified, staff reads are logged, a USER reaches only their own files.
import { fileEntryListSchema, fileEntrySchema } from '@halsa/api/contract';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanUploadName, uniqueName } from '../src/files/names.ts';
import { describeDb, login, send, useTestApp, type TestApp } from './helpers.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a Windows executable ("MZ" header). */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(256, 0x41)]);

function multipart(field: string, filename: string, data: Buffer, type = 'application/pdf') {
  const boundary = '----halsa' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

type Kind = 'lab' | 'action-plan';
const UPLOAD: Record<Kind, string> = {
  lab: '/api/v1/admin/upload-lab',
  'action-plan': '/api/v1/admin/upload-action-plan',
};
const HISTORY: Record<Kind, string> = {
  lab: '/api/v1/admin/lab-data',
  'action-plan': '/api/v1/admin/action-plan-data',
};
const LIST: Record<Kind, string> = {
  lab: '/api/v1/user/lab-data',
  'action-plan': '/api/v1/user/action-plan',
};
const DOWNLOAD: Record<Kind, string> = {
  lab: '/api/v1/user/download/lab-data',
  'action-plan': '/api/v1/user/download/action-plan',
};

function upload(
  t: TestApp,
  kind: Kind,
  cookie: string,
  userId: number,
  filename: string,
  data: Buffer,
  opts: { field?: string; type?: string } = {},
) {
  const { payload, contentType } = multipart(opts.field ?? 'file', filename, data, opts.type);
  // Every upload a second later than the one before, so "newest first" is well defined.
  t.clock.advance(1000);
  return t.app.inject({
    method: 'POST',
    url: `${UPLOAD[kind]}/${userId}`,
    headers: { cookie, origin: 'http://localhost:8080', 'content-type': contentType },
    payload,
  });
}

const download = (t: TestApp, kind: Kind, cookie: string, fileName: string, userId: number) =>
  send(t, 'GET', `${DOWNLOAD[kind]}/${encodeURIComponent(fileName)}?userId=${userId}`, {
    cookie,
  });

describeDb('lab results and action plans', () => {
  const t = useTestApp();
  const cookies: Partial<Record<'admin' | 'staff' | 'klient' | 'klient2', string>> = {};
  const as = async (who: 'admin' | 'staff' | 'klient' | 'klient2') =>
    (cookies[who] ??= await login(t, t.users[who].email));

  const fileRows = () => t.db.db.selectFrom('files').selectAll().orderBy('created_at').execute();
  const logRows = (action: string) =>
    t.db.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('ADMIN uploads a lab PDF → the USER sees it, can download it and got a LAB_RESULT notification', async () => {
    const admin = await as('admin');
    const klient = await as('klient');
    const res = await upload(t, 'lab', admin, t.users.klient.id, 'Blodprov 2026-03-02.pdf', PDF);
    expect(res.statusCode).toBe(201);
    const entry = fileEntrySchema.parse(res.json());
    expect(entry.fileName).toBe('Blodprov 2026-03-02.pdf');
    expect(entry.timestamp).toBe(t.clock.now().toISOString());
    t.clock.advance(1000);

    // stored under a generated key, the name kept as data only
    const [row] = await fileRows();
    expect(row).toMatchObject({
      kind: 'LAB_RESULT',
      subject_user_id: t.users.klient.id,
      uploaded_by: t.users.admin.id,
      original_name: 'Blodprov 2026-03-02.pdf',
      mime_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    expect(row!.storage_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.storage.blobs.get(row!.storage_key)?.equals(PDF)).toBe(true);

    const list = await send(t, 'GET', `${LIST.lab}?userId=${t.users.klient.id}`, {
      cookie: klient,
    });
    expect(list.statusCode).toBe(200);
    expect(fileEntryListSchema.parse(list.json())).toEqual([entry]);

    const file = await download(t, 'lab', klient, entry.fileName, t.users.klient.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Blodprov 2026-03-02.pdf"; filename*=UTF-8''Blodprov%202026-03-02.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');

    const notes = (await send(t, 'GET', '/api/v1/user/notifications', { cookie: klient })).json<
      { type: string; message: string; status: string }[]
    >();
    expect(notes[0]).toMatchObject({
      type: 'LAB_RESULT',
      message: 'Nya provsvar finns att läsa.',
      status: 'UNREAD',
    });

    // the upload is in the activity log: who, whose, from where
    const [log] = await logRows('LAB_RESULT_UPLOADED');
    expect(log).toMatchObject({
      actor_user_id: t.users.admin.id,
      subject_user_id: t.users.klient.id,
      ip_address: '127.0.0.1',
    });
    // a client reading their own files is not a staff read
    expect(await logRows('LAB_RESULTS_VIEWED')).toEqual([]);
    expect(await logRows('LAB_RESULT_DOWNLOADED')).toEqual([]);
  });

  it('ADMIN uploads an action plan (PNG) → ACTION_PLAN notification and the USER’s list', async () => {
    const admin = await as('admin');
    const klient = await as('klient');
    t.clock.advance(1000);
    const res = await upload(t, 'action-plan', admin, t.users.klient.id, 'plan.PNG', PNG, {
      type: 'image/png',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().fileName).toBe('plan.png');
    const list = await send(t, 'GET', LIST['action-plan'], { cookie: klient });
    expect(list.json()).toEqual([res.json()]);
    const notes = (await send(t, 'GET', '/api/v1/user/notifications', { cookie: klient })).json<
      { type: string; message: string }[]
    >();
    expect(notes[0]).toMatchObject({
      type: 'ACTION_PLAN',
      message: 'Din handlingsplan har uppdaterats.',
    });
    const file = await download(t, 'action-plan', klient, 'plan.png', t.users.klient.id);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    // the lab list does not show action plans
    const labs = await send(t, 'GET', LIST.lab, { cookie: klient });
    expect(labs.json<{ fileName: string }[]>().map((f) => f.fileName)).toEqual([
      'Blodprov 2026-03-02.pdf',
    ]);
  });

  it('STAFF and USER may not upload (403), and nothing is stored', async () => {
    const before = (await fileRows()).length;
    const blobs = t.storage.blobs.size;
    for (const who of ['staff', 'klient'] as const) {
      for (const kind of ['lab', 'action-plan'] as const) {
        const res = await upload(t, kind, await as(who), t.users.klient.id, 'x.pdf', PDF);
        expect(res.statusCode, `${who} ${kind}`).toBe(403);
        expect(res.json().message).toBe('Du har inte behörighet att göra detta.');
      }
    }
    expect((await fileRows()).length).toBe(before);
    expect(t.storage.blobs.size).toBe(blobs);
  });

  // Action plans; lab uploads also take the structured CSV/FHIR files (lab-results.test.ts).
  it('a file whose content is not PDF/PNG/JPEG is refused whatever it is called; nothing stored', async () => {
    const admin = await as('admin');
    const before = (await fileRows()).length;
    const blobs = t.storage.blobs.size;
    const notes = await t.db.db.selectFrom('notifications').selectAll().execute();
    for (const [name, data] of [
      ['provsvar.pdf', EXE],
      ['provsvar.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['bild.png', Buffer.from('GIF89a\x01\x00\x01\x00')],
      ['data.csv', Buffer.from('namn;värde\n=cmd|calc;1\n')],
      ['tom.pdf', Buffer.alloc(0)],
    ] as const) {
      const res = await upload(t, 'action-plan', admin, t.users.klient.id, name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toMatch(
        /^(Filtypen stöds inte\. Ladda upp en PDF-, PNG- eller JPEG-fil\.|Välj en fil att ladda upp\.)$/,
      );
    }
    const exe = await upload(t, 'action-plan', admin, t.users.klient.id, 'provsvar.pdf', EXE);
    expect(exe.json().message).toBe('Filtypen stöds inte. Ladda upp en PDF-, PNG- eller JPEG-fil.');
    expect((await fileRows()).length).toBe(before);
    expect(t.storage.blobs.size).toBe(blobs);
    expect(await t.db.db.selectFrom('notifications').selectAll().execute()).toEqual(notes);
  });

  it('a lab file over 25 MB and an action plan over 10 MB are refused with 413 and a Swedish message; nothing stored', async () => {
    const admin = await as('admin');
    const before = (await fileRows()).length;
    const blobs = t.storage.blobs.size;
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024, 0x20)]);
    const res = await upload(t, 'lab', admin, t.users.klient.id, 'stor.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Filen är för stor. Den får vara högst 25 MB.');
    const plan = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const planRes = await upload(t, 'action-plan', admin, t.users.klient.id, 'plan.pdf', plan);
    expect(planRes.statusCode).toBe(413);
    expect(planRes.json().message).toBe('Filen är för stor. Den får vara högst 10 MB.');
    expect((await fileRows()).length).toBe(before);
    expect(t.storage.blobs.size).toBe(blobs);
    // a lab file of exactly 25 MB is fine
    const atLimit = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 - PDF.length, 0x20)]);
    const ok = await upload(t, 'lab', admin, t.users.klient2.id, 'gräns.pdf', atLimit);
    expect(ok.statusCode).toBe(201);
  });

  it('bad uploads: no multipart, wrong field, unknown or non-client user', async () => {
    const admin = await as('admin');
    const json = await send(t, 'POST', `${UPLOAD.lab}/${t.users.klient.id}`, {
      cookie: admin,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Skicka filen som multipart/form-data.');
    const field = await upload(t, 'lab', admin, t.users.klient.id, 'x.pdf', PDF, {
      field: 'bild',
    });
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toBe('Välj en fil att ladda upp.');
    for (const id of [987654, t.users.staff.id, t.users.admin.id, 99999999999]) {
      const res = await upload(t, 'lab', admin, id, 'x.pdf', PDF);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe('Klienten hittades inte.');
    }
    const bad = await upload(t, 'lab', admin, 0, 'x.pdf', PDF);
    expect(bad.statusCode).toBe(400);
  });

  it('names are cleaned data, made unique per client; the storage key never comes from them', async () => {
    const admin = await as('admin');
    const klient = await as('klient');
    const up = async (name: string) => {
      const res = await upload(t, 'lab', admin, t.users.klient.id, name, PDF);
      expect(res.statusCode, name).toBe(201);
      return res.json<{ fileName: string }>().fileName;
    };
    expect(await up('..\\..\\windows\\Provsvar.pdf')).toBe('Provsvar.pdf');
    expect(await up('Provsvar.pdf')).toBe('Provsvar (2).pdf');
    expect(await up('Provsvar.pdf')).toBe('Provsvar (3).pdf');
    expect(await up('rapport\u202Efdp.exe')).toBe('rapportfdp.exe.pdf');
    expect(await up('.pdf')).toMatch(/^Provsvar_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(await up('Åsa <Öberg>: prov?.pdf')).toBe('Åsa _Öberg__ prov_.pdf');
    for (const row of await fileRows()) expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
    // each name downloads exactly its own file
    const two = await download(t, 'lab', klient, 'Provsvar (2).pdf', t.users.klient.id);
    expect(two.statusCode).toBe(200);
    expect(two.headers['content-disposition']).toContain(`filename*=UTF-8''Provsvar%20%282%29.pdf`);
    const swedish = await download(t, 'lab', klient, 'Åsa _Öberg__ prov_.pdf', t.users.klient.id);
    expect(swedish.statusCode).toBe(200);
    expect(swedish.headers['content-disposition']).toBe(
      `attachment; filename="_sa __berg__ prov_.pdf"; filename*=UTF-8''%C3%85sa%20_%C3%96berg__%20prov_.pdf`,
    );
  });

  it('a USER never reaches another user’s files, whatever userId they send', async () => {
    const admin = await as('admin');
    const klient = await as('klient');
    const secret = await upload(t, 'lab', admin, t.users.klient2.id, 'Hemligt.pdf', PDF);
    expect(secret.statusCode).toBe(201);
    const planOfOther = await upload(
      t,
      'action-plan',
      admin,
      t.users.klient2.id,
      'Annans plan.pdf',
      PDF,
    );
    expect(planOfOther.statusCode).toBe(201);

    for (const kind of ['lab', 'action-plan'] as const) {
      const other = await send(t, 'GET', `${LIST[kind]}?userId=${t.users.klient2.id}`, {
        cookie: klient,
      });
      expect(other.statusCode).toBe(200);
      const names = other.json<{ fileName: string }[]>().map((f) => f.fileName);
      expect(names).not.toContain('Hemligt.pdf');
      expect(names).not.toContain('Annans plan.pdf');
      const own = await send(t, 'GET', LIST[kind], { cookie: klient });
      expect(other.json()).toEqual(own.json());
    }
    for (const [kind, name] of [
      ['lab', 'Hemligt.pdf'],
      ['action-plan', 'Annans plan.pdf'],
    ] as const) {
      for (const userId of [t.users.klient2.id, t.users.klient.id]) {
        const res = await download(t, kind, klient, name, userId);
        expect(res.statusCode, `${kind} ${userId}`).toBe(404);
        expect(res.json().message).toBe('Filen hittades inte.');
      }
      const noQuery = await send(t, 'GET', `${DOWNLOAD[kind]}/${encodeURIComponent(name)}`, {
        cookie: klient,
      });
      expect(noQuery.statusCode).toBe(404);
    }
    // the client's own history is for staff only
    const history = await send(t, 'GET', `${HISTORY.lab}/${t.users.klient.id}`, {
      cookie: klient,
    });
    expect(history.statusCode).toBe(403);
    // the owner does get it
    const klient2 = await as('klient2');
    const mine = await download(t, 'lab', klient2, 'Hemligt.pdf', t.users.klient.id);
    expect(mine.statusCode).toBe(200);
  });

  it('file names in the URL are looked up, never used as paths', async () => {
    const klient = await as('klient');
    for (const name of [
      '../../etc/passwd',
      '..%2F..%2Fpackage.json',
      '/etc/passwd',
      '.',
      'x'.repeat(400),
    ]) {
      const res = await send(
        t,
        'GET',
        `${DOWNLOAD.lab}/${encodeURIComponent(name)}?userId=${t.users.klient.id}`,
        { cookie: klient },
      );
      expect(res.statusCode, name.slice(0, 40)).toBe(404);
    }
  });

  it('staff read any client’s history, list and files; every read is logged with the IP', async () => {
    const staff = await as('staff');
    const admin = await as('admin');
    const start = (await t.db.db.selectFrom('activity_log').select('id').execute()).length;

    const history = await send(t, 'GET', `${HISTORY.lab}/${t.users.klient2.id}`, {
      cookie: staff,
    });
    expect(history.statusCode).toBe(200);
    const entries = fileEntryListSchema.parse(history.json());
    expect(entries.map((e) => e.fileName)).toEqual(['Hemligt.pdf', 'gräns.pdf']);
    const plans = await send(t, 'GET', `${HISTORY['action-plan']}/${t.users.klient2.id}`, {
      cookie: admin,
    });
    expect(plans.json<{ fileName: string }[]>().map((e) => e.fileName)).toEqual([
      'Annans plan.pdf',
    ]);
    const list = await send(t, 'GET', `${LIST.lab}?userId=${t.users.klient2.id}`, {
      cookie: staff,
    });
    expect(list.json()).toEqual(history.json());
    const file = await download(t, 'lab', staff, 'Hemligt.pdf', t.users.klient2.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const logs = await t.db.db
      .selectFrom('activity_log')
      .selectAll()
      .orderBy('id')
      .offset(start)
      .execute();
    expect(logs.map((l) => [l.action, l.actor_user_id, l.subject_user_id, l.ip_address])).toEqual([
      ['LAB_RESULTS_VIEWED', t.users.staff.id, t.users.klient2.id, '127.0.0.1'],
      ['ACTION_PLANS_VIEWED', t.users.admin.id, t.users.klient2.id, '127.0.0.1'],
      ['LAB_RESULTS_VIEWED', t.users.staff.id, t.users.klient2.id, '127.0.0.1'],
      ['LAB_RESULT_DOWNLOADED', t.users.staff.id, t.users.klient2.id, '127.0.0.1'],
    ]);

    // staff must name the client; an unknown one is 404, a bad id 400
    const missing = await send(t, 'GET', LIST.lab, { cookie: staff });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Fältet "userId" /);
    const unknown = await send(t, 'GET', `${HISTORY.lab}/987654`, { cookie: staff });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Klienten hittades inte.');
    const bad = await send(t, 'GET', `${HISTORY.lab}/abc`, { cookie: staff });
    expect(bad.statusCode).toBe(400);
  });
});

describe('upload names', () => {
  it('keeps a matching extension, appends the sniffed one otherwise', () => {
    expect(cleanUploadName('a.JPEG', 'image/jpeg', 'x')).toBe('a.jpeg');
    expect(cleanUploadName('a.png', 'image/jpeg', 'x')).toBe('a.png.jpg');
    expect(cleanUploadName('Blodprov 2026.10.12', 'application/pdf', 'x')).toBe(
      'Blodprov 2026.10.12.pdf',
    );
    expect(cleanUploadName(undefined, 'application/pdf', 'Provsvar')).toBe('Provsvar.pdf');
    expect(cleanUploadName(' \u0000\u200b ', 'application/pdf', 'F')).toBe('F.pdf');
    expect(cleanUploadName('...hemlig.pdf', 'application/pdf', 'F')).toBe('hemlig.pdf');
    expect([...cleanUploadName('å'.repeat(300) + '.pdf', 'application/pdf', 'F')].length).toBe(104);
  });

  it('numbers duplicates and writes RFC 6266 dispositions', () => {
    expect(uniqueName('a.pdf', new Set())).toBe('a.pdf');
    expect(uniqueName('a.pdf', new Set(['a.pdf', 'a (2).pdf']))).toBe('a (3).pdf');
    expect(attachmentDisposition('rö"d\\.pdf')).toBe(
      `attachment; filename="r__d_.pdf"; filename*=UTF-8''r%C3%B6%22d%5C.pdf`,
    );
  });
});
