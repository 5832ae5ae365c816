// What the mock lab upload says it read (design §4.15), like the server's reader in small: a CSV
// counts its rows; a FHIR JSON counts its Observations (components one each) and skips those
// with a status that is never shown or without a value, with the server's Swedish reasons.
import type { LabReadSummary } from '../../contract/index.ts';

const SKIPPED_STATUS: Record<string, string> = {
  registered: 'värdet är inte klart än (status registered)',
  cancelled: 'undersökningen är inställd (status cancelled)',
  'entered-in-error': 'värdet är makulerat (status entered-in-error)',
  unknown: 'värdets status är okänd (status unknown)',
};

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null;

/** Every Observation in a Bundle, a report's contained resources, or a lone resource. */
function observations(root: unknown): Json[] {
  if (!isObject(root)) return [];
  if (root.resourceType === 'Observation') return [root];
  const nested = [
    ...(Array.isArray(root.entry) ? root.entry.map((e) => (isObject(e) ? e.resource : null)) : []),
    ...(Array.isArray(root.contained) ? root.contained : []),
  ];
  return nested.flatMap(observations);
}

function analysisOf(o: Json): string | null {
  const code = isObject(o.code) ? o.code : {};
  if (typeof code.text === 'string') return code.text;
  const coding = Array.isArray(code.coding) ? code.coding.find(isObject) : undefined;
  return typeof coding?.display === 'string' ? coding.display : null;
}

const hasValue = (o: Json) => Object.keys(o).some((k) => k.startsWith('value'));

export async function mockReadSummary(file: File): Promise<{ readSummary?: LabReadSummary }> {
  const text = await file.text();
  if (/\.csv$/i.test(file.name)) {
    const rows = text.split(/\r?\n/).slice(1);
    return { readSummary: { read: rows.filter((r) => r.trim() !== '').length, skipped: [] } };
  }
  if (!/\.json$/i.test(file.name)) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { readSummary: { read: 0, skipped: [] } };
  }
  const summary: LabReadSummary = { read: 0, skipped: [] };
  for (const o of observations(json)) {
    const skip = SKIPPED_STATUS[String(o.status)];
    const components = Array.isArray(o.component) ? o.component.filter(isObject) : [];
    if (skip) summary.skipped.push({ analysis: analysisOf(o), reason: skip });
    else if (components.length > 0) summary.read += components.filter(hasValue).length;
    else if (hasValue(o)) summary.read += 1;
    else summary.skipped.push({ analysis: analysisOf(o), reason: 'observationen saknar värde' });
  }
  return { readSummary: summary };
}
