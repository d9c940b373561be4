/**
 * MyBatis' SQL log (also MyBatis-Plus', through its logger's prefix: `... c.e.UserMapper.selectById : `) pasted as
 * it is: `==>  Preparing: SELECT ... WHERE id = ?`, then `==> Parameters: 18(Integer)` and the `<==` lines of the
 * result. The statement is the SQL of each Preparing line; the log's own lines are no SQL. `logMasked` gives the
 * input with the Preparing prefixes blanked and each other log line blanked to a `;` (the end of the statement
 * before it), the same length, so positions stay those of the text as written. Text without a Preparing line at the
 * start of a line is returned as it is: a string that merely holds `==>` is never touched.
 */
const PREPARING = /^[^\n'"`]*?==>\s*Preparing:[ \t]?/;
const LOG_LINE = /^[^\n'"`]*?(?:==>\s*Parameters:|<==\s*(?:Columns|Row|Total|Updates):)/;

export function logMasked(input: string): string {
  if (!/^[^\n'"`]*?==>\s*Preparing:/m.test(input)) return input;
  return input
    .split('\n')
    .map((line) => {
      const prefix = PREPARING.exec(line)?.[0];
      if (prefix) return ' '.repeat(prefix.length) + line.slice(prefix.length);
      return LOG_LINE.test(line) ? `;${' '.repeat(line.length - 1)}` : line;
    })
    .join('\n');
}

/** The log prefix written before a statement read from a Preparing line (`==>  Preparing: `), or ''. */
export function logPrefixBefore(input: string, offset: number): string {
  const before = input.slice(input.lastIndexOf('\n', offset - 1) + 1, offset);
  return PREPARING.exec(before)?.[0] === before ? before : '';
}
