export * from './filter-users';
export * from './new-conversation';
