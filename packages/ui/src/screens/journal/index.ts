export * from './form-templates';
export * from './form-editor';
export * from './client-journal';
export * from './journal-note';
export * from './journal-settings';
export * from './my-journal';
