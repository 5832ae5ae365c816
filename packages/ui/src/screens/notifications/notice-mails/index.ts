export * from './notification-settings';
