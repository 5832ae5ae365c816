export * from './use-upload-profile-image.ts';
export * from './use-remove-profile-image.ts';
export * from './use-change-password.ts';
