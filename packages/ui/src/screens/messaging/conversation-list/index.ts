export * from './conversation-list';
export * from './sort-conversations';
export * from './use-conversations-live';
