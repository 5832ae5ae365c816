// Per-layer timings for the test command's summary (issue 37 item 7): for every Vitest project,
// its files, the time its files took (each file's prepare + collect + setup + tests, summed) and
// its wall span (first file started to last file ended; projects overlap when workers allow),
// and its slowest files. scripts/test.mjs passes the output path as the reporter's `outputFile`
// option and prints the figures; `node scripts/timing-reporter.mjs FILE` prints a saved one.
import { readFileSync, writeFileSync } from 'node:fs';

export default class TimingReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? process.env.HALSA_TIMINGS;
    this.projects = new Map();
  }

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const name = testModule.project.name;
    const p = this.projects.get(name) ?? { files: [], start: Infinity, end: 0 };
    const start = testModule.task.result?.startTime ?? Date.now() - ms;
    p.files.push({ file: testModule.relativeModuleId, ms: Math.round(ms) });
    p.start = Math.min(p.start, start - d.prepareDuration);
    p.end = Math.max(p.end, Date.now());
    this.projects.set(name, p);
  }

  onTestRunEnd() {
    const out = {};
    for (const [name, p] of this.projects) {
      p.files.sort((a, b) => b.ms - a.ms);
      out[name] = {
        files: p.files.length,
        fileMs: p.files.reduce((sum, f) => sum + f.ms, 0),
        wallMs: Math.round(p.end - p.start),
        slowest: p.files.slice(0, 5),
      };
    }
    if (this.outputFile) writeFileSync(this.outputFile, JSON.stringify(out, null, 2));
    else console.log(formatTimings(out));
  }
}

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The summary lines: one per project, slowest first, with its three slowest files. */
export function formatTimings(timings) {
  const lines = [];
  const entries = Object.entries(timings).sort((a, b) => b[1].fileMs - a[1].fileMs);
  for (const [name, t] of entries) {
    lines.push(
      `  ${name.padEnd(16)} ${String(t.files).padStart(4)} files  ${secs(t.fileMs).padStart(9)} in files  ${secs(t.wallMs).padStart(9)} wall`,
    );
    for (const f of t.slowest.slice(0, 3)) lines.push(`      ${secs(f.ms).padStart(8)}  ${f.file}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatTimings(JSON.parse(readFileSync(process.argv[2], 'utf8'))));
}
