// bench:capacity's load generator (issue 38 item 1), a process of its own so its work does not
// share an event loop with the bench's bookkeeping: virtual users, each signed in once (a session
// capacity.ts wrote as login writes it), who do their role's round of pages (capacity-pages.ts:
// every call each page makes, wave by wave as the screens ask) with a think time after each page,
// through nginx over keep-alive HTTP/1.1 (node:http). Against the product, or the floor
// (`/floor` + the same path, the caller's id in `x-floor-user`).
//
// Driven over IPC by capacity.ts (capacity-steps.ts):
//   { type: 'set', users, target }  run the first `users` virtual users against `target`
//   { type: 'collect' }             → { type: 'stats', … } of what completed since the last collect
//   { type: 'stop' }                → waits for calls in flight, last stats, exits
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  CALLS,
  PAGES,
  ROUNDS,
  callLabel,
  wavesOf,
  type CallName,
  type Page,
  type Person,
  type Visit,
} from './capacity-pages.ts';

export type Target = 'product' | 'floor';

export interface StartMessage {
  type: 'start';
  base: string;
  people: (Omit<Person, 'conversationOf'> & { conversationOf?: [number, number][] })[];
  thinkMs: number;
}

export type ToLoad =
  | StartMessage
  | { type: 'set'; users: number; target: Target }
  | { type: 'collect' }
  | { type: 'stop' };

export interface LoadStats {
  type: 'stats';
  /** Latencies (ms) of every call that completed, by call label. */
  calls: Record<string, number[]>;
  /** Latencies (ms) of every page load (all its waves), by page name. */
  pages: Record<string, number[]>;
  /** Failed calls by `label status` (status 0: no answer). */
  errors: Record<string, number>;
  /** Activity rows the product should have written for the calls answered 2xx. */
  expectedLogRows: number;
  /** Floor calls answered 2xx (the floor writes one row each). */
  floorOkCalls: number;
  /** This process's event-loop delay (ms): a late generator delays every figure. */
  loop: { p99: number; max: number };
}

const thinkJitter = () => 0.5 + Math.random();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let base = '';
let origin = '';
let thinkMs = 2000;
let people: Person[] = [];
let target: Target = 'product';
/** Virtual users 0 … active-1 run; a change of target starts a new generation. */
let active = 0;
let generation = 0;
const running = new Set<number>();
const inFlight = new Set<Promise<unknown>>();

let stats = fresh();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

function fresh(): LoadStats {
  return {
    type: 'stats',
    calls: {},
    pages: {},
    errors: {},
    expectedLogRows: 0,
    floorOkCalls: 0,
    loop: { p99: 0, max: 0 },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 512 });

/** Calls whose answer the bench reads (log rows, the next call's ids). */
const READS: ReadonlySet<CallName> = new Set(['clientConversation', 'clients', 'conversation']);

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

/** One call; its answer (parsed when the bench reads it), or undefined when it failed. */
async function call(name: CallName, v: Visit, to: Target): Promise<unknown> {
  const def = CALLS[name];
  const label = callLabel(name, v.person.role);
  const headers: Record<string, string> = { cookie: `halsa_session=${v.person.token}` };
  if (to === 'floor') headers['x-floor-user'] = String(v.person.userId);
  let body: string | undefined;
  if (def.method !== 'GET') headers.origin = origin;
  if ('body' in def) {
    body = JSON.stringify(def.body(v));
    headers['content-type'] = 'application/json';
  }
  const path = `${to === 'floor' ? '/floor' : ''}${def.url(v)}`;
  const started = performance.now();
  const work = send(def.method, path, headers, body);
  inFlight.add(work);
  const res = await work.finally(() => inFlight.delete(work));
  const ms = performance.now() - started;
  if (res.status < 200 || res.status >= 300) {
    const key = `${label} ${res.status}`;
    stats.errors[key] = (stats.errors[key] ?? 0) + 1;
    return undefined;
  }
  (stats.calls[label] ??= []).push(ms);
  const answer = READS.has(name) ? (JSON.parse(res.text) as unknown) : undefined;
  if (to === 'product') stats.expectedLogRows += def.logRows(v, answer);
  else stats.floorOkCalls++;
  return answer ?? null;
}

/** A page: its waves in order, each wave's calls together, then its fan-out. */
async function loadPage(page: Page, v: Visit, to: Target): Promise<void> {
  const started = performance.now();
  let first: unknown;
  let failed = false;
  for (const wave of wavesOf(page)) {
    const answers = await Promise.all(wave.map((name) => call(name, v, to)));
    if (answers.includes(undefined)) failed = true;
    if (first === undefined) first = answers[0];
  }
  if (page.fanOut && first) {
    const ids = page.fanOut.ids(v, first);
    const answers = await Promise.all(
      ids.map((messageId) => call(page.fanOut!.call, { ...v, messageId }, to)),
    );
    if (answers.includes(undefined)) failed = true;
  }
  if (!failed && !page.action) (stats.pages[page.name] ??= []).push(performance.now() - started);
}

async function virtualUser(slot: number, gen: number): Promise<void> {
  running.add(slot);
  const person = people[slot % people.length]!;
  const round = ROUNDS[person.role];
  // Users start spread over one think time and at different places of their round.
  await sleep(Math.random() * thinkMs);
  let i = Math.floor(Math.random() * round.length);
  let client: number | undefined;
  try {
    while (slot < active && gen === generation) {
      const name = round[i % round.length]!;
      if (person.role === 'STAFF' && (name === 'clients' || client === undefined)) {
        const team = person.clients ?? [];
        client = team[Math.floor(Math.random() * team.length)];
      }
      await loadPage(PAGES[name], { person, client }, target);
      i++;
      await sleep(thinkMs * thinkJitter());
    }
  } finally {
    running.delete(slot);
  }
}

function set(users: number, to: Target): void {
  if (to !== target) {
    generation++;
    target = to;
    active = users;
    for (let slot = 0; slot < users; slot++) void waitThenRun(slot, generation);
    return;
  }
  const before = active;
  active = users;
  for (let slot = before; slot < users; slot++) void waitThenRun(slot, generation);
}

/** A slot still finishing a page of the previous generation starts again once it is done. */
async function waitThenRun(slot: number, gen: number): Promise<void> {
  while (running.has(slot)) await sleep(50);
  if (gen === generation && slot < active) await virtualUser(slot, gen);
}

function collect(): LoadStats {
  const out = stats;
  out.loop = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  loop.reset();
  stats = fresh();
  return out;
}

process.on('message', (m: ToLoad) => {
  if (m.type === 'start') {
    base = m.base;
    origin = m.base;
    thinkMs = m.thinkMs;
    people = m.people.map((p) => ({
      ...p,
      ...(p.conversationOf ? { conversationOf: new Map(p.conversationOf) } : {}),
    })) as Person[];
    process.send!({ type: 'started' });
  } else if (m.type === 'set') set(m.users, m.target);
  else if (m.type === 'collect') process.send!(collect());
  else if (m.type === 'stop') {
    active = 0;
    generation++;
    void (async () => {
      while (running.size > 0 || inFlight.size > 0) await sleep(50);
      process.send!(collect(), () => process.exit(0));
    })();
  }
});
