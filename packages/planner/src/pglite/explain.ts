/**
 * EXPLAIN of a user's statement on PostgreSQL (PGlite or a real server), shared by both backends. The statement
 * reaches the server only through the extended protocol (`query`), which runs exactly one statement: nothing after a
 * `;` the lexer missed can run (docs/security.md, C1). The caller holds a transaction and rolls it back.
 */
import { ErrorCode } from '@sqltune/contracts';
import type { Token } from '../sql-text.ts';
import { appErrorFromPg } from './pg-errors.ts';
import { explainTextOf } from './plan-json.ts';
import { PgError, type PgliteInstance } from './pool.ts';

/** What EXPLAIN needs of a connection: PGlite's instance, or a sandbox server's connection. */
export type Explainer = Pick<PgliteInstance, 'query'>;

export interface Explained {
  /** EXPLAIN (FORMAT JSON) output. */
  json: unknown;
  /** The text EXPLAIN, for display. */
  text: string;
}

/** The name of the prepared statement a statement with parameters is explained through; DEALLOCATE it after. */
export const GENERIC_STATEMENT = 'sqltune_generic';

const EXPLAIN_JSON = 'EXPLAIN (FORMAT JSON) ';
const PREPARE_PREFIX = `PREPARE ${GENERIC_STATEMENT} AS `;

/**
 * The plan of `statement` (`tokens` are its tokens). A statement with `$1` parameters is prepared, then explained
 * with plan_cache_mode = force_generic_plan: the plan EXPLAIN (GENERIC_PLAN) shows, which PostgreSQL 15 lacks and
 * which needs the simple protocol anyway. The NULL arguments are never planned with: the plan is generic.
 * A server error becomes 4202 at its line/column in the statement.
 */
export async function explainStatement(db: Explainer, statement: string, tokens: Token[]): Promise<Explained> {
  const parameters = parameterCount(tokens);
  if (parameters === 0) {
    const r = await placed(statement, EXPLAIN_JSON, () => db.query<Record<string, unknown>>(EXPLAIN_JSON + statement));
    const t = await db.query<Record<string, unknown>>(`EXPLAIN ${statement}`);
    return { json: r.rows[0]?.['QUERY PLAN'], text: explainTextOf(t.rows) };
  }
  await placed(statement, PREPARE_PREFIX, () => db.query(PREPARE_PREFIX + statement));
  await db.query('SET LOCAL plan_cache_mode = force_generic_plan');
  const execute = `EXECUTE ${GENERIC_STATEMENT}(${new Array(parameters).fill('NULL').join(', ')})`;
  const r = await placed(statement, '', () => db.query<Record<string, unknown>>(EXPLAIN_JSON + execute));
  const t = await db.query<Record<string, unknown>>(`EXPLAIN ${execute}`);
  return { json: r.rows[0]?.['QUERY PLAN'], text: explainTextOf(t.rows) };
}

/** The highest `$n` of the statement: how many arguments EXECUTE needs. */
export function parameterCount(tokens: Token[]): number {
  return tokens.reduce((max, t) => (t.kind === 'param' ? Math.max(max, Number(t.value) || 0) : max), 0);
}

/** Runs `work`; a server error becomes 4202 at its line/column in the statement (`prefix` was sent before it). */
async function placed<T>(statement: string, prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PgError)) throw error;
    throw appErrorFromPg(
      ErrorCode.CONTENT_INVALID,
      error,
      { source: statement, sourceOffset: 0, sent: prefix + statement, prefixLength: prefix.length, fallbackOffset: 0 },
      { zh: '语句无法生成执行计划，', en: 'The statement can not be planned' },
    );
  }
}
