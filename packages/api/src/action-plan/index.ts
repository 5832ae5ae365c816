export * from './use-action-plan-data.ts';
export * from './use-action-plan-history.ts';
export * from './use-upload-action-plan.ts';
export * from './download-action-plan.ts';
