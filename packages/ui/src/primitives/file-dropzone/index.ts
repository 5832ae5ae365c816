export * from './accept';
export * from './file-dropzone';
