export * from './conversation-list';
export * from './sort-conversations';
export * from './use-conversations-live';
export * from './conversations-live';
