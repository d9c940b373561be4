import { Worker } from 'node:worker_threads';

const boot = new URL('./boot.mjs', import.meta.url);

/**
 * Starts a worker thread whose entry is a TypeScript module (`entry`, a file URL); the entry reads `workerData.data`.
 * Resolves once the entry posts `{ type: 'ready' }`, rejects if the thread fails or exits before that.
 */
export async function startTsThread(entry: URL, data: unknown): Promise<Worker> {
  const worker = new Worker(boot, { workerData: { entry: entry.href, data } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      settle();
      resolve();
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`thread ${entry.pathname} exited with code ${code} before it was ready`));
    };
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
  return worker;
}
