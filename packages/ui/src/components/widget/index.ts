export * from './widget';
export * from './widget-events';
