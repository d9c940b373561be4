import type { Dialect } from '@sqltune/contracts';
import { bindParameters } from '../mybatis/binding.ts';
import { sourceFile } from '../mybatis/source.ts';
import { Traced } from '../mybatis/traced.ts';
import type { SchemaModel } from '../schema/model.ts';
import { codeTokens, lex } from '../text/lexer.ts';
import type { WorkloadFormat } from './model.ts';

/**
 * A normalized statement (`$1`, `?`, mysqldumpslow's `N` and `'S'`) made plannable: each placeholder gets a
 * representative value typed from the column it is compared with, assigned or inserted into (the table structure),
 * as MyBatis parameters do (mybatis/binding.ts): 1, 2... for numbers, '2024-01-01' for dates, 'a', 'b'... for text.
 * The optimizer then plans the statement for those values, which stand for "some value of the column": with
 * statistics the estimate is the column's average selectivity for equality, close to what a generic plan assumes.
 * A digest's collapsed lists (`IN (...)`, `VALUES (?, ...)`) become one value. A slow log's statements carry real
 * values and are left as they are.
 */
export function representativeText(
  text: string,
  format: WorkloadFormat,
  dialect: Dialect,
  schema: SchemaModel,
): string {
  if (format === 'slow_log') return text;
  const mysql = dialect === 'mysql';
  let template = text;
  if (format === 'statements_by_digest') {
    template = template.replace(/\(\s*\.\.\.\s*\)/g, '(?)').replace(/,\s*\.\.\.(?=\s*[,)])/g, '');
  }
  const tokens = codeTokens(lex(template, { mysql }));
  const edits: Array<{ start: number; end: number; name: string }> = [];
  let counter = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const dollar = /^\$(\d+)$/.exec(token.text);
    if (dollar && format === 'pg_stat_statements')
      edits.push({ start: token.start, end: token.end, name: `p${dollar[1]}` });
    else if (token.text === '?' && token.kind === 'symbol')
      edits.push({ start: token.start, end: token.end, name: `q${++counter}` });
    else if (format === 'mysqldumpslow' && isDumpSlowValue(token.text, token.kind, tokens[i - 1]?.text)) {
      edits.push({ start: token.start, end: token.end, name: `q${++counter}` });
    }
  }
  let withParameters = template;
  for (const edit of edits.reverse()) {
    const before = tokens.findLast((t) => t.end <= edit.start)?.text.toUpperCase() ?? '';
    // A typed literal (`DATE ?`) names its type itself; binding would look for a column before the keyword.
    const value = typedLiteralValue[before] ?? `#{${edit.name}}`;
    withParameters = `${withParameters.slice(0, edit.start)}${value}${withParameters.slice(edit.end)}`;
  }
  const file = sourceFile('workload', withParameters);
  return bindParameters(
    Traced.fromSource(
      withParameters,
      file,
      Array.from(withParameters, (_, i) => i),
      0,
    ),
    new Map(),
    schema,
    dialect,
  ).sql.text;
}

const typedLiteralValue: Record<string, string> = {
  DATE: "'2024-01-15'",
  TIMESTAMP: "'2024-01-15 00:00:00'",
  TIME: "'12:00:00'",
  INTERVAL: "'1'",
};

/** mysqldumpslow writes every number as `N` (and `N.N`) and every string as 'S' or "S". */
function isDumpSlowValue(text: string, kind: string, before: string | undefined): boolean {
  if (kind === 'string') return text === "'S'" || text === '"S"';
  return kind === 'word' && (text === 'N' || text === 'N.N') && before !== '.';
}
