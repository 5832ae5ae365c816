export * from './app-providers';
export * from './primitives/button';
