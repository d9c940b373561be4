import type { QueueSnapshot } from '../queue/task-queue.ts';

/**
 * Milliseconds until each task in progress should be finished, from the real queue: the live workers' slots, the
 * measured mean time per statement, and the tasks in the order the workers take them (claimTask: round robin
 * between users, a user with fewer running tasks first, then age; at most slots - 1 running per user). A running
 * task needs what remainingMs says; a waiting task starts when a slot frees and its user is under the cap, then
 * needs its statements x the mean. Empty when there is no measure yet or no live worker: nobody can say.
 */
export function estimateFinishMs(queue: QueueSnapshot): Map<string, number> {
  const estimates = new Map<string, number>();
  const msPerStatement = queue.msPerStatement;
  if (msPerStatement === null || queue.slots < 1) return estimates;
  const duration = (statements: number) => statements * msPerStatement;
  const perUserCap = Math.max(1, queue.slots - 1);

  const slotFreeAt: number[] = [];
  const userEnds = new Map<string | null, number[]>();
  const endFor = (userId: string | null) => userEnds.get(userId) ?? userEnds.set(userId, []).get(userId)!;
  for (const task of queue.tasks.filter((t) => t.running)) {
    const end = remainingMs(task, duration(task.statements));
    estimates.set(task.id, end);
    slotFreeAt.push(end);
    endFor(task.userId).push(end);
  }
  while (slotFreeAt.length < queue.slots) slotFreeAt.push(0);

  const pending = inClaimOrder(queue.tasks);
  while (pending.length > 0) {
    const now = takeEarliest(slotFreeAt);
    const index = pending.findIndex((task) => runningAt(endFor(task.userId), now) < perUserCap);
    if (index < 0) {
      // Every waiting user is at the cap: the slot waits for the first of their tasks to end.
      slotFreeAt.push(nextEndAfter(userEnds, now));
      continue;
    }
    const [task] = pending.splice(index, 1);
    const end = now + duration(task!.statements);
    estimates.set(task!.id, end);
    slotFreeAt.push(end);
    endFor(task!.userId).push(end);
  }
  return estimates;
}

/**
 * What a running task still needs: once it has done statements, at its own pace so far (a big submission's
 * statements share one optimizer session, so they go faster than the mean of small tasks says); before, the mean.
 */
function remainingMs(task: QueueSnapshot['tasks'][number], expectedMs: number): number {
  if (task.done > 0 && task.elapsedMs > 0) return (task.elapsedMs / task.done) * (task.statements - task.done);
  return Math.max(0, expectedMs - task.elapsedMs);
}

/** Waiting tasks ordered as claimTask orders them now: running count of the user + rank among its waiting tasks. */
function inClaimOrder(tasks: QueueSnapshot['tasks']) {
  const running = new Map<string | null, number>();
  for (const task of tasks) if (task.running) running.set(task.userId, (running.get(task.userId) ?? 0) + 1);
  const rank = new Map<string | null, number>();
  return (
    tasks
      .filter((task) => !task.running)
      .map((task, age) => {
        const turn = (running.get(task.userId) ?? 0) + (rank.get(task.userId) ?? 0) + 1;
        rank.set(task.userId, (rank.get(task.userId) ?? 0) + 1);
        return { ...task, turn, age };
      })
      // Ownerless tasks (the live examples) are taken after every user's.
      .sort((a, b) => Number(a.userId === null) - Number(b.userId === null) || a.turn - b.turn || a.age - b.age)
  );
}

function takeEarliest(times: number[]): number {
  let best = 0;
  for (let i = 1; i < times.length; i++) if (times[i]! < times[best]!) best = i;
  return times.splice(best, 1)[0]!;
}

function runningAt(ends: number[], time: number): number {
  return ends.filter((end) => end > time).length;
}

function nextEndAfter(userEnds: Map<string | null, number[]>, time: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const ends of userEnds.values()) for (const end of ends) if (end > time && end < next) next = end;
  return next;
}
