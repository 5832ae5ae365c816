export * from './activity-table';
