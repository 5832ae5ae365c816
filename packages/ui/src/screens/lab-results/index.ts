export * from './lab-results';
