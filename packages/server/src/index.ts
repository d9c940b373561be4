export { loadConfig, type Config } from './config.ts';
export { startRuntime, type Runtime } from './runtime.ts';
export { buildApp } from './http/app.ts';
