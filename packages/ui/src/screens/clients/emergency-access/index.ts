export * from './emergency-access-dialog';
export * from './no-care-relation';
