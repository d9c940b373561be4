import { loadConfig, loadDotEnv } from './config.ts';
import { startRuntime } from './runtime.ts';

/**
 * `npm run worker`: a worker process only. It needs a shared PostgreSQL (DATABASE_URL): the embedded
 * PGlite database belongs to one process.
 */
loadDotEnv();
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: a separate worker shares the app database over PostgreSQL.');
  process.exit(2);
}
const runtime = await startRuntime(config, { api: false, worker: true });
runtime.log.info(
  { worker: runtime.worker?.id, slots: config.workerConcurrency, database: runtime.database.kind },
  'worker started',
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void runtime.stop().finally(() => process.exit(0));
  });
}
