export * from './conversation-view';
export * from './live-message';
export * from './use-conversation-live';
export * from './use-mark-read-on-view';
export * from './use-pending-messages';
