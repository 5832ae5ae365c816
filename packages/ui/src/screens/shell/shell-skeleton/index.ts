export * from './shell-skeleton';
