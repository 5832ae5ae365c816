// Module layout (issue 25): route files stay thin. A file that registers routes (a module's
// routes.ts, a *-routes.ts, or any file defining an AppModule) holds no SQL; its queries live in
// the module's service (service.ts or a named file beside it), called by name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = fileURLToPath(new URL('../src/modules/', import.meta.url));
const QUERY_MARKERS = ['selectFrom(', 'insertInto(', 'updateTable(', 'deleteFrom(', 'sql`'];

function routeFiles(): string[] {
  return readdirSync(MODULES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => {
      const name = path.basename(f);
      if (name === 'routes.ts' || name.endsWith('-routes.ts')) return true;
      return /:\s*AppModule\s*=/.test(readFileSync(path.join(MODULES_DIR, f), 'utf8'));
    })
    .sort();
}

describe('module layout', () => {
  it('finds the route files of the modules', () => {
    const files = routeFiles();
    expect(files).toContain(path.join('auth', 'routes.ts'));
    expect(files).toContain(path.join('profile', 'routes.ts'));
  });

  it('no route file holds a database query', () => {
    const offenders = routeFiles().flatMap((f) => {
      const text = readFileSync(path.join(MODULES_DIR, f), 'utf8');
      return QUERY_MARKERS.filter((m) => text.includes(m)).map((m) => `${f}: ${m}`);
    });
    expect(offenders).toEqual([]);
  });
});
