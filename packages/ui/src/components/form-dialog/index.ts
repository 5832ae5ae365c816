export * from './form-dialog';
