// Lists that grow (design.md §4.13) answer a whole list to a bare call and one page when `page`
// or `size` is sent; the contract's response is the union. These two helpers give each call
// site the one shape it asked for.
import { call, type CallOptions } from './client.ts';
import type { Page } from './contract/common.ts';
import type { EndpointName } from './contract/routes.ts';

/** The whole list: a call without `page` and `size`. */
export const callList = <T>(name: EndpointName, options: CallOptions<EndpointName> = {}) =>
  call(name, options) as unknown as Promise<T[]>;

/** One page: `page` defaults to 1, so the server always answers the page shape. */
export const callPage = <T>(
  name: EndpointName,
  options: CallOptions<EndpointName> & { query: Record<string, unknown> },
) =>
  call(name, {
    ...options,
    query: { page: 1, ...options.query } as CallOptions<EndpointName>['query'],
  }) as unknown as Promise<Page<T>>;
