import type { Dialect } from '@sqltune/contracts';
import { parseStatements } from '../dialect/parse.ts';
import type { AstNode } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { type ColumnDef, findColumn, findTable, type SchemaModel, type TableDef, unquote } from '../schema/model.ts';
import { queryScopes, resolve } from '../semantics/scope.ts';
import { familyOfType, type TypeFamily } from '../semantics/types.ts';
import { codeTokens, lex, type Token } from '../text/lexer.ts';
import { type SubstitutionRole, substitutionRole, templatePlaceholders } from '../text/placeholders.ts';
import { sampleText, type Value } from './ognl.ts';
import { BOUND, type Traced } from './traced.ts';

/**
 * A variant with every `#{...}` replaced by a value an optimizer can plan with: typed from the column it is compared
 * with, assigned or inserted into (the table structure), else from its `jdbcType`, else a quoted number, which both
 * MySQL and PostgreSQL read as the type its context needs. LIMIT and OFFSET get 10 and 0, a LIKE pattern a prefix
 * pattern, a `<bind>` its value. Each parameter gets its own value (1, 2, 3...; 'a', 'b', 'c'...), so an IN list of a
 * `<foreach>` holds distinct values as it would at run time. `${...}` is left as written: its text is only known at
 * run time. One exception: a `${...}` that appends a piece of SQL after a finished condition (RuoYi's `WHERE
 * u.del_flag = '0' ${params.dataScope}`, a filter built in Java that is empty for some users) is planned as empty,
 * the statement as it runs when that filter adds nothing, and named in `emptied`; so is one glued before a table's
 * name the structure has (Flowable's `${prefix}ACT_RU_TASK`), the statement on that table. A `${...}` row count
 * (`LIMIT ${offset}, ${pageSize}`) gets the row counts a `#{...}` would. An ORDER BY with a `${...}` among its keys
 * (`ORDER BY ${orderBy} ${direction}`, `ORDER BY ${sort}, id`, the sort chosen at run time) is planned without,
 * together with its LIMIT, and named in `withoutSort` (runtimeSorts).
 */
export interface BoundText {
  readonly sql: Traced;
  /** How many `${...}` are left in the text (such a text is analyzed, not planned). */
  readonly substitutions: number;
  /** The `${...}` planned as empty, as written (`${params.dataScope}`). */
  readonly emptied: readonly string[];
  /** The ORDER BYs with run-time sort keys and their LIMITs, as written (comma-separated), that the text is planned without. */
  readonly withoutSort?: string;
}

export function bindParameters(
  template: Traced,
  binds: ReadonlyMap<string, Value>,
  schema: SchemaModel,
  dialect: Dialect,
): BoundText {
  const mysql = dialect === 'mysql';
  const tokens = codeTokens(lex(template.text, { mysql }));
  const placeholders = templatePlaceholders(tokens);
  const insertColumns = insertColumnsByToken(tokens);
  let bound = template;
  let substitutions = 0;
  let counter = 0;
  // One property written in two places has one value; one place rendered again by a loop gets a new one, and a
  // second loop over the same items (the same list read twice) gets the same values in the same order.
  const byName = new Map<string, { offset: number; values: string[]; renders: Map<number, number> }>();
  const emptied: string[] = [];
  // How often each written `#{}` renders: more than once, it is in a loop, and a loop's item named as a property
  // outside it (RuoYi's `business_type = #{businessType}` and `<foreach item="businessType">`) is another value.
  const renderCount = new Map<number, number>();
  for (const { sigil, first } of placeholders) {
    const offset = template.originAt(tokens[first]!.start)?.offset;
    if (sigil === '#' && offset !== undefined) renderCount.set(offset, (renderCount.get(offset) ?? 0) + 1);
  }
  const inLoop = (offset: number) => (renderCount.get(offset) ?? 0) > 1;
  const rowsOf = (first: number, last: number) =>
    substitutionRole(tokens, first, last) === 'row-count' ? limitValue(tokens, first) : undefined;
  const keptAsWritten = (first: number, last: number) =>
    rowsOf(first, last) === undefined && !plannedEmpty(tokens, first, last, schema);
  const sortAt = (spans: readonly TokenSpan[], first: number, last: number) =>
    spans.find((span) => first >= span.first && last <= span.last);
  const sortSpans = runtimeSorts(tokens, placeholders);
  // A `${}` kept elsewhere (in the WHERE, a table's name) keeps the text from the optimizer: analyzed as written, sort
  // and all, not said to be planned without it.
  const unplanned = placeholders.some(
    (p) => p.sigil === '$' && !sortAt(sortSpans, p.first, p.last) && keptAsWritten(p.first, p.last),
  );
  const sorts = unplanned ? [] : sortSpans;
  const statements = statementsOf(template.text, tokens, placeholders, sorts, dialect, schema);
  const values = placeholders.map(({ sigil, first, last }) => {
    const sort = sortAt(sorts, first, last);
    if (sort) {
      // The whole span goes once, in the place of its first placeholder.
      if (placeholders.find((p) => p.first >= sort.first)?.first !== first) return undefined;
      return { start: tokens[sort.first]!.start, end: tokens[sort.last]!.end, value: '' };
    }
    if (sigil === '$') {
      const rows = rowsOf(first, last);
      if (rows !== undefined) return { start: tokens[first]!.start, end: tokens[last]!.end, value: rows };
      if (keptAsWritten(first, last)) {
        substitutions++;
        return undefined;
      }
      emptied.push(template.text.slice(tokens[first]!.start, tokens[last]!.end));
      return { start: tokens[first]!.start, end: tokens[last]!.end, value: '' };
    }
    const inner = template.text.slice(tokens[first + 1]!.end, tokens[last]!.start);
    const parameter = readParameter(inner);
    const start = tokens[first]!.start;
    const offset = template.originAt(start)!.offset;
    const key = `${parameter.name}\u0000${inLoop(offset)}`;
    const earlier = byName.get(key);
    if (earlier && earlier.offset !== offset) {
      const render = earlier.renders.get(offset) ?? 0;
      earlier.renders.set(offset, render + 1);
      const same = earlier.values[render] ?? earlier.values.at(-1)!;
      return { start, end: tokens[last]!.end, value: same };
    }
    counter++;
    const bindSample = sampleText(binds.get(parameter.name.split(/[.[]/)[0] ?? ''));
    const value =
      bindSample !== undefined
        ? quote(bindSample, mysql)
        : (limitValue(tokens, first) ??
          likeValue(tokens, first, counter, mysql) ??
          castValue(tokens, first, counter, dialect) ??
          typedValue(
            columnType(tokens, first, insertColumns, statements, schema) ?? jdbcFamily(parameter.jdbcType),
            counter,
            dialect,
          ));
    if (earlier) earlier.values.push(value);
    else byName.set(key, { offset, values: [value], renders: new Map() });
    return { start, end: tokens[last]!.end, value };
  });
  for (const value of values.reverse()) {
    if (!value) continue;
    const origin = { ...template.originAt(value.start)!, kind: BOUND, segment: -1 } as const;
    bound = bound.replace(value.start, value.end, value.value, origin);
  }
  const withoutSort = sorts
    .map((sort) => template.text.slice(tokens[sort.first]!.start, tokens[sort.last]!.end).replace(/\s+/g, ' '))
    .join(', ');
  return { sql: bound, substitutions, emptied, ...(withoutSort ? { withoutSort } : {}) };
}

/** Words and marks of the LIMIT / OFFSET / FETCH after an ORDER BY's keys. */
const ROW_LIMIT = /^(LIMIT|OFFSET|FETCH|FIRST|NEXT|ROWS?|ONLY|,|\d+)$/i;
/** Where an ORDER BY's keys end and the query goes on (a row limit, a lock, a window frame, GROUP_CONCAT's SEPARATOR). */
const AFTER_SORT_KEYS =
  /^(LIMIT|OFFSET|FETCH|FOR|LOCK|INTO|UNION|INTERSECT|EXCEPT|MINUS|SEPARATOR|ROWS|RANGE|GROUPS|WINDOW|;)$/i;
/** What an ORDER BY left out may be followed by: its row limit, the end of its query, or nothing. */
const SORT_LEFT_OUT_BEFORE = /^(LIMIT|OFFSET|FETCH|\)|;)$/i;

/** One ORDER BY with the LIMIT after it, as token indices (first and last). */
interface TokenSpan {
  readonly first: number;
  readonly last: number;
}

/**
 * Each `ORDER BY` with a `${...}` among its keys, with the LIMIT / OFFSET / FETCH right after it: `ORDER BY ${orderBy}
 * ${direction}`, `ORDER BY ${sort}, id`, `ORDER BY a.${column} DESC`, `ORDER BY create_time ${direction}`. The sort is
 * only known at run time, and whatever it is, sorting reads every matching row before the LIMIT: the statement is
 * planned as that reading, without the whole ORDER BY and without the LIMIT, which alone would let a plan stop after
 * a few rows the real statement can not. A `${}` named like paging after the keys (Flowable's `${limitAfter}`) is no
 * key: an ORDER BY of written keys before it is kept. Not an ORDER BY followed by anything else (`FOR UPDATE`, a
 * window frame), whose text without the sort is another statement.
 */
function runtimeSorts(tokens: Token[], placeholders: ReturnType<typeof templatePlaceholders>): TokenSpan[] {
  const at = new Map(placeholders.map((p) => [p.first, p] as const));
  const spans: TokenSpan[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (upper(tokens[i]) !== 'ORDER' || upper(tokens[i + 1]) !== 'BY') continue;
    let k = i + 2;
    let last = i + 1;
    let depth = 0;
    let runtime = false;
    while (k < tokens.length) {
      const placeholder = at.get(k);
      const text = tokens[k]!.text;
      if (placeholder) {
        if (placeholder.sigil === '$') {
          if (substitutionRole(tokens, placeholder.first, placeholder.last) === 'row-range') break;
          runtime = true;
        }
        last = placeholder.last;
        k = placeholder.last + 1;
        continue;
      }
      if (depth === 0 && (text === ')' || AFTER_SORT_KEYS.test(text))) break;
      if (text === '(') depth++;
      else if (text === ')') depth--;
      last = k++;
    }
    const next = tokens[k];
    if (!runtime || (next && !at.has(k) && !SORT_LEFT_OUT_BEFORE.test(next.text))) continue;
    while (k < tokens.length) {
      const placeholder = at.get(k);
      if (placeholder) {
        last = placeholder.last;
        k = placeholder.last + 1;
      } else if (ROW_LIMIT.test(tokens[k]!.text)) last = k++;
      else break;
    }
    spans.push({ first: i, last });
    i = last;
  }
  return spans;
}

/** A `${...}` the statement is planned without (see BoundText). */
function plannedEmpty(tokens: Token[], first: number, last: number, schema: SchemaModel): boolean {
  return appendsCondition(tokens, first) || prefixesTable(tokens, last, schema);
}

/**
 * A `${...}` glued before the name of a table the structure has (Flowable's `${prefix}ACT_RU_TASK`, the prefix empty
 * unless a schema is configured): the statement with it empty reads that table.
 */
function prefixesTable(tokens: Token[], last: number, schema: SchemaModel): boolean {
  const next = tokens[last + 1];
  return next?.kind === 'word' && next.start === tokens[last]!.end && findTable(schema, next.text) !== undefined;
}

/** The roles of a `${}` that pastes SQL of its own: a piece of a clause, or the paging around the statement. */
export const piecesOfSql: ReadonlySet<SubstitutionRole> = new Set(['fragment', 'row-range']);

/**
 * A `${...}` after a finished condition, or paging SQL around the statement (Flowable's `${limitAfter}`), or after a finished table of FROM (MyBatis-Plus' `FROM t ${ew.customSqlSegment}`,
 * its `WHERE ...` or nothing), so that the statement without it is whole (see BoundText).
 */
function appendsCondition(tokens: Token[], first: number): boolean {
  return (
    first > 0 &&
    piecesOfSql.has(substitutionRole(tokens, first)) &&
    !/^(WHERE|HAVING|ON|AND|OR|\()$/i.test(tokens[first - 1]!.text)
  );
}

/**
 * A `<bind>` that builds a LIKE pattern (`'%' + name + '%'`) put into the text as that pattern, so the rules see
 * what the database will: `name LIKE '%a%'` starts with a wildcard. Other parameters stay parameters.
 */
export function inlineLikePatterns(template: Traced, binds: ReadonlyMap<string, Value>, dialect: Dialect): Traced {
  if (binds.size === 0) return template;
  const mysql = dialect === 'mysql';
  const tokens = codeTokens(lex(template.text, { mysql }));
  let inlined = template;
  for (const { sigil, first, last } of templatePlaceholders(tokens).reverse()) {
    if (sigil !== '#') continue;
    const { name } = readParameter(template.text.slice(tokens[first + 1]!.end, tokens[last]!.start));
    const pattern = sampleText(binds.get(name));
    if (pattern === undefined || !/[%_]/.test(pattern)) continue;
    const start = tokens[first]!.start;
    const origin = { ...template.originAt(start)!, kind: BOUND, segment: -1 } as const;
    inlined = inlined.replace(start, tokens[last]!.end, quote(pattern, mysql), origin);
  }
  return inlined;
}

/** `#{name,jdbcType=VARCHAR,javaType=...}` → its property and JDBC type. */
export function readParameter(inner: string): { name: string; jdbcType: string | undefined } {
  const [name = '', ...options] = inner.split(',');
  const jdbcType = options
    .map((o) => /^\s*jdbcType\s*=\s*(\w+)/i.exec(o)?.[1])
    .find((t) => t !== undefined)
    ?.toUpperCase();
  return { name: name.trim(), jdbcType };
}

export type Family = TypeFamily | 'unknown';

/**
 * Spellings a mapper meets beyond the column types the rules reason about (JDBC type names, YEAR, BIT, MONEY, ENUM,
 * SET, CITEXT): each takes the same kind of sample value as the family given here.
 */
const valueFamilies: Record<string, TypeFamily> = {
  YEAR: 'integer',
  MONEY: 'decimal',
  BIT: 'boolean',
  ENUM: 'text',
  SET: 'text',
  CITEXT: 'text',
  LONGVARCHAR: 'text',
  LONGNVARCHAR: 'text',
  CLOB: 'text',
  NCLOB: 'text',
  TIMESTAMP_WITH_TIMEZONE: 'timestamp',
};

export function familyOf(type: string): Family {
  return familyOfType(type) ?? valueFamilies[type.toUpperCase()] ?? 'unknown';
}

/** JDBC type names as `jdbcType=` gives them (java.sql.Types) share the column families. */
function jdbcFamily(jdbcType: string | undefined): Family {
  if (!jdbcType) return 'unknown';
  return familyOf(jdbcType);
}

export function typedValue(family: Family, n: number, dialect: Dialect): string {
  const day = String(((n - 1) % 28) + 1).padStart(2, '0');
  switch (family) {
    case 'integer':
      return String(n);
    case 'decimal':
    case 'float':
      return `${n}.5`;
    case 'boolean':
      return dialect === 'mysql' ? '1' : 'true';
    case 'date':
      return `'2024-01-${day}'`;
    case 'timestamp':
      return `'2024-01-${day} 00:00:00'`;
    case 'time':
      return `'12:00:${day}'`;
    case 'uuid':
      return `'00000000-0000-0000-0000-${String(n).padStart(12, '0')}'`;
    case 'json':
      return "'{}'";
    case 'text':
      return `'${letters(n)}'`;
    default:
      return `'${n}'`;
  }
}

/** a, b, ... z, aa, ab... */
function letters(n: number): string {
  let text = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) text = String.fromCharCode(97 + ((k - 1) % 26)) + text;
  return text;
}

function quote(text: string, mysql: boolean): string {
  const escaped = text.replace(/'/g, "''");
  return `'${mysql ? escaped.replace(/\\/g, '\\\\') : escaped}'`;
}

const upper = (token: Token | undefined) => token?.text.toUpperCase() ?? '';

/** `LIMIT #{n}`, `LIMIT #{offset}, #{n}`, `OFFSET #{n}`: a page of 10 from the start. */
function limitValue(tokens: Token[], first: number): string | undefined {
  const before = upper(tokens[first - 1]);
  if (before === 'OFFSET') return '0';
  if (before === 'LIMIT') return upper(tokens[nextAfterPlaceholder(tokens, first)]) === ',' ? '0' : '10';
  if (before === ',' && limitBeforeComma(tokens, first - 1)) return '10';
  return undefined;
}

function limitBeforeComma(tokens: Token[], comma: number): boolean {
  let k = comma - 1;
  if (tokens[k]?.text === '}') while (k > 0 && tokens[k]!.text !== '{') k--;
  return upper(tokens[k - 2]) === 'LIMIT' || upper(tokens[k - 1]) === 'LIMIT';
}

function nextAfterPlaceholder(tokens: Token[], first: number): number {
  let k = first + 2;
  while (k < tokens.length && tokens[k]!.text !== '}') k++;
  return k + 1;
}

/**
 * A parameter the statement casts (`#{millis}::bigint`, `CAST(#{day} AS DATE)`, `#{ids}::bigint[]`) takes a value of
 * the cast's type, whatever column the expression it is part of meets (Linkis' `updated_time =
 * to_timestamp(#{millis}::bigint / 1000)` is a number, not a timestamp). A PostgreSQL array gets an array literal.
 * A type the families do not know (`::jsonb` in an insert) leaves the value to the column.
 */
function castValue(tokens: Token[], first: number, n: number, dialect: Dialect): string | undefined {
  const next = nextAfterPlaceholder(tokens, first);
  let at: number | undefined;
  if (tokens[next]?.text === ':' && tokens[next + 1]?.text === ':') at = next + 2;
  else if (upper(tokens[next]) === 'AS' && tokens[first - 1]?.text === '(' && upper(tokens[first - 2]) === 'CAST') {
    at = next + 1;
  }
  const type = at === undefined ? undefined : tokens[at];
  if (type?.kind !== 'word') return undefined;
  const family = familyOf(type.text);
  if (tokens[at! + 1]?.text === '[' && tokens[at! + 2]?.text === ']') {
    return family === 'integer' || family === 'decimal' ? `'{${n}}'` : "'{}'";
  }
  return family === 'unknown' ? undefined : typedValue(family, n, dialect);
}

/**
 * Right after LIKE a pattern is needed: a prefix pattern, the form an index can serve. When the parameter starts a
 * concatenation (`LIKE #{q} || '%'`) it is text the pattern is built from; in PostgreSQL written as a cast, because
 * the engine's parser does not read a string literal followed by `||` right after LIKE.
 */
function likeValue(tokens: Token[], first: number, n: number, mysql: boolean): string | undefined {
  if (!/^I?LIKE$/.test(upper(tokens[first - 1]))) return undefined;
  if (!tokens[nextAfterPlaceholder(tokens, first)]?.text.startsWith('|')) return quote(`${letters(n)}%`, mysql);
  return mysql ? quote(letters(n), mysql) : `CAST(${quote(letters(n), mysql)} AS text)`;
}

/** The type of the column the parameter is compared with, set to or inserted into. */
function columnType(
  tokens: Token[],
  first: number,
  insertColumns: Map<number, string>,
  statements: ParsedStatement[],
  schema: SchemaModel,
): Family | undefined {
  const name = insertColumns.get(first) ?? columnBefore(tokens, first) ?? columnAfter(tokens, first);
  if (!name) return undefined;
  const column = columnNamed(name, statements, schema);
  return column ? familyOf(column.type) : undefined;
}

const valueKeywords = new Set(['IN', 'NOT', 'BETWEEN', 'LIKE', 'ILIKE', 'IS', 'REGEXP', 'RLIKE', 'ANY', 'ALL', 'SOME']);
const clauseKeywords = new Set([
  'SELECT',
  'WHERE',
  'AND',
  'OR',
  'ON',
  'SET',
  'VALUES',
  'FROM',
  'BY',
  'HAVING',
  'WHEN',
  'THEN',
  'ELSE',
  'CASE',
  'LIMIT',
  'OFFSET',
  'RETURNING',
  'INTO',
]);
// The lexer gives an operator one character a token (`!=` is `!` and `=`).
const operators = new Set(['=', '!', '<', '>', '+', '-', '*', '/', '%']);

/** Walks back from a parameter over operators, IN-list items, BETWEEN and pattern functions to the column. */
function columnBefore(tokens: Token[], first: number): string | undefined {
  let depth = 0;
  for (let k = first - 1; k >= 0; k--) {
    const token = tokens[k]!;
    const word = token.text.toUpperCase();
    if (token.text === '}') {
      while (k > 0 && tokens[k]!.text !== '{') k--;
      k--; // the sigil
      continue;
    }
    if (token.text === ')') depth++;
    else if (token.text === '(') {
      if (depth === 0) {
        // `CONCAT('%', #{kw}, '%')`, `LOWER(#{x})`: the column is before the call.
        if (tokens[k - 1]?.kind === 'word' && !valueKeywords.has(upper(tokens[k - 1]))) k--;
        continue;
      }
      depth--;
    } else if (token.kind === 'string' || token.text === ',' || /^\d/.test(token.text)) {
    } else if (word === 'AND') {
      // Only the AND of `BETWEEN x AND y`.
      if (!betweenBefore(tokens, k)) return undefined;
    } else if (operators.has(token.text) || valueKeywords.has(word)) {
    } else if ((token.kind === 'word' || token.kind === 'quoted') && !clauseKeywords.has(word)) {
      return depth === 0 ? token.text : undefined;
    } else return undefined;
  }
  return undefined;
}

function betweenBefore(tokens: Token[], and: number): boolean {
  for (let k = and - 1; k >= 0 && k >= and - 8; k--) if (upper(tokens[k]) === 'BETWEEN') return true;
  return false;
}

/** `#{x} = column`: the column right after an operator that follows the parameter. */
function columnAfter(tokens: Token[], first: number): string | undefined {
  let next = nextAfterPlaceholder(tokens, first);
  if (!operators.has(tokens[next]?.text ?? '')) return undefined;
  while (operators.has(tokens[next]?.text ?? '')) next++;
  const column = tokens[next];
  if (!column) return undefined;
  return column.kind === 'word' || column.kind === 'quoted' ? column.text : undefined;
}

/** For `INSERT INTO t (a, b) VALUES (#{a}, #{b}), (...)`: each parameter's token index → its column. */
function insertColumnsByToken(tokens: Token[]): Map<number, string> {
  const byToken = new Map<number, string>();
  if (!/^(INSERT|REPLACE)$/.test(upper(tokens[0]))) return byToken;
  const open = tokens.findIndex((t) => t.text === '(');
  const values = tokens.findIndex((t) => /^VALUES?$/.test(upper(t)));
  if (open < 0 || values < open) return byToken;
  const columns: string[] = [];
  for (let k = open + 1; k < values && tokens[k]!.text !== ')'; k++) {
    if (tokens[k]!.text !== ',') columns.push(tokens[k]!.text);
  }
  let depth = 0;
  let item = 0;
  for (let k = values + 1; k < tokens.length; k++) {
    const text = tokens[k]!.text;
    if (text === '(') {
      if (depth === 0) item = 0;
      depth++;
    } else if (text === ')') depth--;
    else if (text === ',' && depth === 1) item++;
    else if ((text === '#' || text === '$') && tokens[k + 1]?.text === '{') {
      if (depth >= 1 && columns[item]) byToken.set(k, columns[item]!);
      // Past the placeholder: the comma of `#{name,jdbcType=VARCHAR}` separates no values.
      k = nextAfterPlaceholder(tokens, k) - 1;
    }
    if (depth === 0 && /^(ON|RETURNING|SELECT)$/.test(upper(tokens[k]))) break;
  }
  return byToken;
}

/**
 * The statement as the parser reads it with every placeholder standing as a number, so its names can be resolved; a
 * run-time sort left out as the optimizer gets it (`ORDER BY 0 0` would not parse, and no column would be typed).
 */
function statementsOf(
  sql: string,
  tokens: Token[],
  placeholders: ReturnType<typeof templatePlaceholders>,
  sorts: readonly TokenSpan[],
  dialect: Dialect,
  schema: SchemaModel,
): ParsedStatement[] {
  const edits = sorts.map(({ first, last }) => ({ first, last, standIn: '' }));
  for (const { sigil, first, last } of placeholders) {
    if (sorts.some((sort) => first >= sort.first && last <= sort.last)) continue;
    // A piece of SQL planned as empty is empty here too: `... = 1 0` would not parse.
    edits.push({ first, last, standIn: sigil === '$' && plannedEmpty(tokens, first, last, schema) ? '' : '0' });
  }
  let text = sql;
  for (const { first, last, standIn } of edits.sort((a, b) => b.first - a.first)) {
    text = `${text.slice(0, tokens[first]!.start)}${standIn}${text.slice(tokens[last]!.end)}`;
  }
  try {
    return parseStatements(text, dialect);
  } catch {
    return [];
  }
}

/**
 * `alias.column` or a bare column: its definition in the first query of the statement that certainly has it (through
 * a CTE or derived table, the column it selects). Only when the text did not parse, the one table of the structure
 * that has such a column.
 */
function columnNamed(written: string, statements: ParsedStatement[], schema: SchemaModel): ColumnDef | undefined {
  const parts = written.split('.').map(unquote);
  const ref = { table: parts.length > 1 ? parts.at(-2)! : null, column: parts.at(-1)! };
  for (const { ast } of statements) {
    for (const { query } of queryScopes(ast)) {
      const found = resolve(ast, schema, query, ref);
      if (found.kind === 'local' && found.column) return found.column;
    }
    // An INSERT's column list names columns of its target table, which is no query's source.
    const target = insertTarget(ast, schema);
    const inTarget = target && !ref.table ? findColumn(target, ref.column) : undefined;
    if (inTarget) return inTarget;
  }
  if (statements.length > 0) return undefined;
  const anywhere = schema.tables.map((t) => findColumn(t, ref.column)).filter((c): c is ColumnDef => c !== undefined);
  return anywhere.length === 1 ? anywhere[0] : undefined;
}

/** The table an INSERT or REPLACE writes, when the structure has it. */
function insertTarget(ast: AstNode, schema: SchemaModel): TableDef | undefined {
  if (ast.type !== 'insert' && ast.type !== 'replace') return undefined;
  const [target] = Array.isArray(ast.table) ? (ast.table as AstNode[]) : [];
  return typeof target?.table === 'string' ? findTable(schema, target.table) : undefined;
}
