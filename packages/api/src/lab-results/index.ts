export * from './use-lab-data.ts';
export * from './use-lab-history.ts';
export * from './use-upload-lab.ts';
export * from './download-lab.ts';
