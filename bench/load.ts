/**
 * Does one maximum-size submission stall the service? Prints figures, never pass/fail (issue 10's targets: /health
 * p99 under 100 ms while the big submission is checked and optimized, and a small task from another user finishing
 * within its ETA).
 *   npm run bench:load [-- statements]          (default MAX_STATEMENTS, filling the SQL field's byte limit)
 * Starts the app as `npm start` does (its own process, embedded PGlite, in-process worker) in a temp data dir, then:
 * 1. warm-up: one small task per optimizer thread, from two users (starts their PGlite instances, gives a pace);
 * 2. user "big" submits the maximum-size submission (PostgreSQL, with table structure and statistics, so every
 *    statement is planned, verified and given index advice); meanwhile /api/v1/health is polled one request after
 *    another, and once the big task runs, user "small" submits a one-statement task: its ETA and its real time;
 * 3. the latencies of /api/v1/health and of a task list (which reads the database) while the big submission was
 *    being checked (its POST) and while it was optimized, timed from a thread of their own.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CreatedTask, TaskDetail, TaskPage } from '../packages/contracts/src/index.ts';
import { FIELD_BYTE_LIMITS, MAX_STATEMENTS } from '../packages/server/src/tasks/limits.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { spawnApp } from '../test-support/app-process.ts';
import { outboxOf } from '../test-support/mail.ts';
import { waitFor } from '../test-support/services.ts';

const statements = Number(process.argv[2] ?? MAX_STATEMENTS);

const schema = `CREATE TABLE customer (id INT PRIMARY KEY, name TEXT NOT NULL, segment TEXT NOT NULL, nation INT NOT NULL);
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status TEXT NOT NULL, total NUMERIC(12,2) NOT NULL,
  ordered DATE NOT NULL, priority INT NOT NULL);
-- sqltune:stats customer rows=150000
-- sqltune:stats customer.segment distinct=5
-- sqltune:stats customer.nation distinct=25
-- sqltune:stats orders rows=1500000
-- sqltune:stats orders.customer_id distinct=100000
-- sqltune:stats orders.status distinct=3
-- sqltune:stats orders.priority distinct=5`;

/** Statement i, padded with an IN list to `bytes`: every statement differs, so no cache serves another. */
function statement(i: number, bytes: number): string {
  const head = `SELECT o.id, o.total, c.name FROM orders o JOIN customer c ON c.id = o.customer_id
WHERE o.status = 'S${i % 3}' AND c.segment = 'SEG${i % 5}' AND o.priority IN (`;
  const tail = `) ORDER BY o.total DESC LIMIT ${10 + i};`;
  const values: number[] = [];
  let length = head.length + tail.length;
  for (let v = i; length + String(v).length + 1 < bytes; v += 7) {
    values.push(v);
    length += String(v).length + 1;
  }
  return `${head}${values.join(',') || '1'}${tail}`;
}

const bytesPerStatement = Math.floor(FIELD_BYTE_LIMITS.sql / statements) - 2;
const bigSql = Array.from({ length: statements }, (_, i) => statement(i, bytesPerStatement)).join('\n');
const smallSql = `SELECT o.id, o.total FROM orders o WHERE o.customer_id IN (SELECT DISTINCT c.id FROM customer c WHERE c.segment = 'BUILDING')`;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function latencyLine(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(1);
  return `${label}: n=${sorted.length} p50_ms=${f(percentile(sorted, 0.5))} p95_ms=${f(percentile(sorted, 0.95))} p99_ms=${f(percentile(sorted, 0.99))} max_ms=${f(sorted.at(-1) ?? Number.NaN)}`;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function submit(api: ApiClient, sql: string): Promise<string> {
  const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'postgresql', sql, schema });
  if (created.code !== 0) throw new Error(`submission refused: ${created.code} ${created.message}`);
  return created.data.id;
}

/** Polls a task's detail as the web app's result page does (every 2 s), or faster for a small task. */
async function finish(api: ApiClient, id: string, everyMs = 2000): Promise<TaskDetail> {
  for (;;) {
    const detail = await api.call<TaskDetail>('GET', `/api/v1/optimizes/sql/${id}`);
    if (detail.data.state !== 'In Progress') return detail.data;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1/5/15 min) at start`,
);
console.log(`big submission: ${statements} statements, ${bigSql.length.toLocaleString('en-US')} bytes of SQL`);

const dataDir = mkdtempSync(join(tmpdir(), 'sqltune-bench-load-'));
const { child: server, base } = await spawnApp({ dataDir, stdout: 'inherit' });
const big = new ApiClient(base, outboxOf(dataDir));
const small = new ApiClient(base, outboxOf(dataDir));
const warm = new ApiClient(base, outboxOf(dataDir));
await big.register('big@example.com');
await small.register('small@example.com');
await warm.register('warm@example.com');

let started = performance.now();
await Promise.all([finish(small, await submit(small, smallSql), 100), finish(warm, await submit(warm, smallSql), 100)]);
console.log(
  `warm-up (two small tasks, one per optimizer thread): ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/**
 * The poller runs in a thread of its own, so that this process's own work (parsing a report of megabytes) never
 * delays a request it times: /api/v1/health, then the task list of a third user (a request that reads the database),
 * one after the other, 10 ms apart. It keeps the samples per phase and posts them back when told to stop.
 */
const pollerSource = `
const { parentPort, workerData } = require('node:worker_threads');
let phase = 'submission';
const samples = { health: { submission: [], optimization: [] }, list: { submission: [], optimization: [] } };
parentPort.on('message', (message) => { phase = message; });
async function time(kind, url, headers) {
  const sent = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (phase !== 'done') samples[kind][phase].push(performance.now() - sent);
}
(async () => {
  while (phase !== 'done') {
    await time('health', workerData.base + '/api/v1/health', {});
    await time('list', workerData.base + '/api/v1/optimizes', { authorization: 'Bearer ' + workerData.token });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(samples);
})();
`;
type Samples = Record<'health' | 'list', Record<'submission' | 'optimization', number[]>>;
const poller = new Worker(pollerSource, { eval: true, workerData: { base, token: warm.token } });
const polled = new Promise<Samples>((resolve) => poller.once('message', resolve));
let peakRssMb = 0;
const rssTimer = setInterval(() => {
  peakRssMb = Math.max(peakRssMb, rssMb(server.pid!));
}, 200);

started = performance.now();
const bigId = await submit(big, bigSql);
console.log(`big submission checked and stored (its POST): ${((performance.now() - started) / 1000).toFixed(1)} s`);
poller.postMessage('optimization');
const bigStarted = performance.now();
await waitFor(async () => {
  const page = await big.call<TaskPage>('GET', '/api/v1/optimizes');
  if (page.data.items[0]?.etaMinutes === null) throw new Error('no ETA yet');
}, 60_000);

const smallSubmitted = performance.now();
const smallId = await submit(small, smallSql);
const listed = await small.call<TaskPage>('GET', '/api/v1/optimizes');
const etaMinutes = listed.data.items.find((item) => item.id === smallId)?.etaMinutes ?? null;
const smallDetail = await finish(small, smallId, 100);
const smallSeconds = (performance.now() - smallSubmitted) / 1000;
const bigEtaMinutes = async () =>
  (await big.call<TaskPage>('GET', '/api/v1/optimizes')).data.items[0]?.etaMinutes ?? null;
const bigEta = await bigEtaMinutes();
console.log(
  `small task (other user, during the big one): ETA ${etaMinutes === null ? 'none' : `${(etaMinutes * 60).toFixed(1)} s`}, finished (${smallDetail.state}) in ${smallSeconds.toFixed(1)} s: ${etaMinutes !== null && smallSeconds <= etaMinutes * 60 ? 'within' : 'NOT within'} its ETA`,
);
console.log(`big task ETA when the small one finished: ${bigEta === null ? 'none' : `${bigEta.toFixed(1)} min`}`);

// A minute into its run the big task has renewed its lease with its progress: its ETA follows its own pace.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, 60_000 - (performance.now() - bigStarted))));
const bigEtaLater = await bigEtaMinutes();
const bigEtaLaterAt = (performance.now() - bigStarted) / 1000;
const bigDetail = await finish(big, bigId);
poller.postMessage('done');
const samples = await polled;
await poller.terminate();
clearInterval(rssTimer);
const bigSeconds = (performance.now() - bigStarted) / 1000;
const reportMb = Buffer.byteLength(JSON.stringify(bigDetail.report ?? null)) / 1e6;
console.log(
  `big task ${bigDetail.state}: optimized in ${bigSeconds.toFixed(1)} s, ${bigDetail.report?.statements.length ?? 0} statements in its report (${reportMb.toFixed(1)} MB of JSON)`,
);
if (bigEtaLater !== null) {
  console.log(
    `big task ETA ${bigEtaLaterAt.toFixed(0)} s into its run: ${bigEtaLater.toFixed(1)} min more; it took ${((bigSeconds - bigEtaLaterAt) / 60).toFixed(1)} min more`,
  );
}
for (const kind of ['health', 'list'] as const) {
  const path = kind === 'health' ? '/health' : 'task list';
  console.log(latencyLine(`${path} while the big submission was checked`, samples[kind].submission));
  console.log(latencyLine(`${path} while the big task was optimized`, samples[kind].optimization));
  console.log(latencyLine(`${path} overall`, [...samples[kind].submission, ...samples[kind].optimization]));
}
console.log(`server process peak RSS: ${peakRssMb.toFixed(0)} MB`);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const exited = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await exited;
rmSync(dataDir, { recursive: true, force: true });
