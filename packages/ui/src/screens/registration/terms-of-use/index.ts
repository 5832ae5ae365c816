export * from './terms-of-use';
