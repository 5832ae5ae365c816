// Shared by the signed-out screens' stories (not exported from the package).
import { http, type HttpHandler } from 'msw';
import { useLocation } from 'react-router';
import { withDefaults } from '@halsa/api/mocks';

/** Shows where the screen navigated to, so a play function can assert it. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <main>
      <p>
        Navigerade till {pathname}
        {search}
      </p>
    </main>
  );
}

/** A scenario in front of the default mocks (msw answers with the first matching handler). */
export const mocks = (...scenario: HttpHandler[][]) => ({
  msw: { handlers: { defaults: withDefaults(...scenario) } },
});

/**
 * Records the JSON body of the last POST to `path`, then lets the next handler (the default
 * mock) answer. Call `reset()` in the story's beforeEach.
 */
export function bodyRecorder(path: string) {
  let last: unknown = null;
  const handlers: HttpHandler[] = [
    http.post(`*${path}`, async ({ request }) => {
      last = await request.clone().json();
      return undefined;
    }),
  ];
  return {
    handlers,
    last: () => last,
    reset: () => {
      last = null;
    },
  };
}
