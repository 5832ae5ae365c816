export * from './cx';
export * from './format';
export * from './icons';
