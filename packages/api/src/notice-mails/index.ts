export * from './use-notice-mail-settings.ts';
export * from './use-update-notice-mail-setting.ts';
export * from './use-unsubscribe.ts';
