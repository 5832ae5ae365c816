export * from './use-security-overview.ts';
export * from './use-method-changes.ts';
export * from './use-login-step.ts';
export * from './use-sign-in-settings.ts';
