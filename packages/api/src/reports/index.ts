export * from './use-report.ts';
export * from './export-report.ts';
