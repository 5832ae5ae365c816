export * from './messages-tab';
