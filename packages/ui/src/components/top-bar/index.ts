export * from './top-bar';
export * from './user-menu';
export * from './shell-icons';
