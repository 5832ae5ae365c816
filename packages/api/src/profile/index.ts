export * from './use-upload-profile-image.ts';
export * from './use-remove-profile-image.ts';
export * from './use-change-password.ts';
export * from './use-access-log.ts';
export * from './use-my-account.ts';
