export * from './client-list';
export * from './client-pages/client-pages';
export * from './client-overview';
export * from './client-files';
export * from './client-activity';
