// The first module of every thread the server starts: it registers tsx in the thread, so the thread's TypeScript
// entry loads the same way under `node --import tsx` (npm start, npm run worker) and under vitest, whose own
// transform does not reach worker threads. Plain JavaScript for that reason.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
