// Server side of scripts/prerender.mjs, bundled by Vite for Node: renders a signed-out page of
// the portal to HTML with React 19's static rendering. The tree is the one main.tsx hydrates
// (StrictMode › AppProviders › router › App assuming signed-out), with StaticRouter in place of
// BrowserRouter, so the first client render matches it node for node (and useId for useId).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@halsa/ui';
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
