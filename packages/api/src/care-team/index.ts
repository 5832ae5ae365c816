export * from './no-care-relation.ts';
export * from './use-care-team.ts';
export * from './use-emergency-access.ts';
export * from './use-client-lookup.ts';
export * from './use-access-review.ts';
export * from './use-my-emergency-accesses.ts';
export * from './use-staff-clients.ts';
export * from './use-care-team-setting.ts';
