export * from './footer';
export * from './paths';
export * from './pages';
export * from './return-to';
