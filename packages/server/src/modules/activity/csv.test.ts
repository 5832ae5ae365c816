import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { activityCsv, csvRow, neutralise } from './csv.ts';
import type { ExportRow } from './reader.ts';

describe('activity CSV cells', () => {
  it('a cell that a spreadsheet would run is neutralised; others are left alone', () => {
    for (const evil of ['=1+1', '+46', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralise(evil)).toBe(`'${evil}`);
    }
    expect(neutralise('Anna Lindqvist')).toBe('Anna Lindqvist');
    expect(csvRow(['2026-01-01 01:00:00', 'CLIENT_VIEWED', '=cmd', null, null])).toEqual([
      '2026-01-01 01:00:00',
      'Visade klientöversikt',
      "'=cmd",
      '',
      '',
    ]);
  });

  it('reads the next batch only once the last was taken, and stops reading when destroyed', async () => {
    let pulled = 0;
    let stopped = false;
    const row: ExportRow = ['2026-01-01 01:00:00', 'CLIENT_VIEWED', 'A', null, null];
    async function* batches() {
      try {
        for (let i = 0; i < 1000; i++) {
          pulled++;
          yield [row];
        }
      } finally {
        stopped = true;
      }
    }
    const csv = activityCsv(batches());
    // A socket that takes one chunk and acknowledges it only when told, as a slow download does.
    const taken: string[] = [];
    let acknowledge: (() => void) | undefined;
    const socket = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        taken.push(chunk.toString('utf8'));
        acknowledge = done;
      },
    });
    csv.pipe(socket);
    await sleep(20);
    expect(taken).toEqual(['\ufeffTidpunkt;Händelse;Utförd av;Berörd klient;IP-adress\r\n']);
    // While the socket holds the header, at most one batch waits behind it, never the log.
    expect(pulled).toBeLessThanOrEqual(2);
    acknowledge!();
    await sleep(20);
    expect(taken[1]).toBe('2026-01-01 01:00:00;Visade klientöversikt;A;;\r\n');
    expect(pulled).toBeLessThanOrEqual(3);
    csv.destroy();
    await sleep(20);
    expect(stopped).toBe(true);
    expect(pulled).toBeLessThan(1000);
  });
});
