import { AppError, type Dialect, ErrorCode, type IndexAdvice, type Localized } from '@sqltune/contracts';
import {
  type Analysis,
  findTable,
  type InferredTables,
  inferMissingTables,
  type SchemaModel,
  type StatementAnalysis,
} from '@sqltune/engine';

/**
 * What the planner does with the tables a given structure left out (the engine's inferred-tables.ts): plans them as
 * inferred, says so on every index advised on one, and on an error of a statement that reads one.
 */

/** The tables the statements that parsed read and the structure does not hold, inferred; undefined for none. */
export function inferredFor(analysis: Analysis, dialect: Dialect): InferredTables | undefined {
  const statements = analysis.statements.flatMap((item) => (item.error ? [] : [item.statement]));
  return inferMissingTables(statements, analysis.schema, dialect);
}

/** An index on an inferred table: the reason says that the table's real indexes are not known. */
export function onInferredTables(indexes: IndexAdvice[], schema: SchemaModel): IndexAdvice[] {
  return indexes.map((index) => {
    if (!findTable(schema, index.table)?.inferred) return index;
    const caveat = inferredCaveat(index.table);
    return { ...index, reason: { zh: `${index.reason.zh}${caveat.zh}`, en: `${index.reason.en} ${caveat.en}` } };
  });
}

function inferredCaveat(table: string): Localized {
  return {
    zh: `（表结构中没有 ${table}，它的列由语句推断：请先确认该表上没有同样的索引。）`,
    en: `(${table} is not in the table structure and its columns were inferred from the statement: check that it has no such index already.)`,
  };
}

/**
 * A statement that could not be planned while it reads an inferred table: the inference may be why (a column's
 * guessed type, a column of another table), and the error says so after the database's message.
 */
export function withInferredHint(
  error: AppError,
  item: StatementAnalysis,
  inferred: InferredTables | undefined,
): AppError {
  if (!inferred || error.code !== ErrorCode.CONTENT_INVALID) return error;
  const names = new Set(inferred.tables.map((t) => t.name.toLowerCase()));
  const read = [...new Set(item.statement.tables.map((t) => t.name).filter((name) => names.has(name.toLowerCase())))];
  if (read.length === 0) return error;
  const list = read.join(', ');
  const { detail } = error;
  const message: Localized = {
    zh: `${detail.message.zh}（表结构中没有 ${read.join('、')}，已按语句推断的列规划，推断可能与真实结构不符：请补充它们的 CREATE TABLE。）`,
    en: `${detail.message.en} (${list} ${read.length > 1 ? 'are' : 'is'} not in the table structure and ${read.length > 1 ? 'were' : 'was'} planned with columns inferred from the statement, which may not match the real ones: add ${read.length > 1 ? 'their' : 'its'} CREATE TABLE.)`,
  };
  return new AppError(error.code, { ...detail, message }, error.httpStatus);
}
