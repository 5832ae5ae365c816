// The browser entry. Everything the page needs starts at once, before React renders (issue 14,
// no waterfalls): the chunk of the page being opened (also preloaded by the HTML), on the
// signed-in shell the signed-in app's chunk, and the session lookup (`GET /api/v1/auth/me`).
//
// The server picks the page by the session cookie (server/src/modules/portal): a visitor
// without one gets a prerendered signed-out page or the plain shell, one with a cookie the
// signed-in shell (`<html data-shell="signed-in">`). Without a cookie there is no session to
// look up, so the lookup answers "signed out" at once instead of asking the server for a 401.
//
// A prerendered page (scripts/prerender.mjs) is hydrated once its screen's chunk is in, so the
// first client render matches the HTML on screen; its #root stays `inert` until then. A signed-in
// shell's skeleton is replaced, not hydrated, once the session and the page's code are in.
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadSession } from '@halsa/api';
import type { SessionUser } from '@halsa/api/contract';
import { AppProviders } from '@halsa/ui/app-providers.tsx';
import '@halsa/ui/styles.css';
import { App, SignedInApp } from './app';
import { preloadSignedOut } from './router';

// The CSP forbids eval (script-src 'self'), so zod's compiled parsers can never run here; zod
// still probes for them with `new Function` when its first object schema is made, which the
// browser reports as a CSP violation (Lighthouse: best practices). zod (in a lazy chunk, after
// this line) reads its global configuration from this object when it first loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const root = document.getElementById('root');
if (!root) throw new Error('#root saknas');

const signedInShell = document.documentElement.dataset.shell === 'signed-in';
const prerendered = root.dataset.prerendered === 'true';
const skeleton = root.dataset.skeleton === 'true';

const session = preloadSession({ signedOut: !signedInShell });

const tree = (knownUser?: SessionUser) => (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <App
          assumeSignedOut={prerendered}
          knownUser={knownUser}
          onMounted={() => root.removeAttribute('inert')}
        />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// React DOM, three quarters of the code this page starts with, sets itself up (its CommonJS
// module runs, and compiles, when first required) in a task of its own, after a yield, not in
// this entry's evaluation: on a slowed phone that was one task of 100–110 ms, 40 % of it React
// DOM (issue 39). Its code sits in the React chunk (vite.config.ts), loaded with this entry, so
// the import() fetches nothing.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const reactDom = nextTask().then(() => import('react-dom/client'));

// On a signed-in shell the app's chunk is already on its way (modulepreload, scripts/prerender.mjs),
// so its import() starts in a task of its own: called here, its loader's work (one preload link
// per dependency) and, on a fast network, the chunk's evaluation joined this entry's evaluation
// in one task (issue 39).
const early = signedInShell
  ? nextTask().then(() => SignedInApp.preload())
  : preloadSignedOut(location.pathname);
// A chunk that fails here is loaded (and its failure reported) again when React renders it.
const settled = early.catch(() => undefined);

// Hydrated as a transition: React then yields to the browser every few milliseconds instead of
// hydrating the whole page in one task (issue 39: a 180–340 ms task on a slowed phone). #root
// stays inert until it is done, so nothing typed is lost meanwhile.
if (prerendered) {
  void Promise.all([reactDom, settled]).then(([{ hydrateRoot }]) =>
    startTransition(() => void hydrateRoot(root, tree())),
  );
} else if (skeleton) {
  // A signed-in shell paints the skeleton of its page (scripts/prerender.mjs) until the session
  // and the page's code are in; then the app replaces it in one step, with the page drawn. The
  // render is a transition: React yields to the browser between pieces of work instead of
  // blocking a phone's main thread for the whole tree (the skeleton is on screen meanwhile).
  //
  // Each step a task of its own (issue 39: on a phone slowed 7x the root's making and the render's
  // start were one microtask of 125-220 ms CPU after the last chunk's evaluation): the root
  // (React's listeners for every event on #root) is made in the task after React DOM's setup,
  // while the network is still busy; the render starts in a later task, not in the microtask
  // after the chunk's evaluation.
  const app = reactDom.then(
    ({ createRoot }) => new Promise<Root>((resolve) => setTimeout(() => resolve(createRoot(root)))),
  );
  void Promise.all([session, settled, app]).then(([user, , made]) =>
    setTimeout(() => startTransition(() => made.render(tree(user ?? undefined)))),
  );
} else void reactDom.then(({ createRoot }) => createRoot(root).render(tree()));
