// What a test of the mocks shares (care-team.test.ts, staff.test.ts): the default handlers on an
// MSW node server for the file, fresh mock state and a window for the client's events per test,
// and `failure`, the ApiError a call is expected to end in.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ApiError, setApiBase } from '../client.ts';
import { defaultHandlers, resetMockState } from './index.ts';

export function startMockServer() {
  const server = setupServer(...defaultHandlers);
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
