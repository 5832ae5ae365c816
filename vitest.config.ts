// One Vitest run holds every layer of design.md §6 as a project:
//   unit      pure logic in api/ui/portal (node)
//   browser   component tests of ui that need a DOM (Chromium)
//   storybook every story as a test in Chromium, with the a11y check failing on violations
//   visual    screenshot baselines of the primitive stories (Chromium)
//   server-pglite / server-postgres  route tests through fastify.inject on both databases (the
//             tests that open no database run once, in server-pglite)
//   e2e       Playwright (playwright-core + Debian Chromium) against the started product
import { configDefaults, defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

const SERVER_TESTS = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'];
/**
 * The server tests that open a database (through test/helpers.ts or cluster-helpers.ts, or that
 * read TEST_DB): only these run a second time against PostgreSQL. The others (frames, CSV,
 * parsers, the live server on its own…) test no database and run once, in server-pglite.
 */
const databaseTests = SERVER_TESTS.flatMap((pattern) =>
  globSync(pattern, { cwd: root }).filter((file) =>
    /from '\.\/(cluster-)?helpers\.ts'|\bTEST_DB\b/.test(
      readFileSync(path.join(root, file), 'utf8'),
    ),
  ),
);

/**
 * Server tests that measure the process's memory (a 10 MB upload held whole or streamed): each
 * runs in a process of its own (projects server-*-memory), because the files of a shared worker
 * (isolate: false below) leave garbage and background work that blurred the measure.
 */
const MEMORY_TESTS = ['packages/server/test/file-streaming.test.ts'];

// Vitest mutates the browser object, so every project gets its own.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: 'chromium' as const }],
});

// Pre-bundle React and SWR up front: a cold run that discovers them mid-test reloads
// and can load a second React copy ("useContext of null").
const shared = {
  define: { global: 'globalThis' },
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-router',
      // The packages' own dependencies are named through the package that has them: the root has
      // no link to them (pnpm), and a bare name is not found ("Failed to resolve dependency"), so
      // the optimizer met them mid-run, optimized again and reloaded the browser files running
      // then ("Vitest failed to find the runner") on a machine with no cache. The widget's tabs
      // (Radix Tabs) are a chunk of their own, imported at idle or on opening.
      '@halsa/api > swr',
      '@halsa/api > swr/mutation',
      '@halsa/api > @stomp/stompjs',
      '@halsa/api > sockjs-client',
      '@halsa/ui > @dnd-kit/core',
      '@halsa/ui > @dnd-kit/sortable',
      '@halsa/ui > uplot',
      '@halsa/ui > @radix-ui/react-tabs',
    ],
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI
    // machine, which leaves a core idle while a test waits on Chromium, PostgreSQL or a started
    // server. One worker per core (issue 37 item 7).
    maxWorkers: '100%',
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/{api,ui,portal}/src/**/*.test.ts'],
          // Pure logic: the files share a worker's module graph (zod, the contract, the mocks)
          // instead of evaluating it once per file. Globals a file stubs are restored after
          // each test so no file sees another's.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        ...shared,
        plugins: [react(), tailwindcss()],
        test: {
          name: 'browser',
          include: ['packages/ui/src/**/*.test.tsx', 'packages/api/src/**/*.test.tsx'],
          browser: browser(),
        },
      },
      {
        ...shared,
        plugins: [storybookTest({ configDir: `${root}.storybook` })],
        test: {
          name: 'storybook',
          browser: browser(),
          // Twice Vitest's 15 s: the CI machine ran stories three times slower than this one.
          testTimeout: 30_000,
          // One page for all story files instead of a fresh iframe (and React, MSW, the ui
          // graph evaluated again) per file: every story already starts from reset mock state
          // and its own isolated providers (.storybook/preview.tsx).
          isolate: false,
        },
      },
      {
        ...shared,
        plugins: [react(), tailwindcss()],
        // The MSW worker, for the screen shots that fetch (packages/ui/visual/clients.test.tsx).
        publicDir: `${root}.storybook/public`,
        test: {
          name: 'visual',
          include: ['packages/ui/visual/**/*.test.tsx'],
          // As the stories: a screenshot that waits for a stable page on a slow CI machine.
          testTimeout: 30_000,
          browser: {
            ...browser(),
            viewport: { width: 800, height: 600 },
          },
        },
      },
      {
        test: {
          name: 'server-pglite',
          environment: 'node',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...MEMORY_TESTS],
          env: { TEST_DB: 'pglite' },
          // The files of a worker share one module graph (Fastify, Kysely, the modules, PGlite's
          // compiled WebAssembly) instead of a fresh process importing it per file (issue 37 item
          // 7): 473 → 300 CPU s here, 167 → 70 on PostgreSQL. Every file builds its own app,
          // database, clock and mailer (test/helpers.ts) and closes them; what a process keeps is
          // a cache (the password hash, the template database, the compiled WebAssembly).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: databaseTests,
          exclude: [...configDefaults.exclude, ...MEMORY_TESTS],
          env: { TEST_DB: 'postgres' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(['pglite', 'postgres'] as const).map((db) => ({
        test: {
          name: `server-${db}-memory`,
          environment: 'node',
          include: MEMORY_TESTS,
          env: { TEST_DB: db },
          // A child process per file, nothing else running in it.
          pool: 'forks' as const,
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
