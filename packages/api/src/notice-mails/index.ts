export * from './use-notification-settings.ts';
export * from './use-update-notification-setting.ts';
export * from './use-unsubscribe.ts';
