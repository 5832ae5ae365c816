export * from './footer';
export * from './footer-config';
