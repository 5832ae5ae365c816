export * from './notification-center';
export * from './use-notification-actions';
export * from './use-notifications-live';
export * from './upsert-notification';
