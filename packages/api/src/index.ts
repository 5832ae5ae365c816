// @halsa/api: contract, fetch client, SWR hooks. Mocks live in `@halsa/api/mocks` (never here).
export * from './contract/index.ts';
export {
  ApiError,
  DEFAULT_FALLBACK,
  UNAUTHORIZED_EVENT,
  buildUrl,
  call,
  getApiBase,
  isApiError,
  notifyUnauthorized,
  readErrorBody,
  request,
  setApiBase,
  toQueryString,
  type CallOptions,
  type EndpointBody,
  type EndpointResponse,
  type PathParams,
  type Query,
  type QueryValue,
  type RequestOptions,
  type ResponseType,
} from './client.ts';
export { callUpload, upload, type UploadOptions, type UploadProgress } from './upload.ts';
export { SESSION_KEY, keyFor, mutationKey } from './keys.ts';
export { saveBlob } from './download.ts';
export { DeferUntilUsable, useAfterUsable } from './after-usable.tsx';
export * from './auth/index.ts';
export * from './profile/index.ts';
export * from './notifications/index.ts';
export * from './notice-mails/index.ts';
export * from './messaging/index.ts';
export * from './journal/index.ts';
export * from './lab-results/index.ts';
export * from './self-test/index.ts';
export * from './appointments/index.ts';
export * from './action-plan/index.ts';
export * from './forms/index.ts';
export * from './clients/index.ts';
export * from './staff/index.ts';
export * from './invitations/index.ts';
export * from './stats/index.ts';
export * from './eid/index.ts';
export * from './activity/index.ts';
export * from './care-team/index.ts';
export * from './reports/index.ts';
export * from './security/index.ts';
