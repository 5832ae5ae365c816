// A large laboratory report (issue 23, design §4.15): a ~20 MB FHIR R4 Bundle with a
// DiagnosticReport and 5 000 Observations is taken (a lab file may be up to 25 MB) and read
// whole, every value, within the upload's memory bound (bench:fhir: +66 MB heap at 19 MB).
import { expect, it } from 'vitest';
import { describeDb, login, useTestApp } from './helpers.ts';
import { upload } from './lab-upload-helpers.ts';

const OBSERVATIONS = 5000;
/** Each Observation carries a narrative of this many characters, as lab exports do. */
const NARRATIVE = 3800;

/** A `collection` Bundle: the report, then its Observations (each with a narrative). */
function largeBundle(): Buffer {
  const filler = 'Provet analyserat enligt ackrediterad metod. '.repeat(Math.ceil(NARRATIVE / 45));
  const observations = Array.from({ length: OBSERVATIONS }, (_, i) => ({
    fullUrl: `urn:uuid:obs-${i}`,
    resource: {
      resourceType: 'Observation',
      id: `obs-${i}`,
      identifier: [{ system: 'urn:oid:1.2.752.0.1', value: `prov-${i}` }],
      text: {
        status: 'generated',
        div: `<div xmlns="http://www.w3.org/1999/xhtml">${filler.slice(0, NARRATIVE)}</div>`,
      },
      status: 'final',
      category: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/observation-category',
              code: 'laboratory',
            },
          ],
        },
      ],
      code: {
        coding: [{ system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin' }],
        text: 'Hemoglobin (Hb)',
      },
      subject: { reference: 'Patient/p1' },
      effectiveDateTime: `2026-${String((i % 12) + 1).padStart(2, '0')}-02T08:15:00+01:00`,
      valueQuantity: {
        value: 120 + (i % 40),
        unit: 'g/L',
        system: 'http://unitsofmeasure.org',
        code: 'g/L',
      },
      referenceRange: [{ low: { value: 117, unit: 'g/L' }, high: { value: 153, unit: 'g/L' } }],
    },
  }));
  const report = {
    fullUrl: 'urn:uuid:report',
    resource: {
      resourceType: 'DiagnosticReport',
      id: 'report',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '58410-2' }] },
      subject: { reference: 'Patient/p1' },
      effectiveDateTime: '2026-11-02T08:15:00+01:00',
      result: observations.map((o) => ({ reference: o.fullUrl })),
    },
  };
  return Buffer.from(
    JSON.stringify({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [report, ...observations],
    }),
  );
}

describeDb('a 20 MB lab report', () => {
  const t = useTestApp();

  it('a ~20 MB FHIR Bundle with 5 000 Observations is taken and every value read', async () => {
    const data = largeBundle();
    expect(data.length).toBeGreaterThan(19 * 1024 * 1024);
    expect(data.length).toBeLessThan(25 * 1024 * 1024);
    const admin = await login(t, t.users.admin.email);
    const res = await upload(t, admin, t.users.klient.id, 'Stor_rapport.json', data);
    expect(res.statusCode).toBe(201);
    expect(res.json().readSummary).toEqual({ read: OBSERVATIONS, skipped: [] });
    const stored = await t.db.db
      .selectFrom('lab_values')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(OBSERVATIONS);
  }, 120_000);
});
