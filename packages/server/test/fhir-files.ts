// FHIR R4 lab files made to stress the reader (issue 34 item 2), shared by the tests and
// `pnpm --filter @halsa/server bench:fhir`: chained `hasMember` panels (each panel names the
// next several times; the old reader's date arrays grew by that factor per level), a large
// Bundle of a report and thousands of Observations, and a file of countless skipped members.

const LOINC = 'http://loinc.org';

/**
 * `levels` panels in a chain, each naming the next `refs` times, the last naming one value:
 * about 3.5 kB for 12 levels of 4. Read once each, it is 50 members; read with a date list per
 * reference, 4^12 dates.
 */
export function chainedPanels(levels = 12, refs = 4): Buffer {
  const entry: object[] = [];
  for (let i = 0; i < levels; i++) {
    entry.push({
      resource: {
        resourceType: 'Observation',
        id: `p${i}`,
        status: 'final',
        code: { text: `Panel ${i}` },
        effectiveDateTime: '2026-11-02',
        hasMember: Array.from({ length: refs }, () => ({ reference: `Observation/p${i + 1}` })),
      },
    });
  }
  entry.push({
    resource: {
      resourceType: 'Observation',
      id: `p${levels}`,
      status: 'final',
      code: { coding: [{ system: LOINC, code: '718-7', display: 'Hemoglobin' }] },
      valueQuantity: { value: 142, unit: 'g/L' },
    },
  });
  return Buffer.from(JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry }));
}

/** A report and `observations` Observations, each padded with narrative to reach `bytes`. */
export function largeBundle(bytes = 24 * 1024 * 1024, observations = 5000): Buffer {
  const pad = 'x'.repeat(Math.max(0, Math.floor(bytes / observations) - 700));
  const entry: object[] = [
    {
      fullUrl: 'urn:uuid:report',
      resource: {
        resourceType: 'DiagnosticReport',
        status: 'final',
        code: { text: 'Stort provsvar' },
        effectiveDateTime: '2026-11-02T08:15:00+01:00',
        result: Array.from({ length: observations }, (_, i) => ({
          reference: `Observation/o${i}`,
        })),
      },
    },
  ];
  for (let i = 0; i < observations; i++) {
    entry.push({
      fullUrl: `urn:uuid:o${i}`,
      resource: {
        resourceType: 'Observation',
        id: `o${i}`,
        status: 'final',
        text: {
          status: 'generated',
          div: `<div xmlns="http://www.w3.org/1999/xhtml">${pad}</div>`,
        },
        identifier: [{ system: 'urn:lab', value: `o${i}` }],
        code: { coding: [{ system: LOINC, code: '718-7', display: 'Hemoglobin' }] },
        valueQuantity: { value: 120 + (i % 40), unit: 'g/L', system: 'http://unitsofmeasure.org' },
        referenceRange: [{ low: { value: 117 }, high: { value: 153 } }],
      },
    });
  }
  return Buffer.from(JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry }));
}

/** One good value and `n` Observations without a value, each skipped with a reason. */
export function manySkipped(n: number): Buffer {
  const entry: object[] = [
    {
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Hb' },
        valueQuantity: { value: 142, unit: 'g/L' },
        effectiveDateTime: '2026-11-02',
      },
    },
  ];
  for (let i = 0; i < n; i++) {
    entry.push({
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { text: `Analys ${i + 1}` },
        effectiveDateTime: '2026-11-02',
      },
    });
  }
  return Buffer.from(JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry }));
}
