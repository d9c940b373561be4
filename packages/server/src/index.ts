export { type Config, loadConfig } from './config.ts';
export { buildApp } from './http/app.ts';
export { type Runtime, startRuntime } from './runtime.ts';
