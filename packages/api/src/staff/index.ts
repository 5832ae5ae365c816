export * from './use-staff-accounts.ts';
export * from './use-create-staff.ts';
export * from './use-account-state.ts';
export * from './use-account-actions.ts';
