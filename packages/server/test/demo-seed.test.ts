// The demo seed (design §3, issue 13): on an empty database it gives the demo client two
// structured lab uploads a few weeks apart, stored through the upload's own service, so her
// /lab-results has values, one above its range, one without a range, and a trend per analysis.
// She also has a past and a coming meeting with her coach. A database that has users is left
// alone.
import { createHash } from 'node:crypto';
import { labResultsOverviewSchema } from '@halsa/api/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY, FakeClock } from '../src/clock.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { noteSigningKey } from '../src/modules/journal/signature.ts';
import { labSealKey } from '../src/modules/lab-results/seal.ts';
import { LabResultsService } from '../src/modules/lab-results/service.ts';
import { EidLogins } from '../src/modules/eid/service.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { createTestDb, describeDb, type TestDb } from './helpers.ts';

describeDb('demo seed', () => {
  let db: TestDb;
  const clock = new FakeClock('2026-11-24T09:00:00.000Z');
  const storage = new MemoryStorage();
  // The server's key: the demo's signed notes and sealed lab files are the server's.
  const noteKey = noteSigningKey('test-secret-0123456789abcdef0123456789');

  beforeAll(async () => {
    db = await createTestDb();
    expect(await seedDemoData(db.db, storage, clock, noteKey)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const klientId = async () =>
    (
      await db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'klient@example.com')
        .executeTakeFirstOrThrow()
    ).id;

  it('the demo client has one past meeting and one coming with her coach', async () => {
    const meetings = await db.db
      .selectFrom('appointments')
      .innerJoin('users as s', 's.id', 'appointments.staff_user_id')
      .select(['starts_at', 'place', 'video_link', 'status', 's.email'])
      .where('client_user_id', '=', await klientId())
      .orderBy('starts_at')
      .execute();
    expect(meetings.map((m) => [m.email, m.status, m.place ?? m.video_link])).toEqual([
      ['staff@example.com', 'BOOKED', 'Mottagningen, rum 2'],
      ['staff@example.com', 'BOOKED', 'https://mote.example.com/halsa/karin'],
    ]);
    const now = clock.now().getTime();
    expect(meetings[0]!.starts_at.getTime()).toBeLessThan(now);
    expect(meetings[1]!.starts_at.getTime()).toBeGreaterThan(now);
  });

  it('the demo client has two read lab CSVs a few weeks apart, with values, a flag and a value without range', async () => {
    const overview = labResultsOverviewSchema.parse(
      await new LabResultsService(db.db, clock, labSealKey(noteKey)).overview(await klientId()),
    );
    const csv = overview.files.filter((f) => f.format === 'CSV');
    expect(csv.map((f) => [f.fileName, f.valuesStatus, f.timestamp])).toEqual([
      ['Provsvar_2026-11-14.csv', 'READ', new Date(clock.now().getTime() - 10 * DAY).toISOString()],
      ['Provsvar_2026-10-17.csv', 'READ', new Date(clock.now().getTime() - 38 * DAY).toISOString()],
    ]);
    // The PDFs of every demo client are still there.
    expect(overview.files.filter((f) => f.format === 'PDF')).toHaveLength(2);

    expect(overview.values).toHaveLength(12);
    const of = (analysis: string) => overview.values.filter((v) => v.analysis === analysis);
    for (const analysis of ['Hemoglobin (Hb)', 'Glukos (fP)', 'LDL', 'HDL', 'TSH']) {
      expect(of(analysis).map((v) => v.sampledOn)).toEqual(['2026-10-17', '2026-11-14']);
    }
    const [ldlOld, ldlNew] = of('LDL');
    expect(ldlOld).toMatchObject({ value: 2.8, refLow: null, refHigh: 3, unit: 'mmol/L' });
    expect(ldlNew).toMatchObject({ value: 3.6, refHigh: 3, loinc: '13457-7' });
    // Only the newer LDL is outside its range.
    const outside = overview.values.filter(
      (v) =>
        (v.refLow !== null && v.value < v.refLow) || (v.refHigh !== null && v.value > v.refHigh),
    );
    expect(outside.map((v) => [v.analysis, v.sampledOn])).toEqual([['LDL', '2026-11-14']]);
    expect(of('Vitamin D (25-OH)').map((v) => [v.value, v.refLow, v.refHigh])).toEqual([
      [62, null, null],
      [71, null, null],
    ]);
  });

  it('the files are stored and their lab rows written, like an upload; the log says who uploaded', async () => {
    const id = await klientId();
    const files = await db.db
      .selectFrom('files')
      .innerJoin('lab_files', 'lab_files.file_id', 'files.id')
      .select(['files.storage_key', 'files.mime_type', 'lab_files.format'])
      .where('files.subject_user_id', '=', id)
      .execute();
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f).toMatchObject({ mime_type: 'text/csv', format: 'CSV' });
      expect((await storage.get(f.storage_key))?.toString('utf8')).toMatch(
        /^analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\n/,
      );
    }
    const log = await db.db
      .selectFrom('activity_log')
      .select(['action', 'subject_user_id'])
      .where('action', '=', 'LAB_RESULT_UPLOADED')
      .execute();
    expect(log).toEqual([
      { action: 'LAB_RESULT_UPLOADED', subject_user_id: id },
      { action: 'LAB_RESULT_UPLOADED', subject_user_id: id },
    ]);
  });

  it('Erik and Astrid have their own valid personal numbers, so the test broker lists them (§4.18)', async () => {
    // The Luhn check digit over YYMMDDNNN, as Skatteverket computes it.
    const luhnValid = (pnr: string) => {
      const d = pnr.replace('-', '').slice(2);
      const sum = [...d.slice(0, 9)].reduce((acc, c, i) => {
        const n = Number(c) * (i % 2 === 0 ? 2 : 1);
        return acc + (n > 9 ? n - 9 : n);
      }, 0);
      return (10 - (sum % 10)) % 10 === Number(d[9]);
    };
    const staff = await db.db
      .selectFrom('users')
      .select(['email', 'first_name', 'personal_number'])
      .where('role', 'in', ['STAFF', 'ADMIN'])
      .orderBy('email')
      .execute();
    expect(staff.map((s) => [s.email, s.first_name])).toEqual([
      ['admin@example.com', 'Astrid'],
      ['staff@example.com', 'Erik'],
    ]);
    const logins = new EidLogins(db.db, clock);
    const people = await logins.demoPeople();
    for (const s of staff) {
      const pnr = s.personal_number!;
      expect(pnr, s.email).toMatch(/^\d{8}-\d{4}$/);
      expect(luhnValid(pnr), pnr).toBe(true);
      // Exactly one account has it: no demo client shares it.
      expect(await logins.accountsWithPnr(pnr)).toHaveLength(1);
      expect(people.map((p) => p.pnr)).toContain(pnr);
    }
    expect(people.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Astrid Lindqvist', 'Erik Sandberg']),
    );
  });

  it('the demo questionnaire: 15 questions of every type, open for Karin, submitted by Lars (§4.19)', async () => {
    const form = await db.db
      .selectFrom('forms')
      .select(['id', 'drafted', 'purpose'])
      .where('title', '=', 'Hälsodeklaration inför hälsokontroll')
      .executeTakeFirstOrThrow();
    expect(form).toMatchObject({ drafted: false, purpose: 'QUESTIONNAIRE' });
    const types = await db.db
      .selectFrom('form_questions as q')
      .innerJoin('form_sections as s', 's.id', 'q.section_id')
      .select('q.type')
      .where('s.form_id', '=', form.id)
      .execute();
    expect(types.length).toBe(15);
    expect(new Set(types.map((q) => q.type)).size).toBe(8);
    const sent = await db.db
      .selectFrom('questionnaires as q')
      .innerJoin('users as u', 'u.id', 'q.client_user_id')
      .select(['u.email', 'q.status', 'q.content', 'q.content_hash', 'q.reminder_due_at'])
      .where('q.form_id', '=', form.id)
      .orderBy('u.email')
      .execute();
    expect(sent.map((q) => [q.email, q.status])).toEqual([
      ['klient@example.com', 'OPEN'],
      ['lars.nilsson@example.com', 'SUBMITTED'],
    ]);
    expect(sent[0]!.reminder_due_at!.getTime()).toBeGreaterThan(clock.now().getTime());
    const lars = sent[1]!;
    expect(lars.content).toContain('Hur skattar du din stressnivå?: 7 av 10');
    expect(lars.content_hash).toBe(createHash('sha256').update(lars.content!).digest('hex'));
  });

  it('runs only on an empty database', async () => {
    const before = await db.db.selectFrom('lab_values').select('id').execute();
    expect(await seedDemoData(db.db, storage, clock)).toBe(false);
    expect(await db.db.selectFrom('lab_values').select('id').execute()).toHaveLength(before.length);
  });
});
