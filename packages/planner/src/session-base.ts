import { AppError, ErrorCode, type Localized } from '@sqltune/contracts';

/**
 * What every planner session does the same way, whatever its database: one call at a time (each uses the session's
 * one connection or instance), the session's database made on open and made again when it was lost, and closing once.
 *
 * A backend says how to make its database ready (`prepare`: the user's table structure, the statistics), whether a
 * made one still lives (`alive`), how to let one go (`dispose`), and which errors mean the connection was lost
 * (`lostConnection`): a call that fails so is tried once more on a database made again, after `afterLostConnection`
 * (MariaDB waits there for a dead server to be noticed).
 */
export abstract class SandboxSession<Ready> {
  abstract source: string;
  notes: Localized[] = [];
  private ready: Ready | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Set when a call lost the connection: the next call makes the session's database again. */
  private lost = false;

  /** Makes the session's database ready for explain and verify; throws (leaving nothing behind) if it cannot. */
  protected abstract prepare(): Promise<Ready>;
  protected abstract alive(ready: Ready): boolean;
  protected abstract dispose(ready: Ready): Promise<void>;

  protected lostConnection(_error: unknown): boolean {
    return false;
  }

  protected async afterLostConnection(): Promise<void> {}

  /** The connection was lost outside a call (an error event): the next call makes the database again. */
  protected markLost(): void {
    this.lost = true;
  }

  /** Used by open() and again after the database was lost. */
  async setup(): Promise<Ready> {
    const ready = await this.prepare();
    this.ready = ready;
    this.lost = false;
    return ready;
  }

  private async current(): Promise<Ready> {
    if (this.closed)
      throw new AppError(ErrorCode.INTERNAL, {
        message: { zh: '规划会话已关闭', en: 'the planner session is closed' },
      });
    if (this.ready && !this.lost && this.alive(this.ready)) return this.ready;
    if (this.ready) {
      const old = this.ready;
      this.ready = undefined;
      await this.dispose(old);
    }
    return this.setup();
  }

  /** Runs one call on the ready database, after the calls before it; a lost connection is made again once. */
  protected serialize<T>(work: (ready: Ready) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      try {
        return await work(await this.current());
      } catch (error) {
        if (!this.lostConnection(error) || this.closed) throw error;
        this.lost = true;
        await this.afterLostConnection();
        return work(await this.current());
      }
    });
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      this.closed = true;
      const ready = this.ready;
      this.ready = undefined;
      if (ready) await this.dispose(ready);
    });
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
