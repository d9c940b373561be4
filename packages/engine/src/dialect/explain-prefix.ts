import type { Dialect } from '@sqltune/contracts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';

/**
 * Where the statement under an EXPLAIN prefix starts in `text` (0 when there is none). People paste the statement
 * as they ran it to see its plan; the statement is what SQLTune analyzes, plans and rewrites, so the prefix is read
 * as text written before it (like its leading comments). The prefixes:
 *  - MySQL / MariaDB: `EXPLAIN | DESCRIBE | DESC [EXTENDED | PARTITIONS] [FORMAT = name] [ANALYZE] [FORMAT = name]`,
 *    and MariaDB's `ANALYZE [FORMAT = JSON]`;
 *  - PostgreSQL: `EXPLAIN [ANALYZE] [VERBOSE]` and `EXPLAIN (option [value] [, ...])`.
 * Only before a statement EXPLAIN takes: `DESCRIBE t`, `EXPLAIN FOR CONNECTION 5` and PostgreSQL's `ANALYZE t` stay
 * what they are.
 */
export function explainPrefixEnd(text: string, dialect: Dialect): number {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  const first = tokens[0];
  const starters = dialect === 'mysql' ? ['EXPLAIN', 'DESCRIBE', 'DESC', 'ANALYZE'] : ['EXPLAIN'];
  if (!starters.some((word) => isKeyword(first, word))) return 0;
  let i = 1;
  if (dialect === 'postgresql' && tokens[i]?.text === '(') i = afterParentheses(tokens, i);
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (OPTION_WORDS.some((word) => isKeyword(token, word))) i++;
    else if (isKeyword(token, 'FORMAT') && dialect === 'mysql') i += tokens[i + 1]?.text === '=' ? 3 : 2;
    else break;
  }
  const next = tokens[i];
  const startsStatement = next?.text === '(' || STATEMENT_WORDS.some((word) => isKeyword(next, word));
  return startsStatement ? next!.start : 0;
}

const OPTION_WORDS = ['ANALYZE', 'ANALYSE', 'VERBOSE', 'EXTENDED', 'PARTITIONS'];

// Not TABLE: MySQL's `ANALYZE TABLE t` is no prefix.
const STATEMENT_WORDS = ['SELECT', 'WITH', 'INSERT', 'UPDATE', 'DELETE', 'REPLACE', 'VALUES'];

/** The index after the `)` that closes the `(` at `open` (tokens.length when it is never closed). */
function afterParentheses(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') depth++;
    else if (tokens[i]!.text === ')' && --depth === 0) return i + 1;
  }
  return tokens.length;
}
