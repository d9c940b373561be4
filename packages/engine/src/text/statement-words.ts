import { codeTokens, lex } from './lexer.ts';

/**
 * The statements that change data, by their first word: the web app refuses them (4205, AnalyzeInput.dataChanges),
 * both in the browser before sending and in the engine. One list, so the two cannot disagree.
 */
const DATA_CHANGE_WORDS: ReadonlySet<string> = new Set(['INSERT', 'REPLACE', 'DELETE']);

/**
 * PostgreSQL's MERGE (15+) inserts and deletes as its WHEN clauses say, so it is refused where INSERT and DELETE are.
 * MySQL has no MERGE: there it stays a syntax error at its place (4202), not a refused data change.
 */
const POSTGRES_DATA_CHANGE_WORDS: ReadonlySet<string> = new Set([...DATA_CHANGE_WORDS, 'MERGE']);

/** The data-change words of a dialect (MySQL's, or PostgreSQL's with MERGE). */
export function dataChangeWords(mysql: boolean): ReadonlySet<string> {
  return mysql ? DATA_CHANGE_WORDS : POSTGRES_DATA_CHANGE_WORDS;
}

/**
 * Whether a statement's first code word (after comments and opening parentheses: `(DELETE ...)` is no query) names a
 * data change. PostgreSQL has no REPLACE statement; its `REPLACE` would fail to parse anyway.
 */
export function isDataChange(statement: string, mysql: boolean): boolean {
  const first = codeTokens(lex(statement, { mysql })).find((t) => t.text !== '(');
  return first?.kind === 'word' && dataChangeWords(mysql).has(first.text.toUpperCase());
}
