export * from './sidebar';
export * from './sidebar-menu';
