// The lab-file reader on its own (design §4.12): what is recognised by content, the CSV's
// decimal comma and quoting, FHIR ranges with one bound, and what is refused.
import { LAB_NOTES } from '@halsa/api/fhir/lab-read';
import { readLabFhir } from '@halsa/api/fhir/lab-report';
import { describe, expect, it } from 'vitest';
import { parseDecimal, readLabCsv, readLabFile } from './parse.ts';

const HEADER = 'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum';

describe('parseDecimal', () => {
  it.each([
    ['142', 142],
    ['6,4', 6.4],
    ['48.5', 48.5],
    ['-0,3', -0.3],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    [',5', 0.5],
  ])('%s → %d', (raw, n) => expect(parseDecimal(raw)).toBe(n));

  it.each(['', '<5', '5 mg', '1,2,3', 'NaN', 'Infinity', '1e400', '0x10'])('%s → null', (raw) =>
    expect(parseDecimal(raw)).toBeNull(),
  );
});

describe('readLabCsv', () => {
  it('reads quoted fields with ; inside, CRLF, blank lines and an upper-case header', () => {
    const read = readLabCsv(
      `${HEADER.toUpperCase()}\r\n\r\n"P-Glukos; fastande";2345-7;5,1;mmol/L;4;6;2026-11-02\r\n`,
    );
    expect(read).toMatchObject({ format: 'CSV', status: 'READ', note: null });
    expect(read.values).toEqual([
      {
        analysis: 'P-Glukos; fastande',
        loinc: '2345-7',
        value: 5.1,
        unit: 'mmol/L',
        refLow: 4,
        refHigh: 6,
        sampledOn: '2026-11-02',
      },
    ]);
  });

  it('a row without LOINC code keeps its name; a bad code, a low bound above the high, an empty analysis are unreadable', () => {
    expect(readLabCsv(`${HEADER}\nEgen analys;;1;;;;2026-11-02\n`).values[0]).toMatchObject({
      analysis: 'Egen analys',
      loinc: null,
      unit: '',
      refLow: null,
      refHigh: null,
    });
    expect(readLabCsv(`${HEADER}\nHb;abc;1;g/L;;;2026-11-02\n`).note).toBe(
      LAB_NOTES.row(2, '"abc" är ingen LOINC-kod'),
    );
    expect(readLabCsv(`${HEADER}\nHb;718-7;1;g/L;10;5;2026-11-02\n`).note).toBe(
      LAB_NOTES.row(2, 'referensintervallets nedre gräns är högre än den övre'),
    );
    expect(readLabCsv(`${HEADER}\n;718-7;1;g/L;;;2026-11-02\n`).note).toBe(
      LAB_NOTES.row(2, 'analysen saknar namn'),
    );
    expect(readLabCsv(`${HEADER}\n`).note).toBe(LAB_NOTES.empty);
  });
});

describe('readLabFhir', () => {
  const obs = (extra: object) => ({
    resourceType: 'Observation',
    code: { coding: [{ system: 'http://loinc.org', code: '2093-3', display: 'Kolesterol' }] },
    valueQuantity: { value: 6.4, code: 'mmol/L' },
    effectiveDateTime: '2026-11-02',
    ...extra,
  });
  const bundle = (...entries: object[]) =>
    JSON.stringify({ resourceType: 'Bundle', entry: entries.map((resource) => ({ resource })) });

  it('takes the LOINC display as name, the unit code when no unit, a range with one bound', () => {
    const read = readLabFhir(bundle(obs({ referenceRange: [{ high: { value: 5 } }] })));
    expect(read.values).toEqual([
      {
        analysis: 'Kolesterol',
        loinc: '2093-3',
        value: 6.4,
        unit: 'mmol/L',
        refLow: null,
        refHigh: 5,
        sampledOn: '2026-11-02',
      },
    ]);
  });

  it('refuses a bundle with another resource, without entries or without a value', () => {
    expect(readLabFhir(bundle({ resourceType: 'Patient' })).note).toBe(LAB_NOTES.fhir);
    expect(readLabFhir(bundle()).note).toBe(LAB_NOTES.fhir);
    expect(readLabFhir(bundle(obs({ valueQuantity: undefined }))).note).toBe(LAB_NOTES.fhir);
  });
});

describe('readLabFile', () => {
  const csv = Buffer.from(`${HEADER}\nHb;718-7;142;g/L;117;153;2026-11-02\n`);

  it('recognises the CSV and FHIR by their first characters whatever the name', () => {
    expect(readLabFile(csv, 'provsvar.txt')?.format).toBe('CSV');
    expect(readLabFile(csv, undefined)?.type.mime).toBe('text/csv');
    const json = Buffer.from('\ufeff  {"resourceType":"Bundle","entry":[]}');
    expect(readLabFile(json, 'x')).toMatchObject({ format: 'FHIR', status: 'UNREADABLE' });
  });

  it('keeps PDF and pictures as documents, refuses binary, plain text and other pictures', () => {
    expect(readLabFile(Buffer.from('%PDF-1.7\n'), 'a.csv')).toMatchObject({
      format: 'PDF',
      status: 'NONE',
    });
    expect(readLabFile(Buffer.from('GIF89a\x01\x00'), 'a.gif')).toBeNull();
    expect(readLabFile(Buffer.from('Hb 142 g/L'), 'a.txt')).toBeNull();
    expect(readLabFile(Buffer.from([0x00, 0x01, 0x02]), 'a.csv')).toBeNull();
  });
});
