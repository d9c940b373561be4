export { type AiSettings, aiSettingsFromEnv } from './ai/client.ts';
export * from './backends.ts';
export * from './optimize.ts';
export type * from './types.ts';
