/**
 * A queue served round robin between owners: each take gives the oldest item of the owner whose turn it is, then
 * that owner goes to the back. One owner's many items never hold the others'.
 */
export class FairQueue<T> {
  /** A Map keeps insertion order: its first owner is the one whose turn it is. */
  private readonly byOwner = new Map<string, T[]>();

  push(owner: string, item: T): void {
    const items = this.byOwner.get(owner);
    if (items) items.push(item);
    else this.byOwner.set(owner, [item]);
  }

  shift(): T | undefined {
    const next = this.byOwner.entries().next();
    if (next.done) return undefined;
    const [owner, items] = next.value;
    const item = items.shift();
    this.byOwner.delete(owner);
    if (items.length > 0) this.byOwner.set(owner, items);
    return item;
  }

  /** Removes every item, for shutdown. */
  drain(): T[] {
    const all = [...this.byOwner.values()].flat();
    this.byOwner.clear();
    return all;
  }
}
