export * from './use-appointments.ts';
export * from './use-appointment-changes.ts';
