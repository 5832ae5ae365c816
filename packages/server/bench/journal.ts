// pnpm bench:journal — autosave on the server (issue 12): p50/p95 of
//   1. a bare Fastify PUT that parses and answers a body of the same size (what the machine
//      itself costs), for comparison;
//   2. the forms builder's autosave: PUT /api/v1/admin/forms/:id of a 30 sections × 10 questions
//      form, the whole form sent with one question's text changed each time (as the editor does);
//   3. the fill-in page's autosave: PUT …/users/:userId/journal/forms/:formId/note with 300
//      answers, one of them changed each time.
// Target: 2 and 3 ≤ 30 ms p95. Database: in-memory PGlite, or DATABASE_URL. BENCH_REQUESTS (200)
// sets the number of saves; they are sent one at a time, each with the version the last returned.
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import type { Form, JournalAnswer, JournalNote, UpdateFormRequest } from '@halsa/api/contract';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { MemoryStorage } from '../src/files/storage.ts';
import { DevOutbox } from '../src/mail/mailer.ts';
import { SESSION_COOKIE } from '../src/access/sessions.ts';
import { seedDemoData } from '../src/seed/seed.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SECTIONS = 30;
const QUESTIONS = 10;
const databaseUrl = process.env.DATABASE_URL;

const config = {
  ...loadConfig({ NODE_ENV: 'development', PORT: '8080', DEMO: 'true' }),
  databaseUrl,
};
const opened = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite' },
);
await migrate(opened.db);
const storage = new MemoryStorage();
await seedDemoData(opened.db, storage, systemClock);
const app = await buildApp({
  config,
  db: opened.db,
  dbKind: opened.kind,
  mailer: new DevOutbox(config.mailFrom, systemClock, () => {}),
  storage,
  clock: systemClock,
  rateLimit: { enabled: false },
  portalDist: '/nonexistent',
});
const userId = async (email: string) =>
  (
    await opened.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
const admin = await userId('admin@example.com');
const client = await userId('klient@example.com');
const { token } = await app.ctx.sessions.create(admin, { ip: '127.0.0.1', userAgent: 'bench' });
const headers = {
  cookie: `${SESSION_COOKIE}=${token}`,
  origin: config.publicUrl,
};
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const bare = Fastify({ bodyLimit: 10 * 1024 * 1024 });
bare.put('/bare', async (request) => request.body);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function timed<T>(method: string, path: string, body: unknown): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await call<T>(method, path, body);
  return [performance.now() - t0, out];
}

const TYPES = ['SHORT_TEXT', 'LONG_TEXT', 'YES_NO', 'SCALE', 'NUMBER', 'DATE'] as const;

// The large form: created, filled with 30 × 10 questions in one save.
const created = await call<Form>('POST', '/api/v1/admin/forms', {});
const bodyOf = (form: Form): UpdateFormRequest => ({
  title: form.title,
  version: form.version,
  sections: form.sections.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q })) })),
});
let form = await call<Form>('PUT', `/api/v1/admin/forms/${created.id}`, {
  title: 'Stort formulär',
  version: created.version,
  sections: Array.from({ length: SECTIONS }, (_, i) => ({
    ...(i === 0 ? { id: created.sections[0]!.id } : {}),
    title: `Sektion ${i + 1}`,
    instruction: 'Fyll i tillsammans med klienten.',
    sortOrder: i + 1,
    questions: Array.from({ length: QUESTIONS }, (_, j) => ({
      text: `Fråga ${i + 1}.${j + 1}`,
      type: TYPES[(i + j) % TYPES.length]!,
      required: false,
      options: TYPES[(i + j) % TYPES.length] === 'NUMBER' ? { unit: 'kg' } : {},
      sortOrder: j + 1,
    })),
  })),
} satisfies UpdateFormRequest);
const size = JSON.stringify(bodyOf(form)).length;
console.log(
  `Databas: ${opened.kind}. Formulär med ${form.sections.length} sektioner × ${QUESTIONS} frågor (${(size / 1024).toFixed(0)} kB per autosparning).`,
);

// A published copy for the note, and answers to all 300 questions.
const copy = await call<Form>('POST', `/api/v1/admin/forms/${form.id}/duplicate`);
const published = await call<Form>('PUT', `/api/v1/admin/forms/${copy.id}/publish`);
const answerTo = (q: Form['sections'][number]['questions'][number], n: number): JournalAnswer => ({
  questionId: q.id,
  value:
    q.type === 'YES_NO'
      ? n % 2 === 0
      : q.type === 'SCALE'
        ? (n % 10) + 1
        : q.type === 'NUMBER'
          ? 60 + (n % 30) / 2
          : q.type === 'DATE'
            ? '2026-11-24'
            : `Svar ${n}: klienten beskriver läget med egna ord.`,
});
const questions = published.sections.flatMap((s) => s.questions);
const answers = questions.map((q, i) => answerTo(q, i));
const notePath = `/api/v1/admin/users/${client}/journal/forms/${published.id}/note`;
let note = await call<JournalNote>('PUT', notePath, { answers });

// Warm up each path.
for (let i = 0; i < 10; i++) {
  await call('PUT', bareUrl, bodyOf(form));
  form = await call<Form>('PUT', `/api/v1/admin/forms/${form.id}`, bodyOf(form));
  note = await call<JournalNote>('PUT', notePath, { answers, version: note.version });
}

const bareTimes: number[] = [];
const formTimes: number[] = [];
const noteTimes: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const body = bodyOf(form);
  const section = body.sections[i % SECTIONS]!;
  const question = section.questions[(i * 7) % QUESTIONS]!;
  question.text = `Fråga ändrad ${i}`;
  const [bareMs] = await timed('PUT', bareUrl, body);
  bareTimes.push(bareMs);
  const [formMs, saved] = await timed<Form>('PUT', `/api/v1/admin/forms/${form.id}`, body);
  formTimes.push(formMs);
  form = saved;
  const k = (i * 31) % questions.length;
  answers[k] = answerTo(questions[k]!, i + 1);
  const [noteMs, savedNote] = await timed<JournalNote>('PUT', notePath, {
    answers,
    version: note.version,
  });
  noteTimes.push(noteMs);
  note = savedNote;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const line = (name: string, xs: number[], target?: number) =>
  console.log(
    `${name.padEnd(44)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95)
      .toFixed(1)
      .padStart(6)} ms${
      target ? `   (mål ≤ ${target} ms: ${pct(xs, 95) <= target ? 'OK' : 'ÖVER'})` : ''
    }`,
  );
console.log(
  `\n${REQUESTS} autosparningar, en i taget (maskinens last ${loadavg()[0]!.toFixed(1)} på ${availableParallelism()} kärnor):`,
);
line('bar Fastify-PUT, samma kropp', bareTimes);
line('formulär, PUT 30 × 10 (en fråga ändrad)', formTimes, 30);
line('anteckning, PUT 300 svar (ett ändrat)', noteTimes, 30);

await app.close();
await bare.close();
await opened.close();
