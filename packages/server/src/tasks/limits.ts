import {
  AppError,
  type Dialect,
  ErrorCode,
  FIELD_BYTE_LIMITS,
  formatByteLimit,
  type MapperFramework,
  type SubmissionField,
} from '@sqltune/contracts';
import { readMapperFile, sourceFile, sourcePosition, splitStatements } from '@sqltune/engine';

/**
 * The bounds of one submission (docs/design.md, "Bounded input"). The field sizes are the shared ones of
 * @sqltune/contracts (limits.ts), which the web app checks too; a larger field is refused with 4207, never cut.
 */
export { FIELD_BYTE_LIMITS, MAX_FIELD_BYTES, type SubmissionField } from '@sqltune/contracts';
/** Statements per submission: each is analyzed, verified and planned on its own, so this bounds a task's work. */
export const MAX_STATEMENTS = 500;
/**
 * Statements (`select`, `insert`, `update`, `delete`) per mapper: each expands into up to MAX_VARIANTS (16) texts
 * planned like submitted statements, so a mapper of 200 is already up to 3200 of them (the size of bench:mybatis).
 */
export const MAX_MAPPER_STATEMENTS = 200;

/** The code a problem in each field is reported with (a file's content is the SQL). */
const codeOfField = {
  sql: ErrorCode.CONTENT_INVALID,
  file: ErrorCode.CONTENT_INVALID,
  schema: ErrorCode.TABLE_STRUCTURE_INVALID,
  stats: ErrorCode.TABLE_STRUCTURE_INVALID,
  plan: ErrorCode.PLAN_INVALID,
  workload: ErrorCode.WORKLOAD_INVALID,
} as const;
/** The field as the user knows it: `file` when the SQL came as an uploaded file. */
export type FieldLabel = keyof typeof codeOfField;

export function fieldTooLarge(field: SubmissionField, label: FieldLabel = field): AppError {
  const limit = formatByteLimit(FIELD_BYTE_LIMITS[field]);
  return new AppError(ErrorCode.FIELD_TOO_LARGE, {
    field: label,
    message: {
      zh: `${label} 超过大小上限：每次提交最多 ${limit}`,
      en: `${label} is over its size limit: at most ${limit} per submission`,
    },
  });
}

export function checkFieldSize(field: SubmissionField, text: string, label: FieldLabel = field): void {
  if (Buffer.byteLength(text, 'utf8') > FIELD_BYTE_LIMITS[field]) throw fieldTooLarge(field, label);
}

/** A NUL character cannot be stored or parsed: refused with the field's content code and its position. */
export function checkNoNul(label: FieldLabel, text: string): void {
  const at = text.indexOf('\0');
  if (at < 0) return;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  throw new AppError(codeOfField[label], {
    field: label,
    line,
    column,
    message: {
      zh: `${label} 第 ${line} 行第 ${column} 列含有 NUL 字符（\\0），请删除后再提交`,
      en: `${label} holds a NUL character (\\0) at line ${line}, column ${column}: remove it and submit again`,
    },
  });
}

/**
 * Counts the statements with the engine's splitter, refusing more than `max` without splitting everything: the
 * splitter's cost grows with statements x length, so it reads a prefix first and four times more each round. Up to
 * its first statement with a `(` the prefix does not close (which the rest of the text may close, taking the
 * prefix's later semicolons inside it), a prefix's statements are the whole text's, but for one more (its cut last
 * token): more than max + 1 of those settles it.
 */
export function countStatements(text: string, dialect: Dialect, max = MAX_STATEMENTS): number {
  for (let length = 8 * 1024; ; length *= 4) {
    const whole = length >= text.length;
    const slices = splitStatements(whole ? text : text.slice(0, length), dialect);
    const unclosed = slices.findIndex((slice) => slice.unclosedParenthesis);
    const certain = whole || unclosed < 0 ? slices.length : unclosed + 1;
    if (certain > max + (whole ? 0 : 1)) throw tooManyStatements(max, slices[max]!.line);
    if (whole) return slices.length;
  }
}

/**
 * Reads a mapper (4202 with line and column when it is not well-formed XML or not a mapper of `framework`) and
 * refuses more than `max` statements, at the first one over.
 */
export function countMapperStatements(
  file: { name: string; text: string },
  framework: MapperFramework | null,
  max = MAX_MAPPER_STATEMENTS,
): number {
  const mapper = readMapperFile(sourceFile(file.name, file.text), framework ?? undefined);
  const firstOver = mapper.statements[max];
  if (firstOver) {
    const { line } = sourcePosition(firstOver.site.file, firstOver.site.start);
    throw tooManyStatements(max, line, 'file');
  }
  return mapper.statements.length;
}

export function tooManyStatements(max: number, lineOfFirstOver: number, field = 'sql'): AppError {
  return new AppError(ErrorCode.TOO_MANY_STATEMENTS, {
    field,
    line: lineOfFirstOver,
    column: 1,
    message: {
      zh: `一次最多提交 ${max} 条语句，第 ${max + 1} 条从第 ${lineOfFirstOver} 行开始，请拆分后分次提交`,
      en: `at most ${max} statements per submission; statement ${max + 1} starts at line ${lineOfFirstOver}: split the input and submit the parts`,
    },
  });
}
