// Contract endpoints that no module serves yet. The contract test (test/contract.test.ts)
// fails on an endpoint that is neither served nor listed here, and on a listed endpoint that
// is in fact served: this list only ever shrinks. Remove a name when its route lands.
import type { EndpointName } from '@halsa/api/contract';

export const NOT_YET_SERVED: readonly EndpointName[] = [];
