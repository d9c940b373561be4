export * from './api.ts';
export * from './errors.ts';
export * from './labels.ts';
export * from './localized.ts';
export * from './password.ts';
export * from './report.ts';
