// MSW set-ups the stories share. Handlers in `defaults` come first, so a story's overrides win
// over the package defaults whatever order the preview merges them in.
import { http, type HttpHandler } from 'msw';
import { defaultHandlers, withDefaults } from '@halsa/api/mocks';
import { authHandlers } from '@halsa/api/mocks/handlers/auth';
import { notificationHandlers } from '@halsa/api/mocks/handlers/notifications';
import { statsHandlers, statsScenarios } from '@halsa/api/mocks/handlers/stats';

/** `parameters` with a scenario in front of the default mocks. */
export const mocks = (...scenario: HttpHandler[][]) => ({
  msw: { handlers: { defaults: withDefaults(...scenario) } },
});

/** `parameters.msw` for a shell story: the overrides first, then session, notifications, stats. */
export function shellMsw(...overrides: HttpHandler[]) {
  return {
    handlers: {
      defaults: [
        ...overrides,
        ...authHandlers,
        ...notificationHandlers,
        ...statsHandlers,
        ...defaultHandlers,
      ],
    },
  };
}

/** The new-user counts failing or never answering (the ADMIN's Hem tab). */
export const userStatsScenarios = {
  error: statsScenarios.error(500),
  loading: statsScenarios.loading,
};

/** `parameters.msw` with messaging overrides in front of the preview's defaults. */
export const messagingMsw = (...handlers: HttpHandler[]) => ({ handlers: { messaging: handlers } });

/** A gate a handler waits on, so a story can look at the state before the server answers. */
export function createGate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

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
