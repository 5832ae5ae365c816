export * from './unsubscribe';
