export * from './client-activity';
