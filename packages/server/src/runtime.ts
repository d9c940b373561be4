import { createRequire } from 'node:module';
import { availablePlanners, type OptimizeOptions, shutdownPlanners } from '@sqltune/planner';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type AppDatabase, openDatabase } from './db/client.ts';
import { buildApp } from './http/app.ts';
import { type JobQueue, startQueue } from './queue/queue.ts';
import { runTask } from './tasks/run-task.ts';

const engineVersion: string = createRequire(import.meta.url)('../package.json').version;

export interface Runtime {
  app: FastifyInstance | null;
  database: AppDatabase;
  queue: JobQueue;
  stop(): Promise<void>;
}

/** Opens the database and queue, then serves the API, runs the worker, or both. */
export async function startRuntime(config: Config, roles: { api: boolean; worker: boolean }): Promise<Runtime> {
  const database = await openDatabase(config);
  const queue = await startQueue(database, {
    expireSeconds: config.jobExpireSeconds,
    maintenanceSeconds: config.queueMaintenanceSeconds,
  });
  if (roles.worker) {
    const options: OptimizeOptions = {
      planners: await availablePlanners(),
      engineVersion,
      ...(config.ai ? { ai: config.ai } : {}),
    };
    await queue.work((job) => runTask(database.db, job.taskId, options));
  }
  const app = roles.api ? await buildApp({ config, database, queue }) : null;
  if (app) await app.listen({ port: config.port, host: config.host });
  return {
    app,
    database,
    queue,
    stop: async () => {
      await app?.close();
      await queue.stop();
      await shutdownPlanners();
      await database.close();
    },
  };
}
