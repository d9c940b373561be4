/** Small helpers the planner's tests share. */
import { AppError, type PlanNode } from '@sqltune/contracts';
import type { PlannerSession, TableStatistics } from '../types.ts';

/** The node and all nodes below it, depth first. */
export function nodes(root: PlanNode): PlanNode[] {
  return [root, ...root.children.flatMap(nodes)];
}

/** The scan of a table (a leaf reading it) in a plan, when there is one. */
export function scanOf(node: PlanNode | undefined, table: string): PlanNode | undefined {
  if (!node) return undefined;
  if (node.relation === table && node.children.length === 0) return node;
  for (const child of node.children) {
    const found = scanOf(child, table);
    if (found) return found;
  }
  return undefined;
}

/** The AppError the promise rejects with (anything else, or no rejection, fails the test). */
export async function appError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

/** Uses the session once it is open and closes it, whatever `use` does. */
export async function withSession<T>(
  opening: Promise<PlannerSession>,
  use: (session: PlannerSession) => Promise<T>,
): Promise<T> {
  const session = await opening;
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}

/**
 * Statistics for the real-server tests' plain orders and customer tables (each backend writes their CREATE TABLE
 * in its own dialect): 1.5 million orders over 100,000 customers, a tenth of the comments null.
 */
export const PLAIN_STATISTICS: TableStatistics[] = [
  {
    table: 'orders',
    rows: 1_500_000,
    columns: [
      { column: 'o_custkey', distinct: 100_000 },
      { column: 'o_comment', nullFraction: 0.1 },
    ],
  },
  { table: 'customer', rows: 150_000, columns: [] },
];

/**
 * Column statistics beyond counts for a `tickets` table of 1,000,000 rows: `status` with three most common values
 * (70%, 20%, 9%; the remaining 1% is the fourth distinct value) and `amount` as a 100-bucket histogram of 0..10,000
 * in physical order (correlation 1). `status = 'open'` then plans 200,000 rows, `status = 'lost'` 10,000 and
 * `amount < 1000` about 100,000.
 */
export const TICKETS_DISTRIBUTION: TableStatistics['columns'] = [
  {
    column: 'status',
    distinct: 4,
    mostCommonValues: [
      { value: 'done', frequency: 0.7 },
      { value: 'open', frequency: 0.2 },
      { value: 'late', frequency: 0.09 },
    ],
  },
  {
    column: 'amount',
    distinct: -0.5,
    histogramBounds: Array.from({ length: 101 }, (_, i) => String(i * 100)),
    correlation: 1,
  },
];

/** Times the steps of a real-server test by label, in milliseconds to one decimal, for it to print at the end. */
export function stepTimings(): {
  timings: Record<string, number>;
  timed: <T>(label: string, work: () => Promise<T>) => Promise<T>;
} {
  const timings: Record<string, number> = {};
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    timings[label] = Math.round((performance.now() - start) * 10) / 10;
    return result;
  };
  return { timings, timed };
}
