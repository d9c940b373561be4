import { describe, expect, it } from 'vitest';
import { SandboxSession } from './session-base.ts';

class Lost extends Error {}

/** A session whose "database" is a number: the count of times it was made. */
class CountingSession extends SandboxSession<{ generation: number; dead: boolean }> {
  source = 'counting';
  made = 0;
  disposed: number[] = [];
  protected async prepare() {
    this.made += 1;
    return { generation: this.made, dead: false };
  }
  protected alive(ready: { dead: boolean }) {
    return !ready.dead;
  }
  protected async dispose(ready: { generation: number }) {
    this.disposed.push(ready.generation);
  }
  protected override lostConnection(error: unknown) {
    return error instanceof Lost;
  }
  run<T>(work: (ready: { generation: number; dead: boolean }) => Promise<T>) {
    return this.serialize(work);
  }
  lose() {
    this.markLost();
  }
}

describe('SandboxSession', () => {
  it('runs calls one at a time, in the order they came', async () => {
    const session = new CountingSession();
    await session.setup();
    const order: string[] = [];
    const slow = session.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first');
    });
    const fast = session.run(async () => void order.push('second'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['first', 'second']);
  });

  it('makes the database again once when a call loses the connection, and not for other errors', async () => {
    const session = new CountingSession();
    await session.setup();
    let calls = 0;
    const generation = await session.run(async (ready) => {
      calls += 1;
      if (calls === 1) throw new Lost('connection lost');
      return ready.generation;
    });
    expect({ calls, generation, disposed: session.disposed }).toEqual({ calls: 2, generation: 2, disposed: [1] });
    await expect(session.run(async () => Promise.reject(new Error('syntax error')))).rejects.toThrow('syntax error');
    expect(session.made).toBe(2);
  });

  it('makes the database again at the next call when it died or was marked lost between calls', async () => {
    const session = new CountingSession();
    const first = await session.setup();
    first.dead = true;
    expect(await session.run(async (ready) => ready.generation)).toBe(2);
    session.lose();
    expect(await session.run(async (ready) => ready.generation)).toBe(3);
    expect(session.disposed).toEqual([1, 2]);
  });

  it('lets the database go once on close and refuses calls after it', async () => {
    const session = new CountingSession();
    await session.setup();
    await session.close();
    await session.close();
    expect(session.disposed).toEqual([1]);
    await expect(session.run(async () => 1)).rejects.toMatchObject({ detail: { message: { en: /closed/ } } });
  });
});
