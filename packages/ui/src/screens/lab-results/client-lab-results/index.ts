export * from './client-lab-results';
