export { type DedupedStatements, dedupeStatements } from './dedupe.ts';
export type { Workload, WorkloadEntry, WorkloadFormat } from './model.ts';
export {
  MAX_PLANNED_STATEMENTS,
  type PreparedStatement,
  type PreparedWorkload,
  prepareWorkload,
  writeTargetOf,
} from './prepare.ts';
export { readWorkload } from './read-workload.ts';
export { representativeText } from './representative.ts';
