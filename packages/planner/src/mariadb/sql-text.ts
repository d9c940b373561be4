/**
 * MySQL-only helpers on the planner's lexer (../sql-text.ts): quoting, error lines, table aliases and sample values
 * for `?` parameters.
 */
import { KEYWORDS_BEFORE_VALUE, nameOf, type Token, tokenize } from '../sql-text.ts';

/** Offset where 1-based line `line` starts (the text length when there are fewer lines). */
export function lineStartOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return offset;
}

/** `name` as a MySQL identifier. */
export function quoteIdent(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

/** `value` as a MySQL string literal (backslashes escaped, as the default sql_mode needs). */
export function quoteString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\0/g, '\\0')}'`;
}

const NOT_ALIAS = new Set([
  'WHERE',
  'JOIN',
  'ON',
  'USING',
  'LEFT',
  'RIGHT',
  'INNER',
  'OUTER',
  'CROSS',
  'NATURAL',
  'STRAIGHT_JOIN',
  'GROUP',
  'ORDER',
  'LIMIT',
  'HAVING',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'FORCE',
  'USE',
  'IGNORE',
  'WINDOW',
  'FOR',
  'LOCK',
  'INTO',
  'PARTITION',
  'SET',
  'FULL',
  'RETURNING',
  'PROCEDURE',
  'AS',
  'SELECT',
  'VALUES',
  'OFFSET',
  'FETCH',
]);
/** Words that end a FROM list at its own depth (the next clause, or the statement's next part). */
export const FROM_END: ReadonlySet<string> = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'WINDOW',
  'SELECT',
  'SET',
  'RETURNING',
  'INTO',
  'FOR',
  'LOCK',
]);

/** One table of a FROM / JOIN / UPDATE / INSERT INTO clause: its name's parts (`db`, `orders`) and its alias. */
export interface TableFactor {
  /** Indexes of the name's tokens, the table's last (a database qualifier blanked to spaces leaves only the table). */
  parts: number[];
  /** Index of the alias's token, when it has one. */
  alias?: number;
}

/** The tables of the statement's FROM / JOIN / UPDATE / DELETE / INSERT INTO clauses, with their aliases. */
export function tableFactors(tokens: Token[]): TableFactor[] {
  const factors: TableFactor[] = [];
  const fromDepths: number[] = [];
  const tableFactor = (i: number): void => {
    let t = tokens[i];
    // `    .orders`: a database qualifier blanked (names.ts) leaves its dot.
    if (t?.kind === 'punct' && t.value === '.' && nameOf(tokens[i + 1]) !== undefined) t = tokens[++i];
    if (!t || (t.kind === 'punct' && t.value === '(')) return;
    if (t.kind === 'word' && NOT_ALIAS.has(t.value)) return;
    if (nameOf(t) === undefined) return;
    const parts = [i];
    let k = i + 1;
    while (tokens[k]?.kind === 'punct' && tokens[k].value === '.' && nameOf(tokens[k + 1]) !== undefined) {
      parts.push(k + 1);
      k += 2;
    }
    if (tokens[k]?.kind === 'word' && tokens[k].value === 'AS') k++;
    const aliasToken = tokens[k];
    const named = nameOf(aliasToken) !== undefined && !(aliasToken?.kind === 'word' && NOT_ALIAS.has(aliasToken.value));
    factors.push(named ? { parts, alias: k } : { parts });
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    while (fromDepths.length > 0 && t.depth < fromDepths[fromDepths.length - 1]) fromDepths.pop();
    if (t.kind === 'word') {
      if (t.value === 'FROM' || t.value === 'UPDATE' || (t.value === 'INTO' && tokens[i - 1]?.value === 'INSERT')) {
        fromDepths.push(t.depth);
        tableFactor(i + 1);
      } else if (t.value === 'JOIN' || t.value === 'STRAIGHT_JOIN') {
        tableFactor(i + 1);
      } else if (FROM_END.has(t.value) && fromDepths[fromDepths.length - 1] === t.depth) {
        fromDepths.pop();
      }
    } else if (t.kind === 'punct' && t.value === ',' && fromDepths[fromDepths.length - 1] === t.depth) {
      tableFactor(i + 1);
    }
  }
  return factors;
}

/**
 * Alias -> table name from the statement's FROM / JOIN / UPDATE / DELETE clauses (`orders o`, `orders AS o`,
 * `db.orders o`); a table without an alias maps to itself. Lower-cased keys are added too.
 */
export function tableAliases(sql: string): Map<string, string> {
  const tokens = tokenize(sql, 'mysql');
  const map = new Map<string, string>();
  const add = (alias: string, table: string) => {
    if (!map.has(alias)) map.set(alias, table);
    if (!map.has(alias.toLowerCase())) map.set(alias.toLowerCase(), table);
  };
  for (const { parts, alias } of tableFactors(tokens)) {
    const name = nameOf(tokens[parts.at(-1)!]) as string;
    add(name, name);
    if (alias !== undefined) add(nameOf(tokens[alias]) as string, name);
  }
  return map;
}

/** A sample literal for a column of this information_schema DATA_TYPE; `n` (1, 2, ...) varies numbers and strings. */
export function sampleLiteral(dataType: string | undefined, n = 1): string {
  switch ((dataType ?? '').toLowerCase()) {
    case 'date':
      return "'2024-01-01'";
    case 'datetime':
    case 'timestamp':
      return "'2024-01-01 00:00:00'";
    case 'time':
      return "'12:00:00'";
    case 'year':
      return '2024';
    case 'char':
    case 'varchar':
    case 'text':
    case 'tinytext':
    case 'mediumtext':
    case 'longtext':
    case 'enum':
    case 'set':
    case 'binary':
    case 'varbinary':
    case 'blob':
    case 'json':
      return `'${String.fromCharCode(97 + ((n - 1) % 26))}'`;
    default:
      return String(n);
  }
}

/**
 * Replaces `?` parameters (MyBatis `#{}` placeholders) with sample literals so MariaDB can EXPLAIN the statement:
 * the literal follows the type of the column the parameter is compared with (`col = ?`, `col IN (?, ?)`,
 * `col BETWEEN ? AND ?`, `col LIKE ?`, `? = col`), found through `columnType(name)`; LIMIT/OFFSET get 10 / 0;
 * anything else gets 1. Returns the text and how many were replaced.
 */
export function substituteParameters(
  sql: string,
  columnType: (column: string) => string | undefined,
): { text: string; count: number } {
  const tokens = tokenize(sql, 'mysql');
  const params = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.kind === 'param');
  if (params.length === 0) return { text: sql, count: 0 };
  const isColumn = (t: Token | undefined) =>
    t !== undefined && (t.kind === 'qident' || (t.kind === 'word' && !KEYWORDS_BEFORE_VALUE.mysql.has(t.value)));
  const columnBefore = (i: number): string | undefined => {
    // Walk back over the operator / IN ( / BETWEEN / LIKE / commas of an IN list to the column.
    let k = i - 1;
    while (k >= 0) {
      const t = tokens[k];
      if (
        t.kind === 'param' ||
        (t.kind === 'punct' && (t.value === ',' || t.value === '(')) ||
        t.kind === 'string' ||
        t.kind === 'number'
      ) {
        k--;
        continue;
      }
      if (
        t.kind === 'op' ||
        (t.kind === 'word' && ['IN', 'NOT', 'BETWEEN', 'LIKE', 'AND', 'IS', 'REGEXP', 'RLIKE'].includes(t.value))
      ) {
        if (t.kind === 'word' && t.value === 'AND') {
          // Only the AND of a BETWEEN: look for BETWEEN two tokens back.
          if (tokens[k - 2]?.value !== 'BETWEEN') return undefined;
        }
        k--;
        continue;
      }
      if (isColumn(t)) return nameOf(t);
      return undefined;
    }
    return undefined;
  };
  let out = '';
  let last = 0;
  let n = 0;
  for (const { t, i } of params) {
    n++;
    const prev = tokens[i - 1];
    let literal: string;
    if (prev?.kind === 'word' && (prev.value === 'LIMIT' || prev.value === 'OFFSET'))
      literal = prev.value === 'LIMIT' ? '10' : '0';
    else if (prev?.kind === 'punct' && prev.value === ',' && tokens[i - 3]?.value === 'LIMIT') literal = '10';
    else {
      let column = columnBefore(i);
      const next = tokens[i + 1];
      if (!column && next?.kind === 'op' && isColumn(tokens[i + 2])) column = nameOf(tokens[i + 2]);
      literal = sampleLiteral(column ? columnType(column) : undefined, n);
    }
    out += sql.slice(last, t.start) + literal;
    last = t.end;
  }
  out += sql.slice(last);
  return { text: out, count: params.length };
}
