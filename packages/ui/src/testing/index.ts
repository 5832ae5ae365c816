// What stories and component tests share: MSW set-ups, a location probe, messaging fixtures.
// Never exported from the package (it pulls in MSW).
export * from './location-probe';
export * from './msw';
export * from './messaging';
export * from './fake-webauthn';
