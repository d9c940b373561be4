import { AppError, ErrorCode } from '@sqltune/contracts';

/** The form field a problem is in: the table structure (`schemaText`) or the statistics (`statsText`). */
export type InputField = 'schema' | 'stats';

/** A 1-based position in the field's text (a pasted cell will do: only line and column are read). */
export interface Where {
  line: number;
  column: number;
}

/** A 4203 error in the table structure field. */
export function structureError(at: Where, en: string, zh: string): AppError {
  return new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
    field: 'schema',
    line: at.line,
    column: at.column,
    message: { zh, en },
  });
}

/** A 4203 error about statistics, in whichever field they were given. */
export function statisticsError(field: InputField, at: Where, en: string, zh: string): AppError {
  return new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
    field,
    line: at.line,
    column: at.column,
    message: { zh: `统计信息有误：${zh}`, en: `statistics: ${en}` },
  });
}
