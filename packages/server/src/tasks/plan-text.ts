import type { Dialect } from '@sqltune/contracts';
import { parseUserPlan } from '@sqltune/engine';

/**
 * A pasted execution plan is read at submission, with the parser the report uses, so that a plan we cannot read
 * is refused at once: AppError 4204, field 'plan', the line and column of the first offending line, and a message
 * listing the formats accepted for the statement's dialect (a plan of the other dialect is refused too).
 */
export function checkPlanText(text: string, dialect: Dialect): void {
  parseUserPlan(text, dialect);
}
