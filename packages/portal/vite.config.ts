import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// react-router's package points every bundler at its development build (warnings and checks
// included); the production build next to it is the same API without them (issue 14, budget).
const reactRouter = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
);

// That build still keeps every component it defines, used or not: `X = React.forwardRef(…)`
// carries no pure annotation and `X.displayName = …` writes to it, so a bundler must keep Form,
// ScrollRestoration and the rest, and all they call, in /login's entry. Marking those calls pure
// and dropping the displayName lines (names for React DevTools only) lets unused ones go
// (issue 14, budget).
const reactRouterPure: Plugin = {
  name: 'halsa:react-router-pure',
  apply: 'build',
  transform: {
    filter: { id: /react-router\/dist\/production\/.*\.mjs$/ },
    handler: (code) =>
      code
        .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1')
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, ''),
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), reactRouterPure],
  // sockjs-client expects a Node-style global (toolchain.md).
  define: { global: 'globalThis' },
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouter}/dist/production/index.mjs` },
            {
              find: /^use-sync-external-store\/shim$/,
              replacement: path.join(import.meta.dirname, 'src/use-sync-external-store-shim.ts'),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the portal supports has <link rel="modulepreload">; no polyfill on /login.
    modulePreload: {
      polyfill: false,
      // /login's e-legitimation button (ui eid-login-slot.tsx, issue 33) and its passkey sign-in
      // (login/passkey-login.ts, loaded on the click, issue 32) load after the page; naming their
      // chunks' dependencies for preloading would cost /login's first JavaScript more than the
      // buttons' own code, and the click can wait for them to load in turn.
      resolveDependencies: (filename, deps) =>
        /eid-login|passkey-login/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // Seven characters of hash, not eight (the least rolldown allows for this many chunks):
        // the entry names every lazily loaded chunk in its preload map, so each name's length
        // counts in /login's first JavaScript (47 bytes gzipped).
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          groups: [
            {
              // React and its JSX runtime, which every page loads together, in one file: left to
              // the default split they became two once a lazily loaded chunk (the passkey
              // sign-in, issue 32) used React without JSX, and the second file cost /login its
              // imports and gzip framing again. React DOM and its scheduler too (issue 39): the
              // entry no longer holds them (main.tsx sets React DOM up in a task of its own, by
              // import()), and beside React they cost /login 235 bytes less than in the entry,
              // where a file of their own cost 420 bytes more. Every CommonJS module here runs
              // when it is first required, not when the file loads.
              name: 'react',
              includeDependenciesRecursively: false,
              test: /node_modules\/(react\/(index|jsx-runtime|cjs\/react(-jsx-runtime)?\.production)|react-dom\/(index|client|cjs\/react-dom(-client)?\.production)|scheduler\/(index|cjs\/scheduler\.production))\.js$/,
            },
            {
              // The session and signed-out calls of the route table (the rest loads with the
              // first other call) and their key helper: shared by the entry and that table's
              // chunk, so in one small file of their own instead of three.
              name: 'auth-routes',
              includeDependenciesRecursively: false,
              test: /packages\/api\/src\/(contract\/(routes\/auth|route-base)|mutation-key)\.ts/,
            },
            {
              // What /login needs besides its own screen, in one file instead of eight: each
              // file is compressed on its own, so every split costs its imports and its gzip
              // framing again (issue 14, budget). The signed-in screens use the same primitives.
              name: 'signed-out-kit',
              // Only these modules: React and the rest stay where the other pages share them.
              includeDependenciesRecursively: false,
              test: /packages\/(ui\/src\/(primitives\/(alert|button|spinner|form-field|password-field|text-field)|components\/(footer|auth-layout)|config\/footer|lib\/server-message))|swr\/dist\/mutation/,
            },
            {
              // The zod-free helpers the signed-in pages draw with: how a person is named (the
              // user menu on every page), a lab value's flag (/lab-results), whether a live notice
              // may be of a page's kind (noticeMayBe) and the Swedish month names (ui's
              // lib/format.ts and the journal contract share them), in one small file of their
              // own. Left to the default split they sat in a chunk of contract schemas, and every
              // signed-in page evaluated zod and those schemas before its first render (issue 26:
              // main-thread work after the first paint; the month names did so again, issue 39).
              name: 'contract-plain',
              includeDependenciesRecursively: false,
              test: /packages\/api\/src\/(contract\/(display-name|lab-flag|conversation-param)|notifications\/notice-may-be|swedish-months)\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'http://localhost:8080', ws: true },
      '/files': 'http://localhost:8080',
    },
  },
}));
