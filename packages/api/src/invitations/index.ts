export * from './use-create-invitation.ts';
