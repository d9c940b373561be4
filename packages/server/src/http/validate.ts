import { AppError, ErrorCode } from '@sqltune/contracts';
import type { z } from 'zod';

/** Validates a request body with zod; the first problem becomes a 400 naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  if (field === 'email') throw new AppError(ErrorCode.INVALID_EMAIL, { field });
  throw new AppError(ErrorCode.BAD_REQUEST, {
    field,
    message: { zh: `字段 ${field} 无效：${issue.message}`, en: `invalid field ${field}: ${issue.message}` },
  });
}
