export * from './care-team-editor';
export * from './emergency-access-dialog';
export * from './no-care-relation';
