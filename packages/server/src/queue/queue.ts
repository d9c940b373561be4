import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { AppDatabase } from '../db/client.ts';

export const OPTIMIZE_QUEUE = 'optimize';
export const QUEUE_SCHEMA = 'pgboss';

export interface OptimizeJob {
  taskId: string;
}

export interface JobQueue {
  name: string;
  version: string;
  enqueue(job: OptimizeJob): Promise<void>;
  /** Starts taking jobs; the handler's throw makes pg-boss retry the job. */
  work(handler: (job: OptimizeJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss keeps jobs in the app database itself. A worker that dies mid-job leaves the job active
 * until it expires (expireSeconds); pg-boss then fails it and, within retryLimit, runs it again.
 */
export async function startQueue(
  database: AppDatabase,
  options: { expireSeconds: number; maintenanceSeconds: number },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    schema: QUEUE_SCHEMA,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (error) =>
    console.error(JSON.stringify({ level: 'error', msg: 'queue error', error: String(error) })),
  );
  await boss.start();
  await boss.createQueue(OPTIMIZE_QUEUE, {
    name: OPTIMIZE_QUEUE,
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: options.expireSeconds,
  });
  let localWorker: string | undefined;
  return {
    name: 'pg-boss',
    version: PG_BOSS_VERSION,
    enqueue: async (job) => {
      await boss.send(OPTIMIZE_QUEUE, job);
      // A worker in this process need not wait for its next poll; workers elsewhere poll as usual.
      if (localWorker) boss.notifyWorker(localWorker);
    },
    work: async (handler) => {
      localWorker = await boss.work<OptimizeJob>(OPTIMIZE_QUEUE, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}

const PG_BOSS_VERSION: string = createRequire(import.meta.url)('pg-boss/package.json').version;
