export * from './optimize.ts';
export type * from './types.ts';
export * from './backends.ts';
