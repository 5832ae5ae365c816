// swr imports `use-sync-external-store/shim`, the polyfill for React < 18; with React 19 that
// module only hands back React's own hook, after ~0.7 kB gzipped of fallback code on /login.
// vite.config.ts points the import here in the build (issue 14, budget).
export { useSyncExternalStore } from 'react';
