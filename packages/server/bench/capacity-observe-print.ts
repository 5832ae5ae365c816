// How bench:capacity prints an observed window (capacity-observe.ts), in the bench reports'
// Swedish (cluster-report.ts).
import type { ObservedReport } from './capacity-observe.ts';

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
const int = (v: number) => Math.round(v).toLocaleString('sv-SE');

/** Prints the window as the bench reports do (cluster-report.ts). */
export function printObserved(r: ObservedReport): void {
  console.log(
    `  observerat${r.label ? ` (${r.label})` : ''}: ${r.seconds.toFixed(1)} s, maskinens last ` +
      `${r.load.before.toFixed(1)} → ${r.load.after.toFixed(1)} på ${r.load.cores} kärnor`,
  );
  for (const p of r.processes) {
    console.log(
      `    ${p.name} (pid ${p.pid})${p.gone ? ' (avslutad under fönstret)' : ''}: CPU ` +
        `${p.cpuPercent.toFixed(0)} % av en kärna (högst ${p.cpuMaxPercent.toFixed(0)} % under 500 ms), ` +
        `RSS högst ${p.rssMaxMb.toFixed(0)} MB ` +
        // Summed over a tree, shared memory (PostgreSQL's buffers) counts once per process.
        (p.processes === 1
          ? '(1 process)'
          : `(summa över ${p.processes} processer, delat minne räknat i var och en)`),
    );
  }
  if (r.statements === null) console.log(`    PostgreSQL: ${r.statementsNote}`);
  else {
    console.log('    PostgreSQL, tyngsta frågorna i fönstret (pg_stat_statements, total tid):');
    if (r.statementsEvicted > 0) {
      console.log(
        `      (pg_stat_statements rensade bort sina minst använda frågor ${r.statementsEvicted} gånger ` +
          'i fönstret, pg_stat_statements.max: en fråga kan saknas eller vara för lågt räknad)',
      );
    }
    for (const s of r.statements) {
      console.log(
        `      ${ms(s.totalMs).padStart(11)}  ${int(s.calls).padStart(7)} anrop  medel ${ms(s.meanMs).padStart(9)}  ` +
          `${int(s.rows).padStart(8)} rader  ${s.query.slice(0, 140)}`,
      );
    }
  }
  const l = r.locks;
  console.log(
    `    låsväntan (var 200 ms, ${l.samples} prov, väntan i ${l.samplesWithWaits}): ` +
      (l.byLock.length === 0 ? 'ingen' : ''),
  );
  for (const f of l.byLock) {
    console.log(
      `      ${f.lock}: ${f.waits} väntande, högst ${f.maxAtOnce} samtidigt, ` +
        `längsta ${ms(f.maxWaitMs)}; t.ex. ${f.example.slice(0, 100)}`,
    );
  }
  console.log(
    r.redis
      ? `    Redis: ${int(r.redis.commands)} kommandon (${int(r.redis.perSecond)}/s), instantaneous_ops_per_sec ` +
          `medel ${int(r.redis.opsMean)}, högst ${int(r.redis.opsMax)} (delad Redis: andras kommandon räknas med)`
      : `    Redis: ${r.redisNote ?? 'ej mätt'}`,
  );
  console.log(
    `    aktivitetsloggen: ${int(r.log.rows)} rader skrivna (${r.log.perSecond.toFixed(1)}/s, ` +
      `högst ${int(r.log.busiestSecond)} under en sekund)`,
  );
  const d = r.database;
  console.log(
    `    databasen: ${int(d.commits)} commits (${d.commitsPerSecond.toFixed(1)}/s), ${int(d.rollbacks)} rollbacks, ` +
      `${d.deadlocks} deadlocks, ${int(d.blocksRead)} block lästa från disk (träffkvot ${(d.hitRatio * 100).toFixed(2)} %)`,
  );
  if (r.commit) {
    console.log(
      `    diskens commit (en rad INSERT + COMMIT var 200 ms): ${r.commit.n} st, p50 ${ms(r.commit.p50)}, ` +
        `p99 ${ms(r.commit.p99)}, max ${ms(r.commit.max)}`,
    );
  }
}
