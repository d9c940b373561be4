import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.ts';
import { type AppDatabase, openDatabase } from './db/client.ts';
import { ExampleMaker } from './examples/service.ts';
import { buildApp } from './http/app.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { TaskWorker } from './queue/worker.ts';
import { AnalysisPool } from './tasks/analysis-pool.ts';

const engineVersion: string = createRequire(import.meta.url)('../package.json').version;

export interface Runtime {
  app: FastifyInstance | null;
  database: AppDatabase;
  worker: TaskWorker | null;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Makes the live examples (API role with SQLTUNE_EXAMPLES on); null otherwise. */
  examples: ExampleMaker | null;
  stop(): Promise<void>;
}

/**
 * Opens the database, then serves the API (with its analysis threads), runs the worker (with its optimizer
 * threads), or both. The event loop of either role only parses requests and talks to the database and threads.
 */
export async function startRuntime(config: Config, roles: { api: boolean; worker: boolean }): Promise<Runtime> {
  const log: FastifyBaseLogger = pino({ level: config.logLevel });
  const database = await openDatabase({
    ...config,
    // Only the code and message: the driver's error carries its whole client object.
    onConnectionError: (error) =>
      log.warn(
        { code: (error as { code?: string }).code, reason: error.message },
        'a database connection was lost; the next query reconnects',
      ),
  });
  const worker = roles.worker
    ? await TaskWorker.start(database.db, {
        slots: config.workerConcurrency,
        expireSeconds: config.jobExpireSeconds,
        optimizer: { engineVersion, ai: config.ai, planners: config.planners },
        log,
        soleOwner: database.kind === 'pglite',
      })
    : null;
  const analysis = roles.api
    ? await AnalysisPool.start({
        threads: config.analysisThreads,
        timeoutSeconds: config.analysisTimeoutSeconds,
        log,
      })
    : null;
  const mailer = createMailer(config.mail, log);
  const examples =
    analysis && config.examples
      ? new ExampleMaker({ db: database.db, analysis, engineVersion, log, onTaskCreated: () => worker?.wake() })
      : null;
  const app = analysis
    ? await buildApp({ config, database, analysis, log, mailer, examples, onTaskCreated: () => worker?.wake() })
    : null;
  if (app) await app.listen({ port: config.port, host: config.host });
  // In the background: the API serves at once, and an example answers 4701 until it is made.
  void examples?.refresh();
  return {
    app,
    database,
    worker,
    log,
    mailer,
    examples,
    stop: async () => {
      await examples?.stop();
      await app?.close();
      await analysis?.close();
      await worker?.stop();
      mailer.close();
      await database.close();
    },
  };
}
