// Shared by the stories of the shell and the notification screens; never exported from the
// package (it pulls in MSW). Handlers come first in `defaults`, so a story's overrides win over
// the package defaults whatever order the preview merges them in.
import { useLocation } from 'react-router';
import type { HttpHandler } from 'msw';
import { defaultHandlers } from '@halsa/api/mocks';
import { authHandlers } from '@halsa/api/mocks/handlers/auth';
import { notificationHandlers } from '@halsa/api/mocks/handlers/notifications';
import { answer, errorResponse, HttpResponse, on } from '@halsa/api/mocks/handlers/utils';
import { mockState } from '@halsa/api/mocks/state';

/** `GET /api/v1/admin/user-stats` from the mock state (ADMIN only, like the server). */
export const userStatsHandlers: HttpHandler[] = [
  on('userStats', () => HttpResponse.json(mockState.userStats)),
];

export const userStatsScenarios = {
  error: [answer('userStats', () => errorResponse(500))],
  loading: [answer('userStats', () => new Promise<Response>(() => {}))],
};

/** `parameters.msw` for a shell story: the overrides first, then session, notifications, stats. */
export function shellMsw(...overrides: HttpHandler[]) {
  return {
    handlers: {
      defaults: [
        ...overrides,
        ...authHandlers,
        ...notificationHandlers,
        ...userStatsHandlers,
        ...defaultHandlers,
      ],
    },
  };
}

/** A gate a handler waits on, so a story can look at the state before the server answers. */
export function createGate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Shows the router's current path, so play functions can assert navigation. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return (
    <p className="sr-only" data-testid="location">
      {pathname}
    </p>
  );
}
