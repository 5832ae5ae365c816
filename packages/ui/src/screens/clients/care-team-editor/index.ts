export * from './care-team-editor';
