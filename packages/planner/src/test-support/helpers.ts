/** Small helpers the planner's tests share. */
import { AppError, type PlanNode } from '@sqltune/contracts';

/** The node and all nodes below it, depth first. */
export function nodes(root: PlanNode): PlanNode[] {
  return [root, ...root.children.flatMap(nodes)];
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
