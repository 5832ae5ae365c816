export * from './footer';
export * from './paths';
