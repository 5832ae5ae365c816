import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// react-router's package points every bundler at its development build (warnings and checks
// included); the production build next to it is the same API without them (issue 14, budget).
const reactRouter = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  // sockjs-client expects a Node-style global (toolchain.md).
  define: { global: 'globalThis' },
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: `${reactRouter}/dist/production/index.mjs` }]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the portal supports has <link rel="modulepreload">; no polyfill on /login.
    modulePreload: { polyfill: false },
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
