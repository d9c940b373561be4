import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, messageOf } from '@sqltune/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../src/db/client.ts';
import {
  claimTask,
  completeTask,
  failTask,
  MAX_ATTEMPTS,
  queueSnapshot,
  releaseTask,
  renewLease,
  retryTask,
  sweep,
  touchWorker,
} from '../src/queue/task-queue.ts';
import { REPORT_PART_CHARS, readReport } from '../src/tasks/report-parts.ts';

/**
 * The queue's SQL on a real embedded database: fair claiming, the per-user cap, and writes that only the holder
 * of the current lease can make. A lease running out is played by moving lease_expires_at into the past, which is
 * all the passing of time changes; the process-level version (a killed worker) is in worker-loss.test.ts.
 */
describe('the tasks table as a queue', () => {
  let database: AppDatabase;
  let dataDir: string;
  const worker = { id: 'test-worker', expireSeconds: 60 };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sqltune-queue-'));
    database = await openDatabase({ dataDir });
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.executeSql('DELETE FROM tasks; DELETE FROM users; DELETE FROM workers;');
  });

  const sqlOf = (value: string) => `'${value.replaceAll("'", "''")}'`;

  /** A user with tasks created in the order given, one second apart; returns the task ids by label. */
  async function seed(tasks: Array<[user: string, label: string]>): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const [index, [user, label]] of tasks.entries()) {
      await database.executeSql(
        `INSERT INTO users (email, password_hash) VALUES (${sqlOf(`${user}@example.com`)}, 'x') ON CONFLICT DO NOTHING`,
      );
      const { rows } = await database.executeSql(
        `INSERT INTO tasks (user_id, type, dialect, object, state, input_sql, created_at)
         SELECT id, 'sql', 'mysql', ${sqlOf(label)}, 'In Progress', 'SELECT 1', now() - interval '1 hour' + ${index} * interval '1 second'
         FROM users WHERE email = ${sqlOf(`${user}@example.com`)} RETURNING id`,
      );
      ids.set(label, (rows[0] as { id: string }).id);
    }
    return ids;
  }

  const labelOf = (ids: Map<string, string>, id: string | undefined) =>
    [...ids].find(([, value]) => value === id)?.[0] ?? null;

  const expireLease = (id: string) =>
    database.executeSql(`UPDATE tasks SET lease_expires_at = now() - interval '1 second' WHERE id = ${sqlOf(id)}`);

  const row = async (id: string) =>
    (
      await database.executeSql(
        `SELECT state, attempts, result_writes, lease_token, report_run FROM tasks WHERE id = ${sqlOf(id)}`,
      )
    ).rows[0] as {
      state: string;
      attempts: number;
      result_writes: number;
      lease_token: string | null;
      report_run: string | null;
    };

  it('takes tasks round robin between users, a user with nothing running first, at most slots - 1 per user', async () => {
    await touchWorker(database.db, worker.id, 3, worker.expireSeconds);
    const ids = await seed([
      ['a', 'a1'],
      ['a', 'a2'],
      ['a', 'a3'],
      ['b', 'b1'],
      ['c', 'c1'],
    ]);
    const order: Array<string | null> = [];
    for (let i = 0; i < 5; i++) order.push(labelOf(ids, (await claimTask(database.db, worker))?.id));
    // a3 waits: user a already runs 2 of the 3 slots.
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', null]);
  });

  it('takes ownerless tasks (the live examples) after every user task, at most slots - 1 of them at once', async () => {
    await touchWorker(database.db, worker.id, 3, worker.expireSeconds);
    const examples = new Map<string, string>();
    // The examples are older than every user task: age alone would take them first.
    for (const label of ['x1', 'x2', 'x3']) {
      const { rows } = await database.executeSql(
        `INSERT INTO tasks (user_id, type, dialect, object, state, input_sql, created_at)
         VALUES (NULL, 'sql', 'mysql', ${sqlOf(label)}, 'In Progress', 'SELECT 1', now() - interval '2 hours')
         RETURNING id`,
      );
      examples.set(label, (rows[0] as { id: string }).id);
    }
    const ids = new Map([...(await seed([['a', 'a1']])), ...examples]);
    const order: Array<string | null> = [];
    for (let i = 0; i < 4; i++) order.push(labelOf(ids, (await claimTask(database.db, worker))?.id));
    expect(order.slice(0, 3)).toEqual(['a1', expect.stringMatching(/^x/), expect.stringMatching(/^x/)]);
    // Two examples run (slots - 1): the third waits, while a user's new task is still taken.
    expect(order[3]).toBeNull();
    const [late] = (await seed([['b', 'b1']])).values();
    expect((await claimTask(database.db, worker))?.id).toBe(late);
  });

  it('lets only the holder of the current lease write, once', async () => {
    await touchWorker(database.db, worker.id, 2, worker.expireSeconds);
    const ids = await seed([['a', 'a1']]);
    const first = (await claimTask(database.db, worker))!;
    expect(await claimTask(database.db, worker)).toBeNull();
    expect(await renewLease(database.db, { ...first, done: 0 }, 60)).toBe(true);

    await expireLease(first.id);
    const second = (await claimTask(database.db, { id: 'other-worker', expireSeconds: 60 }))!;
    expect(second.id).toBe(ids.get('a1'));
    expect(second.token).not.toBe(first.token);
    expect(second.attempts).toBe(2);

    // A report of several parts, with a character outside the BMP across a part boundary.
    const reportJson = JSON.stringify({ statements: [], note: `${'x'.repeat(REPORT_PART_CHARS - 1)}𝄞 and more` });
    const run = { reportJson, totalRules: 0, totalIndexes: 0, performanceGain: null };
    expect(await renewLease(database.db, { ...first, done: 0 }, 60)).toBe(false);
    expect(await completeTask(database.db, first.id, first.token, run)).toBe(false);
    expect(await failTask(database.db, first.id, first.token, messageOf(ErrorCode.INTERNAL))).toBe(false);
    expect(await completeTask(database.db, second.id, second.token, run)).toBe(true);
    expect(await completeTask(database.db, second.id, second.token, run)).toBe(false);
    expect(await row(second.id)).toMatchObject({
      state: 'Completed',
      attempts: 2,
      result_writes: 1,
      lease_token: null,
      report_run: second.token,
    });
    expect(await readReport(database.db, second.id, second.token)).toBe(reportJson);
    // The refused runs left no parts behind.
    const { rows } = await database.executeSql(`SELECT DISTINCT run FROM task_report_parts`);
    expect(rows).toEqual([{ run: second.token }]);
  });

  it('retries after a delay, gives a task back at shutdown without an attempt, and fails one that keeps losing its worker', async () => {
    await touchWorker(database.db, worker.id, 2, worker.expireSeconds);
    const ids = await seed([
      ['a', 'retried'],
      ['b', 'released'],
    ]);
    const retried = (await claimTask(database.db, worker))!;
    expect(await retryTask(database.db, retried.id, retried.token)).toBe(true);
    const released = (await claimTask(database.db, worker))!;
    expect(released.id).toBe(ids.get('released'));
    await releaseTask(database.db, released.id, released.token);
    expect(await row(released.id)).toMatchObject({ attempts: 0, lease_token: null });
    // The released task is taken again at once; the retried one waits out its delay.
    expect((await claimTask(database.db, worker))?.id).toBe(ids.get('released'));
    expect(await claimTask(database.db, worker)).toBeNull();

    await database.executeSql(`UPDATE tasks SET attempts = ${MAX_ATTEMPTS} WHERE id = ${sqlOf(released.id)}`);
    await expireLease(released.id);
    await sweep(database.db, messageOf(ErrorCode.INTERNAL));
    expect(await row(released.id)).toMatchObject({ state: 'Failed', result_writes: 1 });
  });

  it('reads the queue for ETAs without the inputs or reports', async () => {
    await touchWorker(database.db, worker.id, 2, worker.expireSeconds);
    await seed([
      ['a', 'a1'],
      ['b', 'b1'],
    ]);
    await claimTask(database.db, worker);
    const snapshot = await queueSnapshot(database.db, 100);
    expect(snapshot.slots).toBe(2);
    expect(snapshot.msPerStatement).toBeNull();
    expect(snapshot.tasks.map((t) => t.running)).toEqual([true, false]);
  });
});
