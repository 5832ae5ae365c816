// The FHIR R4 reader (design §4.15, issue 23) on the specification's own example resources,
// unchanged (test/fixtures/fhir, sources in its README), and on hostile files.
import { readFileSync } from 'node:fs';
import { labFlag } from '@halsa/api/contract';
import { LAB_NOTES, sexOfPersonalNumber } from '@halsa/api/fhir/lab-read';
import { swedishDay } from '@halsa/api/fhir/lab-observation';
import { readLabFhir } from '@halsa/api/fhir/lab-report';
import { describe, expect, it } from 'vitest';
import { readLabFile } from './parse.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/fhir/${name}.json`, import.meta.url), 'utf8');
const read = (name: string) => readLabFhir(fixture(name));
const resource = (name: string) => JSON.parse(fixture(name)) as Record<string, unknown>;
const collection = (...resources: object[]) =>
  JSON.stringify({
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((r) => ({ resource: r })),
  });

describe('a lab report Bundle with its DiagnosticReport', () => {
  it('reads every one of the 44 numeric results of the General Health Profile', () => {
    const ghp = read('diagnosticreport-example-ghp');
    expect(ghp).toMatchObject({ format: 'FHIR', status: 'READ', note: null });
    const numeric = ghp.values.filter((v) => v.value !== null);
    expect(numeric).toHaveLength(44);
    // coded urine results are text, without a trend
    const text = ghp.values.filter((v) => v.value === null);
    expect(text.length).toBeGreaterThan(0);
    expect(text.every((v) => typeof v.text === 'string' && v.unit === '')).toBe(true);
    expect(ghp.summary).toEqual({ read: ghp.values.length, skipped: [] });
    // dated by the panels/report (2015-08-16T06:40:17Z = 08:40 in Stockholm), grouped by panel
    expect(new Set(ghp.values.map((v) => v.sampledOn))).toEqual(new Set(['2015-08-16']));
    const hb = ghp.values.find((v) => v.loinc === '718-7')!;
    expect(hb).toMatchObject({
      analysis: 'Haemoglobin',
      value: 176,
      unit: 'g/L',
      refLow: 135,
      refHigh: 180,
      group: {
        name: 'Complete blood count (hemogram) panel - Blood by Automated count',
        loinc: '58410-2',
      },
    });
  });

  it('keeps the comparator: <1 is not stored as 1 and is flagged only when certainly outside', () => {
    const ghp = read('diagnosticreport-example-ghp');
    const compared = ghp.values.filter((v) => v.comparator);
    expect(compared.map((v) => [v.comparator, v.value])).toEqual([
      ['<', 1],
      ['<', 1],
    ]);
    expect(labFlag({ value: 1, comparator: '<', refLow: 0, refHigh: 5 })).toBe('IN_RANGE');
    expect(labFlag({ value: 1, comparator: '<', refLow: 3, refHigh: 5 })).toBe('LOW');
    expect(labFlag({ value: 100, comparator: '>', refLow: null, refHigh: 50 })).toBe('HIGH');
    expect(labFlag({ value: 4, comparator: '>', refLow: 3, refHigh: 5 })).toBe('IN_RANGE');
  });

  it('dates results by the report in Stockholm time, and reads Bundles of Bundles', () => {
    const lipids = read('diagnosticreport-example-lipids');
    // effectiveDateTime 2011-03-04T08:30:00+11:00 is still 3 March in Stockholm
    expect(lipids.values.map((v) => [v.loinc, v.value, v.sampledOn])).toEqual([
      ['35200-5', 6.3, '2011-03-03'],
      ['35217-9', 1.3, '2011-03-03'],
      ['2085-9', 1.3, '2011-03-03'],
      ['13457-7', 4.6, '2011-03-03'],
    ]);
    const general = read('diagnosticreport-examples-general');
    expect(general.status).toBe('READ');
    expect(general.values.length).toBeGreaterThan(100);
  });
});

describe('single Observations', () => {
  it('reads the blood exam dated by effectivePeriod.start, with its interpretation', () => {
    const names = [
      'f001-glucose',
      'f002-excess',
      'f003-co2',
      'f004-erythrocyte',
      'f005-hemoglobin',
    ];
    const exam = readLabFhir(collection(...names.map((n) => resource(`observation-example-${n}`))));
    expect(exam.status).toBe('READ');
    expect(exam.values).toHaveLength(5);
    expect(exam.values[0]).toMatchObject({
      loinc: '15074-8',
      value: 6.3,
      unit: 'mmol/l',
      refLow: 3.1,
      refHigh: 6.2,
      sampledOn: '2013-04-02',
      interpretation: 'HIGH',
      identifier: 'http://www.bmc.nl/zorgportal/identifiers/observations|6323',
    });
    expect(read('observation-example-f001-glucose').values).toHaveLength(1);
  });

  it('gives blood pressure as two components of one group', () => {
    const bp = read('observation-example-bloodpressure');
    expect(bp.values.map((v) => [v.loinc, v.value, v.unit, v.interpretation])).toEqual([
      ['8480-6', 107, 'mmHg', 'NORMAL'],
      ['8462-4', 60, 'mmHg', 'LOW'],
    ]);
    expect(bp.values.map((v) => v.group)).toEqual([
      { key: 'obs:1', name: 'Blood pressure systolic & diastolic', loinc: '85354-9' },
      { key: 'obs:1', name: 'Blood pressure systolic & diastolic', loinc: '85354-9' },
    ]);
    expect(bp.values.every((v) => v.sampledOn === '2012-09-17')).toBe(true);
  });

  it('never shows an entered-in-error or cancelled value; says why', () => {
    const bad = read('observation-example-f202-temperature');
    expect(bad.values).toEqual([]);
    expect(bad.status).toBe('UNREADABLE');
    expect(bad.summary?.skipped).toEqual([
      { analysis: 'Temperature', reason: 'värdet är makulerat (status entered-in-error)' },
    ]);
    const cancelled = read('observation-example-bloodpressure-cancel');
    expect(cancelled.values).toEqual([]);
    expect(cancelled.summary?.skipped[0]?.reason).toBe(
      'undersökningen är inställd (status cancelled)',
    );
    // an identified value taken back is remembered, so an earlier upload of it is hidden
    expect(cancelled.retracted).toEqual([
      'urn:ietf:rfc:3986|urn:uuid:187e0c12-8dd2-67e2-99b2-bf273c878281',
    ]);
  });

  it('uses the range typed normal or untyped only; ranges for others give no flag', () => {
    const glasgow = read('observation-example-glasgow');
    const total = glasgow.values.find((v) => v.value !== null)!;
    // the first range is the 'Severe TBI' band (≤ 8): a score of 13 is not 'high'
    expect(total).toMatchObject({ value: 13, refLow: null, refHigh: null });
    expect(labFlag(total as never)).toBe('NO_RANGE');
    const creatinine = read('observation-example-f204-creatinine').values[0]!;
    expect(creatinine).toMatchObject({
      value: 122,
      refLow: 64,
      refHigh: 104,
      sampledOn: '2013-04-04',
    });
    expect(labFlag(creatinine as never)).toBe('HIGH');
    // eGFR's ranges apply only to some people (appliesTo, age): without knowing her, none
    const egfr = read('observation-example-f205-egfr').values;
    expect(egfr.map((v) => [v.comparator, v.value, v.refLow, v.refHigh])).toEqual([
      ['>', 60, null, null],
      [undefined, 60, null, null],
    ]);
  });

  it('uses a range for some people only when it is hers: age on the sampling day, and sex', () => {
    const egfr = (birthDate: string) =>
      readLabFhir(fixture('observation-example-f205-egfr'), { sex: 'female', birthDate }).values;
    // Sampled 2013-04-04. An adult then: the 'age ≥ 18 a' range is hers; the one that also
    // applies to 'non-black/african-american' (not a sex) cannot be checked and is passed over.
    expect(egfr('1980-06-01').map((v) => [v.refLow, v.refHigh])).toEqual([
      [null, null],
      [60, null],
    ]);
    // 17 on the day (18 the next day): not hers.
    expect(egfr('1995-04-05').map((v) => [v.refLow, v.refHigh])).toEqual([
      [null, null],
      [null, null],
    ]);
    const hb = (sex: 'male' | 'female' | null) =>
      readLabFhir(
        JSON.stringify({
          resourceType: 'Observation',
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '718-7' }], text: 'Hemoglobin' },
          effectiveDateTime: '2026-11-02',
          valueQuantity: { value: 150, unit: 'g/L' },
          referenceRange: [
            {
              low: { value: 134 },
              high: { value: 170 },
              appliesTo: [{ coding: [{ system: 'http://snomed.info/sct', code: '248153007' }] }],
            },
            {
              low: { value: 117 },
              high: { value: 153 },
              appliesTo: [{ coding: [{ system: 'http://snomed.info/sct', code: '248152002' }] }],
            },
          ],
        }),
        { sex, birthDate: '1985-04-12' },
      ).values[0]!;
    expect([hb('male').refLow, hb('male').refHigh]).toEqual([134, 170]);
    expect([hb('female').refLow, hb('female').refHigh]).toEqual([117, 153]);
    expect([hb(null).refLow, hb(null).refHigh]).toEqual([null, null]);
  });

  it('reads her sex from a Swedish personal number', () => {
    expect(sexOfPersonalNumber('19850412-2381')).toBe('female');
    expect(sexOfPersonalNumber('19720118-4417')).toBe('male');
    expect(sexOfPersonalNumber('198504122381')).toBe('female');
    expect(sexOfPersonalNumber(null)).toBeNull();
    expect(sexOfPersonalNumber('1985-04-12')).toBeNull();
  });

  it('reads preliminary, coded and yes/no results as text', () => {
    const oyster = read('observation-example-vp-oyster').values[0]!;
    expect(oyster).toMatchObject({
      value: null,
      status: 'preliminary',
      interpretation: 'ABNORMAL',
    });
    expect(oyster.text).toBe('POSITIVE');
    const tender = read('observation-example-abdo-tender').values[0]!;
    expect(tender).toMatchObject({ value: null, text: 'Ja', sampledOn: '2018-04-02' });
  });
});

describe('a file mixing good and bad Observations', () => {
  it('keeps the good ones and lists every other with its analysis and a Swedish reason', () => {
    const mixed = readLabFhir(
      collection(
        resource('observation-example-f001-glucose'),
        resource('observation-example-f202-temperature'),
        resource('observation-example-bloodpressure'),
        { resourceType: 'Patient', id: 'p' },
        {
          resourceType: 'Observation',
          status: 'final',
          code: { text: 'CRP' },
          valueQuantity: { value: 'fem' },
          effectiveDateTime: '2026-11-02',
        },
        {
          resourceType: 'Observation',
          status: 'final',
          code: { text: 'Kalium' },
          effectiveDateTime: '2026-11',
        },
        {
          resourceType: 'Observation',
          status: 'amended',
          identifier: [{ system: 'urn:lab', value: '7' }],
          code: { text: 'Natrium' },
          valueQuantity: { value: 140, code: 'mmol/L' },
          effectiveDateTime: '2026-11',
          issued: '2026-11-03T10:00:00+01:00',
        },
      ),
    );
    expect(mixed.status).toBe('READ');
    expect(mixed.values.map((v) => v.analysis)).toEqual([
      'Glucose [Moles/volume] in Blood',
      'Systolic blood pressure',
      'Diastolic blood pressure',
      'Natrium',
    ]);
    expect(mixed.values[3]).toMatchObject({
      sampledOn: '2026-11',
      status: 'amended',
      unit: 'mmol/L',
      identifier: 'urn:lab|7',
      reportedAt: new Date('2026-11-03T09:00:00Z'),
    });
    expect(mixed.summary).toEqual({
      read: 4,
      skipped: [
        { analysis: 'Temperature', reason: 'värdet är makulerat (status entered-in-error)' },
        {
          analysis: 'CRP',
          reason: 'observationen har ett fält som inte kan läsas (valueQuantity.value)',
        },
        { analysis: 'Kalium', reason: 'observationen saknar värde' },
      ],
    });
  });
});

describe('dates', () => {
  it.each([
    ['2026', '2026'],
    ['2026-11', '2026-11'],
    ['2026-11-02', '2026-11-02'],
    ['2026-11-02T23:30:00Z', '2026-11-03'],
    ['2026-07-01T22:30:00Z', '2026-07-02'],
    ['2026-11-02T08:00:00', '2026-11-02'],
    ['2026-02-30', null],
    ['2026-13', null],
    ['igår', null],
  ])('%s → %s', (raw, day) => expect(swedishDay(raw)).toBe(day));
});

describe('hostile files are refused or read safely', () => {
  it('refuses deep nesting before parsing', () => {
    const deep = `{"resourceType":"Bundle","entry":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(readLabFhir(deep)).toMatchObject({ status: 'UNREADABLE', note: LAB_NOTES.tooDeep });
    expect(readLabFile(Buffer.from(deep), 'x.json')?.note).toBe(LAB_NOTES.tooDeep);
  });

  it('skips an Observation with a huge string instead of storing it', () => {
    const huge = 'x'.repeat(5_000_000);
    const out = readLabFhir(
      collection(resource('observation-example-f001-glucose'), {
        resourceType: 'Observation',
        status: 'final',
        code: { text: huge },
        valueString: huge,
        effectiveDateTime: '2026-11-02',
      }),
    );
    expect(out.values).toHaveLength(1);
    expect(out.summary?.skipped).toEqual([
      { analysis: null, reason: 'observationen har ett fält som inte kan läsas (code.text)' },
    ]);
  });

  it('reads past __proto__ and constructor keys without touching any prototype', () => {
    const text = `{"resourceType":"Bundle","__proto__":{"polluted":1},"entry":[{"resource":{
      "resourceType":"Observation","status":"final","__proto__":{"status":"entered-in-error"},
      "constructor":{"prototype":{"polluted":1}},
      "code":{"text":"Hb","__proto__":{"text":"x"}},
      "valueQuantity":{"value":140,"unit":"g/L","__proto__":{"value":1}},
      "effectiveDateTime":"2026-11-02"}}]}`;
    const out = readLabFhir(text);
    expect(out.values).toEqual([
      {
        analysis: 'Hb',
        loinc: null,
        value: 140,
        unit: 'g/L',
        refLow: null,
        refHigh: null,
        sampledOn: '2026-11-02',
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('status');
  });
});
