// The FHIR reader's limits and two readings of real files (issue 34 items 2 and 6): chained
// panels read in linear time, one budget for everything walked, at most 50 skipped values kept
// (then 'och N till'), two components with the same code both shown (the specification's LRI
// example), and nested panels dated by their report (the specification's
// diagnosticreport-micro1). Fixtures: test/fixtures/fhir, sources in its README.
import { readFileSync } from 'node:fs';
import { LAB_NOTES, MAX_FHIR_WORK, MAX_SKIPS_KEPT } from '@halsa/api/fhir/lab-read';
import { readLabFhir } from '@halsa/api/fhir/lab-report';
import { describe, expect, it } from 'vitest';
import { chainedPanels, manySkipped } from '../../../test/fhir-files.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/fhir/${name}.json`, import.meta.url), 'utf8');

describe('a file cannot make the reader work without end', () => {
  it('reads 14 levels of panels each naming the next four times in linear time', () => {
    // 3.5 kB at 12 levels; the old reader copied 4^12 dates (12 s) and 4× more per level.
    const file = chainedPanels(14, 4);
    expect(file.length).toBeLessThan(4500);
    const started = performance.now();
    const out = readLabFhir(file.toString('utf8'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out.status).toBe('READ');
    expect(out.values).toEqual([
      expect.objectContaining({ analysis: 'Hemoglobin', value: 142, sampledOn: '2026-11-02' }),
    ]);
  });

  it('counts members against one budget before walking them: too many and the file is refused', () => {
    const members = Array.from({ length: MAX_FHIR_WORK + 1 }, (_, i) => ({
      reference: `Observation/saknas-${i}`,
    }));
    const started = performance.now();
    const out = readLabFhir(
      JSON.stringify({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Panel' },
        effectiveDateTime: '2026-11-02',
        hasMember: members,
      }),
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(out).toMatchObject({ status: 'UNREADABLE', note: LAB_NOTES.tooMuchWork, values: [] });
  });

  it(`keeps ${MAX_SKIPS_KEPT} skipped values with their reasons, then 'och N till'`, () => {
    const out = readLabFhir(manySkipped(5000).toString('utf8'));
    expect(out.status).toBe('READ');
    expect(out.summary?.read).toBe(1);
    expect(out.summary?.skippedCount).toBe(5000);
    expect(out.summary?.skipped).toHaveLength(MAX_SKIPS_KEPT + 1);
    expect(out.summary?.skipped[0]).toEqual({
      analysis: 'Analys 1',
      reason: 'observationen saknar värde',
    });
    expect(out.summary?.skipped.at(-1)).toEqual({ analysis: null, reason: 'och 4950 till' });
  });

  it('a file with 50 skipped values or fewer lists them all, without a count', () => {
    const out = readLabFhir(manySkipped(MAX_SKIPS_KEPT).toString('utf8'));
    expect(out.summary?.skipped).toHaveLength(MAX_SKIPS_KEPT);
    expect(out.summary).not.toHaveProperty('skippedCount');
  });
});

describe('real files of the FHIR specification', () => {
  it('shows both components of a Gram stain with the same code (LRI example: 20 read, 20 kept)', () => {
    const lri = readLabFhir(fixture('diagnosticreport-example-lri'));
    expect(lri.status).toBe('READ');
    expect(lri.values).toHaveLength(20);
    const stain = lri.values.filter((v) =>
      v.identifier?.startsWith('https://acme.org/identifiers|gramstain1#'),
    );
    expect(stain.map((v) => [v.text, v.identifier])).toEqual([
      ['Many', 'https://acme.org/identifiers|gramstain1#664-3'],
      ['WBCS', 'https://acme.org/identifiers|gramstain1#664-3~2'],
    ]);
    // No two values share an identifier, so none hides another on her page.
    const ids = lri.values.map((v) => v.identifier).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('dates results of a panel inside a panel by the report (diagnosticreport-micro1)', () => {
    const micro = readLabFhir(fixture('diagnosticreport-micro1'));
    expect(micro.status).toBe('READ');
    // issued 2009-08-10T08:25:44+10:00 is 10 August in Stockholm too
    expect(new Set(micro.values.map((v) => v.sampledOn))).toEqual(new Set(['2009-08-10']));
    const names = micro.values.map((v) => v.analysis);
    expect(names).toEqual(expect.arrayContaining(['Cefazolin', 'Vancomycin', 'D-Test']));
    // 18 values; the 4 others are skipped for what they lack, none for want of a date
    expect(micro.values).toHaveLength(18);
    expect(micro.summary?.skipped).toEqual([
      { analysis: null, reason: 'observationen saknar LOINC-kod' },
      { analysis: null, reason: 'observationen saknar LOINC-kod' },
      { analysis: 'Ampicillin', reason: 'observationen saknar värde' },
      { analysis: 'Oxacillin', reason: 'observationen saknar värde' },
    ]);
  });
});
