import { parentPort, workerData } from 'node:worker_threads';
import { AppError, type Report } from '@sqltune/contracts';
import { availablePlanners, type OptimizeOptions, optimize, optimizeMapper, shutdownPlanners } from '@sqltune/planner';
import type { OptimizerJob, OptimizerReply, OptimizerRequest, OptimizerSettings, RunOutcome } from './optimizer.ts';
import type { CompletedRun } from './task-queue.ts';

/** An optimizer thread (see optimizer.ts). */

const port = parentPort!;
const settings = (workerData as { data: OptimizerSettings }).data;
const options: OptimizeOptions = {
  // It runs one task at a time, so one embedded PostgreSQL instance is all its PGlite pool ever needs.
  planners: await availablePlanners({ ...settings.planners, pglite: { ...settings.planners.pglite, poolSize: 1 } }),
  engineVersion: settings.engineVersion,
  ...(settings.ai ? { ai: settings.ai } : {}),
};

port.on('message', (request: OptimizerRequest) => {
  void handle(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ type: 'ready' });

async function handle(request: OptimizerRequest): Promise<OptimizerReply> {
  if (request.type === 'shutdown') {
    await shutdownPlanners().catch((error) => console.error('could not stop the optimizers cleanly', error));
    return { type: 'closed' };
  }
  return { taskId: request.taskId, ...(await run(request.taskId, request.job)) };
}

async function run(taskId: string, job: OptimizerJob): Promise<RunOutcome> {
  const onProgress = (done: number) => {
    const progress: OptimizerReply = { type: 'progress', taskId, done };
    port.postMessage(progress);
  };
  try {
    const report =
      job.kind === 'mybatis'
        ? await optimizeMapper(job.input, { ...options, onProgress })
        : await optimize(job.input, { ...options, onProgress });
    return { type: 'completed', run: completedRun(report) };
  } catch (error) {
    if (error instanceof AppError) return { type: 'refused', error: error.detail };
    return { type: 'crashed', reason: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/**
 * The report, serialized here so the worker's event loop only passes a string on to the database. A mapper's rules
 * are its statements' merged findings (a finding on every variant counts once) and its indexes the one set
 * recommended for the whole mapper.
 */
function completedRun(report: Report): CompletedRun {
  const gains = report.statements.map((s) => s.gain?.ratio).filter((g): g is number => g !== undefined);
  const mapper = report.mapper;
  return {
    reportJson: JSON.stringify(report),
    totalRules: mapper
      ? mapper.statements.reduce((sum, s) => sum + s.findings.length, 0)
      : report.statements.reduce((sum, s) => sum + s.rules.length, 0),
    totalIndexes: mapper
      ? (report.workload?.indexes.length ?? 0)
      : report.statements.reduce((sum, s) => sum + s.indexes.length, 0),
    performanceGain: gains.length > 0 ? gains.reduce((a, b) => a + b, 0) / gains.length : null,
  };
}
