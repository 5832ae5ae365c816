export * from './footer';
export * from './paths';
export * from './pages';
