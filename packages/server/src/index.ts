export { buildApp, type App, type BuildAppOptions } from './app.ts';
export { loadConfig, type Config } from './config.ts';
