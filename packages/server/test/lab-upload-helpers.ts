// What the lab tests share (migrations 0021 and 0027): a glucose Observation as a lab
// sends it, an ADMIN's upload of it, and the glucose values the client sees on her page.
import { expect } from 'vitest';
import { login, send, type TestApp } from './helpers.ts';

export const glucose = (status: string, value: number, issued: string) =>
  Buffer.from(
    JSON.stringify({
      resourceType: 'Observation',
      status,
      identifier: [{ system: 'urn:lab', value: 'glukos-1' }],
      code: { coding: [{ system: 'http://loinc.org', code: '15074-8', display: 'Glukos' }] },
      valueQuantity: { value, unit: 'mmol/L' },
      referenceRange: [{ low: { value: 3.1 }, high: { value: 6.2 } }],
      effectiveDateTime: '2026-11-02T08:00:00+01:00',
      issued,
    }),
  );

export function upload(t: TestApp, cookie: string, userId: number, filename: string, data: Buffer) {
  const boundary = '----halsa' + Math.random().toString(16).slice(2);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/upload-lab/${userId}`,
    headers: {
      cookie,
      origin: 'http://localhost:8080',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/fhir+json\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/** The glucose values the client sees on her page. */
export async function herGlucose(t: TestApp) {
  const cookie = await login(t, t.users.klient.email);
  const res = await send(t, 'GET', '/api/v1/user/lab-results', { cookie });
  expect(res.statusCode).toBe(200);
  return (res.json().values as Array<{ loinc: string; value: number }>).filter(
    (v) => v.loinc === '15074-8',
  );
}
