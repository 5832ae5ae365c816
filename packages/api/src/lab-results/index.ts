export * from './use-lab-history.ts';
export * from './use-upload-lab.ts';
export * from './download-lab.ts';
export * from './use-lab-results.ts';
export * from './open-lab-file.ts';
export * from './use-client-lab-results.ts';
