export * from './daily-tip';
export * from './daily-tip-rotation';
export * from './tips';
export * from './use-daily-tip';
