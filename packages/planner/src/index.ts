export { type AiSettings, aiSettingsFromEnv } from './ai/client.ts';
export * from './backends.ts';
export * from './optimize.ts';
export * from './optimize-mapper.ts';
export type * from './types.ts';
