export * from './notification-panel';
export * from './notification-list';
export * from './notification-item';
export * from './notification-format';
