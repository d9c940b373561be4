import type { Dialect } from '@sqltune/contracts';
import { isKeyword, type Token, topLevelIndex } from '../text/lexer.ts';

/** The statement a data step is, by its verb (a `WITH ...` step by its main statement's). */
export type DataVerb = 'INSERT' | 'REPLACE' | 'UPDATE' | 'DELETE' | 'MERGE' | 'TRUNCATE';

/**
 * A migration history's data step: an `UPDATE` / `DELETE` backfill, an `INSERT ... SELECT` or a seed's `INSERT ...
 * VALUES` (with ON CONFLICT / ON DUPLICATE KEY UPDATE), MySQL's REPLACE and multi-table UPDATE / DELETE, PostgreSQL's
 * `DELETE ... USING`, MERGE, TRUNCATE (a history's "empty the staging table") and a `WITH ...` whose main statement
 * is one of these. The sandboxes plan over empty tables with the statistics given, so a data step changes no plan:
 * skipped-code.ts blanks it with a note, and it is never sent to any database nor evaluated. Only a statement of the
 * verb's own shape is one (a target name, then the clause the verb needs: SET, FROM, VALUES / SELECT ...); anything
 * else stays with the allow lists, which refuse it with 4203.
 * Returns the verb and the index of the target's first token.
 */
export function dataStep(tokens: Token[], dialect: Dialect): { verb: DataVerb; target: number } | undefined {
  const start = isKeyword(tokens[0], 'WITH') ? mainStatementOf(tokens) : 0;
  const verb = tokens[start]?.kind === 'word' ? tokens[start]!.text.toUpperCase() : '';
  const mysql = dialect === 'mysql';
  let i = skipWords(tokens, start + 1, mysql ? MYSQL_MODIFIERS : ['ONLY']);
  if (verb === 'INSERT' || (verb === 'REPLACE' && mysql)) {
    if (isKeyword(tokens[i], 'INTO')) i++;
    else if (!mysql) return undefined;
    return found(tokens, verb, i, mysql ? INSERT_CLAUSES : ['VALUES', 'SELECT', 'DEFAULT', 'TABLE']);
  }
  if (verb === 'UPDATE') return found(tokens, verb, i, ['SET']);
  if (verb === 'DELETE') {
    // MySQL's multi-table `DELETE ur FROM user_roles ur JOIN ...` names its targets (aliases) before FROM: the
    // step is named by the first table after FROM.
    if (mysql && !isKeyword(tokens[i], 'FROM')) {
      const from = clauseAt(tokens, i + 1, ['FROM']);
      return from < 0 || !found(tokens, verb, i, []) ? undefined : found(tokens, verb, from + 1, []);
    }
    if (!isKeyword(tokens[i], 'FROM')) return undefined;
    return found(tokens, verb, skipWords(tokens, i + 1, ['ONLY']), []);
  }
  if (verb === 'MERGE' && !mysql && isKeyword(tokens[i], 'INTO')) return found(tokens, verb, i + 1, ['USING']);
  // `TRUNCATE [TABLE] [ONLY] t [, u] [RESTART IDENTITY] [CASCADE]`, not inside a WITH.
  if (verb === 'TRUNCATE' && start === 0) return found(tokens, verb, skipWords(tokens, 1, ['TABLE', 'ONLY']), []);
  return undefined;
}

/** MySQL's priority and IGNORE words between the verb and its target. */
const MYSQL_MODIFIERS = ['LOW_PRIORITY', 'HIGH_PRIORITY', 'DELAYED', 'QUICK', 'IGNORE'];

/** MySQL's INSERT takes its rows from VALUES / VALUE, a SELECT, a TABLE or `SET c = ...`. */
const INSERT_CLAUSES = ['VALUES', 'VALUE', 'SELECT', 'TABLE', 'SET'];

function skipWords(tokens: Token[], from: number, words: string[]): number {
  let i = from;
  while (words.some((w) => isKeyword(tokens[i], w))) i++;
  return i;
}

/** The step when a name stands at `target` and one of `clauses` (none: no clause needed) follows it outside brackets. */
function found(
  tokens: Token[],
  verb: string,
  target: number,
  clauses: string[],
): { verb: DataVerb; target: number } | undefined {
  const name = tokens[target];
  if (name?.kind !== 'word' && name?.kind !== 'quoted') return undefined;
  if (clauses.length > 0 && !hasClause(tokens, target + 1, clauses)) return undefined;
  return { verb: verb as DataVerb, target };
}

/** Whether one of `clauses` stands from `from` outside any parentheses. */
function hasClause(tokens: Token[], from: number, clauses: string[]): boolean {
  return clauseAt(tokens, from, clauses) >= 0;
}

/** Where the first of `clauses` stands from `from` outside any parentheses, or -1 (a dump's rows are long: it stops there). */
const clauseAt = (tokens: Token[], from: number, clauses: string[]) =>
  topLevelIndex(tokens, from, (token) => clauses.some((c) => isKeyword(token, c)));

/**
 * The index of a `WITH` statement's main statement: the first word after a common table expression's closing
 * parenthesis that is not part of the list (AS, SEARCH, CYCLE, a comma's next name); -1 when there is none.
 */
function mainStatementOf(tokens: Token[]): number {
  let depth = 0;
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    else if (depth === 0 && tokens[i - 1]?.text === ')' && MAIN_WORDS.some((w) => isKeyword(token, w))) return i;
  }
  return -1;
}

const MAIN_WORDS = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT', 'VALUES', 'TABLE'];
