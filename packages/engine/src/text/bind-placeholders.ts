import type { Dialect, Localized } from '@sqltune/contracts';
import { codeTokens, lex, type Token } from './lexer.ts';

/**
 * Bind parameters written the way another client library writes them, as pasted from application code: Python
 * DB-API's `%s` and `%(name)s` (format and pyformat), the named `:name` (JDBC named parameters, SQLAlchemy text(),
 * Oracle, PHP PDO) and the other dialect's own form (`?` in PostgreSQL, `$1` in MySQL). Each is read as the dialect's
 * bind parameter: `?` in MySQL, `$n` in PostgreSQL (a name used twice is the same `$n`, as the driver binds it).
 *
 * A form counts only where a value may stand (after an operator, `(`, `,` or a keyword such as AND, IN, LIMIT): after
 * an operand `a % s` stays a modulo, PostgreSQL's `data ? 'key'` a jsonb operator, `x::int` a cast and `arr[1:n]` a
 * slice. Strings, quoted names and comments are the lexer's, so `LIKE 'a%s'` is never touched.
 *
 * MyBatis `#{name}` (and `#{name,jdbcType=DATE}`) left in pasted SQL is a bind parameter too, but only for the text a
 * database plans (`withNativeParameters`, `bindPlaceholderNote`: MySQL would read `#{` as a comment, PostgreSQL `#` as
 * XOR); the engine's reader handles it with MyBatis' other forms (dialect/grammar-gaps.ts `templateParameters`).
 * `${...}` is text substituted into the statement, not a value: it stays, and the database says where it fails.
 */
export interface BindPlaceholder {
  start: number;
  end: number;
  /** The placeholder as written (`%(status)s`). */
  written: string;
  /** What the dialect's parser and database read in its place (`?`, `$2`). */
  native: string;
}

/** Keywords after which a value is expected. */
const valueAfter = new Set(
  'AND OR NOT IN LIKE ILIKE BETWEEN LIMIT OFFSET FIRST NEXT WHERE SET VALUES THEN ELSE WHEN SELECT IS ANY ALL SOME ON HAVING RETURN ESCAPE INTERVAL AGAINST'.split(
    ' ',
  ),
);

/** Symbols after which an operand is not expected: they end one (or, for `:` and `.`, are part of a name or cast). */
const operandEnds = new Set([')', ']', '}', ':', '.', ';']);

export function bindPlaceholders(
  text: string,
  dialect: Dialect,
  { mybatis = false }: { mybatis?: boolean } = {},
): BindPlaceholder[] {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  const found: Omit<BindPlaceholder, 'native'>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!valueExpected(tokens, i)) continue;
    const last =
      mybatis && tokens[i]!.text === '#' ? mybatisParameterEnd(tokens, i) : placeholderEnd(tokens, i, dialect);
    if (last < 0) continue;
    found.push({
      start: tokens[i]!.start,
      end: tokens[last]!.end,
      written: text.slice(tokens[i]!.start, tokens[last]!.end),
    });
    i = last;
  }
  if (dialect === 'mysql') return found.map((p) => ({ ...p, native: '?' }));
  // PostgreSQL numbers them after the `$n` already written.
  // A loop, not Math.max(...): a statement can hold more tokens than a call takes arguments (a 100,000-value IN list).
  let next = 0;
  for (const token of tokens) if (/^\$\d+$/.test(token.text)) next = Math.max(next, Number(token.text.slice(1)));
  const byName = new Map<string, string>();
  return found.map((p) => {
    const named = p.written === '%s' || p.written === '?' ? undefined : p.written;
    const native = (named && byName.get(named)) ?? `$${++next}`;
    if (named) byName.set(named, native);
    return { ...p, native };
  });
}

function valueExpected(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (!before) return false;
  if (before.kind === 'symbol') return !operandEnds.has(before.text);
  return before.kind === 'word' && valueAfter.has(before.text.toUpperCase());
}

/** The index of the last token of a placeholder starting at token `i`, or -1 when none starts there. */
function placeholderEnd(tokens: Token[], i: number, dialect: Dialect): number {
  const at = (k: number) => tokens[i + k];
  const glued = (k: number) => at(k) !== undefined && at(k)!.start === at(k - 1)!.end;
  const first = tokens[i]!.text;
  if (first === '%') {
    if (glued(1) && at(1)!.text === 's') return i + 1;
    const pyformat =
      glued(1) && at(1)!.text === '(' && glued(2) && /^\w+$/.test(at(2)!.text) && glued(3) && at(3)!.text === ')';
    if (pyformat && glued(4) && at(4)!.text === 's') return i + 4;
    return -1;
  }
  const before = tokens[i - 1]!;
  if (first === ':') {
    // `arr[:n]` is a slice from the start.
    if (before.text === '[') return -1;
    return glued(1) && /^(?:[A-Za-z_]\w*|\d+)$/.test(at(1)!.text) ? i + 1 : -1;
  }
  if (dialect === 'postgresql' && (first === '?' || (first === '@' && glued(1) && at(1)!.kind === 'word'))) {
    // Part of an operator (`@?`, `?|`, `?&`, `<@`, `@>`): PostgreSQL reads a run of operator characters as one
    // operator. A comparison glued to it is JDBC's logged `email=?` (Hibernate writes no blanks), which a driver
    // sends as `email = $1`: no built-in operator is a comparison followed by `?` or `@`.
    const gluedBefore = before.end === tokens[i]!.start && !'(,'.includes(before.text);
    const inOperator =
      (gluedBefore && !comparisonBefore(tokens, i)) ||
      (first === '?' && glued(1) && at(1)!.kind === 'symbol' && !'),;'.includes(at(1)!.text));
    if (inOperator) return -1;
    // `@name` is the named parameter .NET clients log (EF Core's `@__email_0`, Dapper's `@id`).
    return first === '@' ? i + 1 : i;
  }
  if (dialect === 'mysql' && /^\$\d+$/.test(first)) return i;
  return -1;
}

/** Whether the symbols glued before token `i` are one comparison operator (`=`, `<>`, `>=`...) after an operand. */
function comparisonBefore(tokens: Token[], i: number): boolean {
  let k = i;
  while (k > 0 && operatorCharacters.includes(tokens[k - 1]!.text) && tokens[k - 1]!.end === tokens[k]!.start) k--;
  const run = tokens
    .slice(k, i)
    .map((t) => t.text)
    .join('');
  return k > 0 && comparisons.has(run);
}

/** The characters PostgreSQL reads into one operator when written together. */
const operatorCharacters = '+-*/<>=~!@#%^&|`?';
const comparisons = new Set(['=', '<>', '!=', '<', '>', '<=', '>=']);

/** `#{...}` written without blanks between `#` and `{`, to its `}`: the index of the `}`, or -1. */
function mybatisParameterEnd(tokens: Token[], i: number): number {
  const open = tokens[i + 1];
  if (open?.text !== '{' || open.start !== tokens[i]!.end) return -1;
  for (let k = i + 2; k < tokens.length; k++) {
    const text = tokens[k]!.text;
    if (text === '}') return k;
    if (text === '{' || text === ';') return -1;
  }
  return -1;
}

/**
 * The text with each placeholder replaced by its native form, padded with blanks to the same length so positions a
 * database reports stay those of the text as written (a longer native form, `$10` for `%s`, shifts what follows).
 */
export function withNativeParameters(text: string, dialect: Dialect): string {
  const placeholders = bindPlaceholders(text, dialect, { mybatis: true });
  if (placeholders.length === 0) return text;
  let out = '';
  let from = 0;
  for (const p of placeholders) {
    out += text.slice(from, p.start) + p.native.padEnd(p.end - p.start, ' ');
    from = p.end;
  }
  return out + text.slice(from);
}

/** What the report says when the text held placeholders of another client's form; undefined when it held none. */
export function bindPlaceholderNote(text: string, dialect: Dialect): Localized | undefined {
  const written = [...new Set(bindPlaceholders(text, dialect, { mybatis: true }).map((p) => p.written))];
  if (written.length === 0) return undefined;
  const shown = written.slice(0, 5).join(', ') + (written.length > 5 ? ', ...' : '');
  const native = dialect === 'mysql' ? '?' : '$1, $2...';
  return {
    zh: `占位符 ${shown} 按绑定参数处理（即 ${native}），数据库按参数为其生成执行计划；语句的其他部分按原文读取。`,
    en: `The placeholders ${shown} were treated as bind parameters (${native}) and planned as the database plans parameters; the rest of the statement is read as written.`,
  };
}
