export * from './use-notifications.ts';
export * from './use-mark-notification-read.ts';
export * from './use-mark-all-notifications-read.ts';
export * from './notice-may-be.ts';
export * from './use-read-notices-of.ts';
