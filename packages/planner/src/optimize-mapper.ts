import type { Report } from '@sqltune/contracts';
import {
  analyzeMapper,
  type BatchReport,
  type MapperInput,
  mapperReport,
  newAnalysisCaches,
  rulesNotAskedIn,
  TEXT_SUBSTITUTION_NOT_PLANNED,
  variantBatches,
  withAnalysisCaches,
} from '@sqltune/engine';
import { type OptimizeOptions, optimize } from './optimize.ts';

export type OptimizeMapperInput = MapperInput;

/**
 * A mapper upload through the same pipeline as submitted SQL: the engine reads the XML and expands each statement
 * into its variants (4202 with file, line and column for malformed XML), the variants that hold no `${}` go to
 * optimize() as one multi-statement submission (one optimizer session, rewrites verified, indexes advised, one
 * index set for the whole mapper by the workload advisor), those with `${}` are analyzed without an optimizer, and
 * the engine ties the statement reports back to the XML (mapperReport).
 */
export async function optimizeMapper(input: OptimizeMapperInput, options: OptimizeOptions): Promise<Report> {
  // One analysis for the whole mapper: its batches re-read the variants analyzeMapper read.
  const caches = newAnalysisCaches();
  const analysis = withAnalysisCaches(() => analyzeMapper(input), caches);
  const batches = variantBatches(analysis);
  const total = batches.reduce((sum, b) => sum + b.parts.length, 0);
  let before = 0;
  const results: BatchReport[] = [];
  for (const batch of batches) {
    const offset = before;
    const report = await optimize(
      {
        sql: batch.sql,
        dialect: input.dialect,
        schemaText: input.schemaText,
        statsText: input.statsText,
        dataChanges: 'analyze',
      },
      {
        ...options,
        planners: batch.plan ? options.planners : {},
        schema: analysis.schema,
        analysisCaches: caches,
        // A variant completed by a `${}` piece of SQL is not asked what that piece may say (left-join-elimination...).
        rulesNotAsked: rulesNotAskedIn(batch),
        ...(!batch.plan && options.planners[input.dialect] ? { unplannedReason: TEXT_SUBSTITUTION_NOT_PLANNED } : {}),
        // A variant that does not parse was left out by the engine; one the optimizer refuses gets its own entry.
        statementErrors: 'report',
        onProgress: (done) => options.onProgress?.(offset + done, total),
      },
    );
    results.push({ batch, report });
    before += batch.parts.length;
  }
  return mapperReport(analysis, results);
}
