export * from './use-activity-logs.ts';
export * from './use-subject-logs.ts';
export * from './export-logs.ts';
export * from './use-staff.ts';
