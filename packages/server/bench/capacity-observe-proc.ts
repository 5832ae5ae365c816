// /proc readings of bench:capacity's observer (capacity-observe.ts): CPU ticks and RSS of a
// process and its children (tsx's esbuild), sampled every 500 ms.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime (clock ticks) and state of a /proc/<pid>/stat line; null when unreadable. */
export function parseProcStat(line: string): { state: string; ppid: number; ticks: number } | null {
  // The command (field 2) is in parentheses and may hold spaces and parentheses itself.
  const end = line.lastIndexOf(')');
  if (end < 0) return null;
  const f = line
    .slice(end + 2)
    .trim()
    .split(/\s+/);
  const [state, ppid, utime, stime] = [f[0], Number(f[1]), Number(f[11]), Number(f[12])];
  if (!state || !Number.isFinite(ppid) || !Number.isFinite(utime) || !Number.isFinite(stime)) {
    return null;
  }
  return { state, ppid, ticks: utime + stime };
}

/** VmRSS of a /proc/<pid>/status text, in kB (0 when absent: a zombie). */
export function parseVmRssKb(status: string): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return m ? Number(m[1]) : 0;
}

export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** Every process's children now, from each /proc/<n>/stat's ppid (one scan per sample). */
function childrenNow(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    const parsed = stat ? parseProcStat(stat) : null;
    if (!parsed) continue;
    const list = children.get(parsed.ppid);
    if (list) list.push(Number(name));
    else children.set(parsed.ppid, [Number(name)]);
  }
  return children;
}

/** The pid and its descendants. */
function treeOf(root: number, children: Map<number, number[]>): number[] {
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

export interface ProcTrack {
  pid: number;
  name: string;
  /** Last ticks per process of the tree (a process that ends takes its ticks with it). */
  ticks: Map<number, number>;
  total: number;
  lastTotal: number;
  lastAt: number;
  cpuMax: number;
  rssMaxKb: number;
  processes: number;
  gone: boolean;
}

function sampleProcess(t: ProcTrack, children: Map<number, number[]>, first: boolean): void {
  const rootStat = readText(`/proc/${t.pid}/stat`);
  if (!rootStat || parseProcStat(rootStat)?.state === 'Z') {
    t.gone = true;
    return;
  }
  let rss = 0;
  const tree = treeOf(t.pid, children);
  for (const pid of tree) {
    const stat = readText(`/proc/${pid}/stat`);
    const parsed = stat ? parseProcStat(stat) : null;
    if (!parsed) continue;
    const before = t.ticks.get(pid);
    // A process born in the window counts from zero; one seen at start from its first sample.
    t.total += before === undefined ? (first ? 0 : parsed.ticks) : parsed.ticks - before;
    t.ticks.set(pid, parsed.ticks);
    rss += parseVmRssKb(readText(`/proc/${pid}/status`) ?? '');
  }
  const now = performance.now();
  if (!first && now - t.lastAt >= 100) {
    const pct = ((t.total - t.lastTotal) / CLOCK_TICKS / ((now - t.lastAt) / 1000)) * 100;
    t.cpuMax = Math.max(t.cpuMax, pct);
  }
  t.lastTotal = t.total;
  t.lastAt = now;
  t.rssMaxKb = Math.max(t.rssMaxKb, rss);
  t.processes = tree.length;
}

/**
 * The PostgreSQL server's own pid (the postmaster, whose children are every backend and worker)
 * from one backend's pid, e.g. `select pg_backend_pid()` on a loopback connection; null when
 * /proc does not have it (a server on another machine).
 */
export function postmasterOf(backendPid: number): number | null {
  const stat = readText(`/proc/${backendPid}/stat`);
  const ppid = stat ? parseProcStat(stat)?.ppid : undefined;
  return ppid && ppid > 1 ? ppid : null;
}

/** One sample of every tracked pid. */
export function sampleAll(tracks: ProcTrack[], first: boolean): void {
  const live = tracks.filter((t) => !t.gone);
  if (live.length === 0) return;
  const children = childrenNow();
  for (const t of live) sampleProcess(t, children, first);
}
