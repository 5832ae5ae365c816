export * from './cn';
export * from './format';
export * from './icons';
