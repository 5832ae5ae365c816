// Server side of scripts/prerender.mjs, bundled by Vite for Node: renders a signed-out page of
// the portal (and the skeleton of a signed-in one, below) to HTML with React 19's static rendering. The tree is the one main.tsx hydrates
// (StrictMode › AppProviders › router › App assuming signed-out), with StaticRouter in place of
// BrowserRouter, so the first client render matches it node for node (and useId for useId).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@halsa/ui/app-providers.tsx';
import { signedInPages, skeletonPages } from '@halsa/ui/config';
import { signedOutPages } from '@halsa/ui/config/signed-out-pages.ts';
import { ShellSkeleton } from '@halsa/ui/screens/shell/shell-skeleton';
import { App } from '../packages/portal/src/app';
import { preloadSignedOut } from '../packages/portal/src/router';

/** The HTML inside #root for `url` (path and query), once its screen's chunk is loaded. */
export async function renderPage(url: string): Promise<string> {
  await preloadSignedOut(new URL(url, 'http://prerender.invalid').pathname);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <App assumeSignedOut />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return await new Response(prelude).text();
}

/**
 * The signed-out pages prerendered into dist/<page>.html: path, file, screen folder and the query
 * the page needs in its URL (config/signed-out-pages.ts, the list the router reads too).
 */
export const prerenderedPages = signedOutPages.flatMap((p) =>
  'prerender' in p
    ? [
        {
          path: p.path,
          file: `${p.path.slice(1)}.html`,
          screen: p.screen,
          query: p.prerender === 'token' ? 'token' : undefined,
        },
      ]
    : [],
);

/** The signed-in pages that get a shell of their own: path and screen folder (config/pages.ts). */
export const shellPages = signedInPages.flatMap((p) =>
  'skeleton' in p ? [{ path: p.path, screen: p.screen }] : [],
);

/**
 * The HTML inside #root of a signed-in page's shell: the skeleton of the signed-in layout with
 * that page's title (none for `undefined`). Static markup: main.tsx replaces it, never hydrates it.
 */
export async function renderSignedInShell(pagePath: string | undefined): Promise<string> {
  const page = pagePath === undefined ? undefined : skeletonPages[pagePath];
  if (pagePath !== undefined && !page) throw new Error(`no skeleton for ${pagePath}`);
  const { prelude } = await prerender(<ShellSkeleton page={page} />);
  return await new Response(prelude).text();
}
