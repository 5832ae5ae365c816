#!/usr/bin/env node
// Dead code finder (issue 37 item 4), a small knip for this workspace (knip is not installed):
// reads every TypeScript file's imports and exports with the TypeScript parser, resolves
// workspace specifiers (@halsa/…) through the packages' `exports` maps and relative ones the
// way Vite does, follows `export *` and `export { } from`, and prints
//   - files nothing imports (barrels included), outside the entry points,
//   - exported names nobody imports (`used in own file` when only their own file uses them),
//   - exported names only tests or stories import.
// `import * as` and `import()` count as using every name. Usage: `node scripts/unused.mjs`.
import { existsSync, readFileSync, statSync, globSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const rel = (f) => path.relative(root, f);
const files = globSync(
  [
    'packages/*/src/**/*.{ts,tsx}',
    'packages/*/test/**/*.{ts,tsx}',
    'packages/*/bench/**/*.{ts,tsx}',
    'packages/*/visual/**/*.{ts,tsx}',
    'packages/*/*.ts',
    '.storybook/*.{ts,tsx}',
    'e2e/**/*.ts',
    'scripts/**/*.{ts,tsx,mjs}',
    '*.ts',
  ],
  { cwd: root, exclude: (f) => f.includes('node_modules') || f.includes('/dist') },
)
  .map((f) => path.join(root, f))
  .filter((f) => statSync(f).isFile());

// Entry points: run by a tool, never imported.
const isTestLike = (f) =>
  /\.(test|stories)\.tsx?$/.test(f) ||
  /\/(test|visual|bench|e2e|\.storybook|mocks|testing)\//.test(f) ||
  f.startsWith(path.join(root, 'e2e'));
const isEntry = (f) =>
  isTestLike(f) ||
  f.startsWith(path.join(root, 'scripts')) ||
  /packages\/[^/]+\/[^/]+\.ts$/.test(f) ||
  /\.storybook\//.test(f) ||
  path.dirname(f) === root ||
  /packages\/portal\/src\/main\.tsx$/.test(f) ||
  /packages\/server\/src\/.*(main|-worker|-cli)\.ts$/.test(f) ||
  // Started by a test as its own process, and the build's alias for swr's shim (vite.config.ts).
  /(live-abuse-server|portal\/src\/use-sync-external-store-shim)\.ts$/.test(f);

const packages = {};
for (const dir of globSync('packages/*/package.json', { cwd: root })) {
  const pkg = JSON.parse(readFileSync(path.join(root, dir), 'utf8'));
  packages[pkg.name] = { dir: path.join(root, path.dirname(dir)), exports: pkg.exports ?? {} };
}

function tryFile(p) {
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`, `${p}/index.tsx`]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

function resolve(spec, from) {
  if (spec.startsWith('.')) return tryFile(path.resolve(path.dirname(from), spec));
  const m = /^(@halsa\/[^/]+)(\/.*)?$/.exec(spec);
  if (!m || !packages[m[1]]) return null;
  const { dir, exports } = packages[m[1]];
  const sub = `.${m[2] ?? ''}`;
  if (exports[sub]) return tryFile(path.join(dir, exports[sub]));
  for (const [k, v] of Object.entries(exports)) {
    if (!k.includes('*')) continue;
    const [pre, post] = k.split('*');
    if (sub.startsWith(pre) && sub.endsWith(post)) {
      const star = sub.slice(pre.length, sub.length - post.length);
      return tryFile(path.join(dir, v.replace('*', star)));
    }
  }
  return null;
}

/** Per file: local exports, re-exports, star re-exports, and the names it imports from others. */
const mods = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const mod = { local: new Set(), reexports: new Map(), stars: [], imports: [], text };
  mods.set(file, mod);
  const use = (spec, names) => {
    const target = resolve(spec, file);
    if (target) mod.imports.push({ target, names });
  };
  const hasExport = (n) => n.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const spec = st.moduleSpecifier.text;
      const c = st.importClause;
      if (!c) use(spec, []);
      else {
        const names = [];
        if (c.name) names.push('default');
        if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) names.push('*');
        if (c.namedBindings && ts.isNamedImports(c.namedBindings)) {
          for (const e of c.namedBindings.elements) names.push((e.propertyName ?? e.name).text);
        }
        use(spec, names);
      }
    } else if (ts.isExportDeclaration(st)) {
      if (st.moduleSpecifier) {
        const target = resolve(st.moduleSpecifier.text, file);
        if (!st.exportClause) {
          if (target) mod.stars.push(target);
        } else if (ts.isNamedExports(st.exportClause)) {
          for (const e of st.exportClause.elements) {
            mod.reexports.set(e.name.text, { target, name: (e.propertyName ?? e.name).text });
          }
        } else if (target) {
          mod.reexports.set(st.exportClause.name.text, { target, name: '*' });
        }
      } else if (st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const e of st.exportClause.elements) mod.local.add(e.name.text);
      }
    } else if (ts.isExportAssignment(st)) {
      mod.local.add('default');
    } else if (hasExport(st)) {
      const isDefault = st.modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) mod.local.add('default');
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) mod.local.add(d.name.text);
        }
      } else if (st.name) mod.local.add(st.name.text);
    }
  }
  // import('x'), vi.mock('x'), vi.importActual('x'): every name.
  const walk = (n) => {
    if (ts.isCallExpression(n) && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0])) {
      const callee = n.expression.getText(sf);
      if (
        n.expression.kind === ts.SyntaxKind.ImportKeyword ||
        /^vi\.(mock|importActual|doMock)$/.test(callee)
      ) {
        use(n.arguments[0].text, ['*']);
      }
    }
    ts.forEachChild(n, walk);
  };
  walk(sf);
}

const provides = (file, name, seen = new Set()) => {
  const m = mods.get(file);
  if (!m || seen.has(file)) return false;
  seen.add(file);
  if (m.local.has(name) || m.reexports.has(name)) return true;
  return m.stars.some((s) => provides(s, name, seen));
};

const used = new Map(); // "file#name" → Set of importer kinds ('src' | 'test')
const importedFiles = new Set();
function mark(file, name, kind, seen = new Set()) {
  const key = `${file}#${name}`;
  if (seen.has(key)) return;
  seen.add(key);
  importedFiles.add(file);
  const m = mods.get(file);
  if (!m) return;
  if (name === '*') {
    for (const n of m.local) mark(file, n, kind, seen);
    for (const n of m.reexports.keys()) mark(file, n, kind, seen);
    for (const s of m.stars) mark(s, '*', kind, seen);
    return;
  }
  if (m.local.has(name)) {
    if (!used.has(key)) used.set(key, new Set());
    used.get(key).add(kind);
  }
  const re = m.reexports.get(name);
  if (re) {
    if (!used.has(key)) used.set(key, new Set());
    used.get(key).add(kind);
    if (re.target) mark(re.target, re.name, kind, seen);
  }
  for (const s of m.stars) if (provides(s, name)) mark(s, name, kind, seen);
}
for (const [file, m] of mods) {
  const kind = isTestLike(file) ? 'test' : 'src';
  for (const { target, names } of m.imports) {
    importedFiles.add(target);
    if (names.length === 0) continue;
    for (const n of names) mark(target, n, kind);
  }
}

const unimported = [...mods.keys()].filter((f) => !importedFiles.has(f) && !isEntry(f));
const unusedExports = [];
const testOnly = [];
for (const [file, m] of mods) {
  if (isEntry(file)) continue;
  for (const name of [...m.local, ...m.reexports.keys()]) {
    const kinds = used.get(`${file}#${name}`);
    if (!kinds) {
      const own = name !== 'default' && new RegExp(`\\b${name}\\b`, 'g');
      const inOwn = own && (m.text.match(own) ?? []).length > 1;
      unusedExports.push(`${rel(file)}: ${name}${inOwn ? ' (used in own file)' : ''}`);
    } else if (!kinds.has('src')) testOnly.push(`${rel(file)}: ${name}`);
  }
}

const section = (title, list) => {
  console.log(`\n${title} (${list.length})`);
  for (const l of list.sort()) console.log(`  ${l}`);
};
section('Files nothing imports', unimported.map(rel));
section('Exports nobody imports', unusedExports);
section('Exports only tests and stories import', testOnly);
