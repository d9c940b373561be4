import type { Dialect } from '@sqltune/contracts';
import { lex } from '../text/lexer.ts';
import { positionAt } from '../text/position.ts';

export interface StatementSlice {
  text: string;
  offset: number;
  line: number;
}

/**
 * Splits input into statements at top-level semicolons. Comments and blanks between statements are
 * dropped; a statement keeps its own leading comments out of its text so offsets point at code. The marks of MySQL's
 * executable comments (`/*!50100` and its `*\/`, which the lexer gives as comment tokens around the code they hold)
 * are code: `... /*!50100 PARTITION BY ... *\/;` keeps its closing mark, or the server would read an unclosed comment.
 */
export function splitStatements(input: string, dialect: Dialect): StatementSlice[] {
  const tokens = lex(input, { mysql: dialect === 'mysql' });
  const slices: StatementSlice[] = [];
  let start = -1;
  let end = -1;
  const flush = () => {
    if (start >= 0) slices.push({ text: input.slice(start, end), offset: start, line: positionAt(input, start).line });
    start = -1;
  };
  for (const token of tokens) {
    if (token.kind === 'symbol' && token.text === ';') {
      flush();
      continue;
    }
    const code = token.kind !== 'comment' || executableMark(token.text);
    if (token.kind === 'space' || (!code && start < 0)) continue;
    if (start < 0) start = token.start;
    if (code) end = token.end;
  }
  flush();
  return slices;
}

/** An executable comment's opening or closing mark: a whole comment is never just these. */
const executableMark = (text: string) => text === '*/' || /^\/\*M?!\d*$/.test(text);
