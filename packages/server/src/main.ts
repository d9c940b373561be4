import { loadConfig, loadDotEnv } from './config.ts';
import { startRuntime } from './runtime.ts';

/** `npm start`: the API and web app, with the worker in-process unless SQLTUNE_WORKER=off. */
loadDotEnv();
const config = loadConfig();
const runtime = await startRuntime(config, { api: true, worker: config.inProcessWorker });
const address = `http://localhost:${config.port}/app`;
runtime.app?.log.info({ address, database: runtime.database.kind }, `SQLTune is serving ${address}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void runtime.stop().finally(() => process.exit(0));
  });
}
