export * from './staff-list';
