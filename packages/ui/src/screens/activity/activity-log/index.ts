export * from './activity-log';
