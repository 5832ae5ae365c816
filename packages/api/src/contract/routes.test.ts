// The route table is what the browser entry carries (client.ts reads it), so it must stay free of
// zod, and the schema table must fit it: a JSON answer has a schema, nothing else does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointDefs } from './endpoints.ts';
import { routeDefs, type EndpointName } from './routes.ts';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/**
 * Module specifiers of the imports that stay at runtime, sorted: static imports and re-exports
 * (not `import type` / `export type`) and `import('…')`.
 */
const runtimeImports = (text: string): string[] =>
  [
    ...[...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1] ?? '',
    ),
    ...[...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? ''),
  ].sort();

describe('routes.ts', () => {
  // The table is split so /login loads only the session and signed-out calls (routes/auth.ts),
  // and the rest into one part per feature; its modules import nothing at runtime but one another.
  const BOTH = ['../route-base.ts', '../route-shared.ts'];
  const SHARED = ['../route-shared.ts'];
  const BASE = ['../route-base.ts'];
  it.each([
    [
      './routes.ts',
      [
        './route-base.ts',
        './route-shared.ts',
        './routes/action-plan.ts',
        './routes/activity.ts',
        './routes/appointments.ts',
        './routes/auth.ts',
        './routes/care-team.ts',
        './routes/clients.ts',
        './routes/eid.ts',
        './routes/forms.ts',
        './routes/invitations.ts',
        './routes/journal.ts',
        './routes/lab-results.ts',
        './routes/messaging.ts',
        './routes/notice-mails.ts',
        './routes/notifications.ts',
        './routes/profile.ts',
        './routes/questionnaires.ts',
        './routes/reports.ts',
        './routes/security.ts',
        './routes/self-test.ts',
        './routes/staff.ts',
        './routes/stats.ts',
      ],
    ],
    ['./routes/auth.ts', BASE],
    ['./routes/notifications.ts', BASE],
    ['./routes/notice-mails.ts', BASE],
    ['./routes/messaging.ts', BOTH],
    ['./routes/care-team.ts', SHARED],
    ['./routes/clients.ts', SHARED],
    ['./routes/activity.ts', SHARED],
    ['./routes/journal.ts', BOTH],
    ['./routes/forms.ts', SHARED],
    ['./routes/lab-results.ts', BOTH],
    ['./routes/action-plan.ts', BOTH],
    ['./routes/profile.ts', BOTH],
    ['./routes/questionnaires.ts', SHARED],
    ['./routes/appointments.ts', BOTH],
    ['./routes/reports.ts', SHARED],
    ['./routes/self-test.ts', BASE],
    ['./routes/staff.ts', SHARED],
    ['./routes/invitations.ts', SHARED],
    ['./routes/stats.ts', SHARED],
    ['./routes/eid.ts', BASE],
    ['./routes/security.ts', BOTH],
    ['./route-shared.ts', ['./route-base.ts']],
    ['./route-base.ts', []],
  ])('%s imports nothing else at runtime (no zod in the browser entry)', (file, expected) => {
    expect(runtimeImports(source(file))).toEqual(expected);
  });

  it('client.ts, keys.ts and mutation-key.ts read the contract only through the route table', () => {
    const expected: Record<string, string[]> = {
      '../client.ts': [
        './contract/route-base.ts',
        './contract/routes.ts',
        './contract/routes/auth.ts',
      ],
      '../keys.ts': ['./contract/route-base.ts', './contract/routes.ts'],
      '../mutation-key.ts': ['./contract/route-base.ts'],
    };
    for (const [file, contract] of Object.entries(expected)) {
      const imports = runtimeImports(source(file));
      expect(imports.filter((spec) => spec.includes('contract/')).sort()).toEqual(contract);
      expect(imports).not.toContain('zod');
    }
  });

  it('has the same names, in the same order, as endpointDefs', () => {
    expect(Object.keys(endpointDefs)).toEqual(Object.keys(routeDefs));
  });

  it.each(Object.keys(routeDefs) as EndpointName[])('%s keeps its route fields', (name) => {
    const route = routeDefs[name];
    const def = endpointDefs[name];
    expect(def.method).toBe(route.method);
    expect(def.path).toBe(route.path);
    expect(def.fallback).toBe(route.fallback);
    expect(def.roles).toEqual(route.roles);
    if (route.response === 'json') expect(def.response).toBeInstanceOf(z.ZodType);
    else expect(def.response).toBe(route.response);
  });
});
