export type { Workload, WorkloadEntry, WorkloadFormat } from './model.ts';
export { readWorkload } from './read-workload.ts';
export { representativeText } from './representative.ts';
