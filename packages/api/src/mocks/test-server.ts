// What a test of the mocks or the client shares (mocks.test.ts, care-team.test.ts, staff.test.ts,
// client-message-id.test.ts): the default handlers (or the given ones) on an MSW node server for
// the file, fresh mock state and a window for the client's events per test,
// and `failure`, the ApiError a call is expected to end in.
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ApiError, setApiBase } from '../client.ts';
import { defaultHandlers, resetMockState } from './index.ts';

export function startMockServer(handlers: readonly RequestHandler[] = defaultHandlers) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    resetMockState();
    vi.stubGlobal('window', new EventTarget());
    setApiBase('http://localhost');
  });
  afterEach(() => {
    server.resetHandlers();
    vi.unstubAllGlobals();
  });
  afterAll(() => server.close());
  return server;
}

/** The ApiError `promise` fails with; anything else (or success) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
