export * from './password-field';
