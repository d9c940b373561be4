export {
  type AiSettings,
  aiSettingsFromEnv,
  type ChatMessage as AiChatMessage,
  type StreamOutcome,
  streamChatCompletion,
} from './ai/client.ts';
export * from './backends.ts';
export * from './optimize.ts';
export * from './optimize-mapper.ts';
export {
  configurePlanners,
  DEFAULT_PLANNER_SETTINGS,
  type MariaDbPlannerSettings,
  type PglitePoolSettings,
  type PlannerSettings,
  type PostgresPlannerSettings,
  plannerSettings,
  plannerSettingsFromEnv,
} from './settings.ts';
export type * from './types.ts';
