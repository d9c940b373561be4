import { codeTokens, lex } from './lexer.ts';

/**
 * The statements that change data, by their first word: the web app refuses them (4205, AnalyzeInput.dataChanges),
 * both in the browser before sending and in the engine. One list, so the two cannot disagree.
 */
export const DATA_CHANGE_WORDS: ReadonlySet<string> = new Set(['INSERT', 'REPLACE', 'DELETE']);

/**
 * Whether a statement's first code word (after comments and opening parentheses: `(DELETE ...)` is no query) names a
 * data change. PostgreSQL has no REPLACE statement; its `REPLACE` would fail to parse anyway.
 */
export function isDataChange(statement: string, mysql: boolean): boolean {
  const first = codeTokens(lex(statement, { mysql })).find((t) => t.text !== '(');
  return first?.kind === 'word' && DATA_CHANGE_WORDS.has(first.text.toUpperCase());
}
