import type { AstNode } from '../model/ast.ts';
import { isNode } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { closingParen, type FormContext, fragment, notRead, openingParen } from './markers.ts';
import { scanType } from './type-forms.ts';

/**
 * Expression forms node-sql-parser 5.4 refuses or misreads (issue 11's grammar corpus), read through marker calls
 * (markers.ts) and put back in the shape node-sql-parser gives the nearest form:
 *
 *  - SQL's functions written without parentheses that the grammars refuse or read as columns (MySQL's LOCALTIME,
 *    UTC_TIMESTAMP, CURRENT_USER...; PostgreSQL's USER, SESSION_USER, CURRENT_ROLE, CURRENT_SCHEMA, LOCALTIME...):
 *    calls without arguments, as node-sql-parser gives CURRENT_TIME (`{type: 'function', name, over: null}`);
 *  - MySQL's STD (read as STDDEV, then named as written);
 *  - MySQL's assignment to a user variable inside an expression (`(@n := @n + 1)`, `CASE WHEN @v := x THEN`),
 *    which the grammar takes only as a whole select item: `{type: 'assign', left, symbol: ':=', right}`, the shape it
 *    gives a select item `@n := @n + 1`;
 *  - MySQL's `BINARY x` (read as a column named BINARY aliased x): `{type: 'unary_expr', operator: 'BINARY', expr}`,
 *    as node-sql-parser gives `NOT x` and `~x`;
 *  - MySQL's `CHAR(n, ... USING charset)` (the charset as node-sql-parser gives CONVERT(x USING charset): a `suffix`
 *    on the last argument) and `WEIGHT_STRING(x AS CHAR(n))` (read as WEIGHT_STRING(CAST(x AS CHAR(n))), its meaning);
 *  - MySQL's `NTH_VALUE(x, n) FROM FIRST|LAST` and `RESPECT|IGNORE NULLS` after a window function: the call with
 *    `from_first_last` and `consider_nulls` (node-sql-parser's PostgreSQL grammar's name for the latter);
 *  - MariaDB's `PERCENTILE_CONT(f) WITHIN GROUP (ORDER BY x) OVER (...)`: the aggregate as node-sql-parser's
 *    PostgreSQL grammar gives it, with `within_group_orderby`, and its window;
 *  - a window that names another (`OVER (w ORDER BY x)`, `WINDOW w2 AS (w1 ...)`): its `name`, the field
 *    node-sql-parser has for it; PostgreSQL's `rank() OVER w`;
 *  - MySQL's `MATCH a, b AGAINST (...)`: the server's grammar takes the column list with or without parentheses
 *    (sql_yacc.yy's ident_list_arg; the manual shows only `MATCH (a, b)`): read as `MATCH (a, b) AGAINST (...)`;
 *  - PostgreSQL's LIKE / ILIKE pattern built by concatenation (`name LIKE '%' || $1 || '%'`), which the grammar
 *    refuses when the pattern starts with a string: the concatenation put in parentheses, as the database groups it
 *    (`||` binds tighter than LIKE);
 *  - PostgreSQL's COLLATE after a string or a call (`'a' COLLATE "C" < 'b'`, `lower(x) COLLATE "C"`), which the
 *    grammar takes after a column only: the operand with the `collate` node-sql-parser gives a column's. (COLLATE binds
 *    tighter than every operator but `::`, `[]` and `.`, so the string or call before it is its whole operand.)
 */
export function expressionForms(context: FormContext): void {
  niladicFunctions(context);
  windowReferences(context);
  jsonTables(context);
  if (context.dialect === 'mysql') {
    renamedFunctions(context);
    binaryOperator(context);
    mysqlCallForms(context);
    variableAssignments(context);
    windowFunctionOptions(context);
    withinGroupOver(context);
    bareMatchColumns(context);
  } else {
    collateAfterOperand(context);
    concatenatedPatterns(context);
  }
}

/** `x LIKE 'a' || y || 'b'`: the pattern's concatenation in parentheses. */
function concatenatedPatterns({ tokens, substitutions, dialect }: FormContext): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!isKeyword(tokens[i], 'LIKE') && !isKeyword(tokens[i], 'ILIKE')) continue;
    let end = patternOperandEnd(tokens, i + 1, dialect);
    if (end < 0 || !isConcatenation(tokens, end)) continue;
    while (end > 0 && isConcatenation(tokens, end)) end = patternOperandEnd(tokens, end + 2, dialect);
    if (end < 0) continue;
    substitutions.push({ start: tokens[i + 1]!.start, end: tokens[i + 1]!.start, replacement: '(' });
    substitutions.push({ start: tokens[end - 1]!.end, end: tokens[end - 1]!.end, replacement: ')' });
    i = end - 1;
  }
}

function isConcatenation(tokens: Token[], at: number): boolean {
  const [first, second] = [tokens[at], tokens[at + 1]];
  return first?.text === '|' && second?.text === '|' && second.start === first.end;
}

/** The index after one operand of a concatenation starting at `at` (operandEnd), with `::type` casts after it. */
function patternOperandEnd(tokens: Token[], at: number, dialect: FormContext['dialect']): number {
  const last = operandEnd(tokens, at);
  if (last < 0) return -1;
  let end = last + 1;
  while (tokens[end]?.text === ':' && tokens[end + 1]?.text === ':') {
    const type = scanType(tokens, end + 2, dialect);
    if (!type) return -1;
    end = type.end + 1;
  }
  return end;
}

/** `MATCH a, b.c AGAINST`: parentheses put around the names, as the grammar reads the list without them. */
function bareMatchColumns({ tokens, substitutions }: FormContext): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!isKeyword(tokens[i], 'MATCH') || tokens[i + 1]!.text === '(') continue;
    let k = i + 1;
    // A list of (qualified) names: name [. name]... [, name [. name]...]...
    while (tokens[k]?.kind === 'word' || tokens[k]?.kind === 'quoted') {
      k++;
      if (tokens[k]?.text === '.' || tokens[k]?.text === ',') k++;
      else break;
    }
    if (k === i + 1 || !isKeyword(tokens[k], 'AGAINST')) continue;
    substitutions.push({ start: tokens[i + 1]!.start, end: tokens[i + 1]!.start, replacement: '(' });
    substitutions.push({ start: tokens[k - 1]!.end, end: tokens[k - 1]!.end, replacement: ')' });
  }
}

const NILADIC: Record<'mysql' | 'postgresql', Set<string>> = {
  mysql: new Set(['CURRENT_USER', 'LOCALTIME', 'LOCALTIMESTAMP', 'UTC_DATE', 'UTC_TIME', 'UTC_TIMESTAMP']),
  postgresql: new Set([
    'CURRENT_CATALOG',
    'CURRENT_ROLE',
    'CURRENT_SCHEMA',
    'CURRENT_USER',
    'LOCALTIME',
    'LOCALTIMESTAMP',
    'SESSION_USER',
    'SYSTEM_USER',
    'USER',
  ]),
};

/** Words that may follow an expression (so the word before them is one). */
const FOLLOWS_EXPRESSION = new Set(
  (
    'FROM WHERE AND OR AS IS IN NOT LIKE ILIKE SIMILAR BETWEEN THEN ELSE END WHEN ORDER GROUP LIMIT OFFSET FETCH ' +
    'UNION INTERSECT EXCEPT HAVING WINDOW FOR ON JOIN LEFT RIGHT INNER FULL CROSS USING ASC DESC NULLS COLLATE AT ' +
    'RETURNING SET VALUES ESCAPE OVER FILTER XOR DIV MOD REGEXP RLIKE SOUNDS MEMBER ISNULL NOTNULL OVERLAPS'
  ).split(' '),
);

function niladicFunctions({ tokens, dialect, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    const name = token.kind === 'word' ? token.text.toUpperCase() : '';
    if (!NILADIC[dialect].has(name) || tokens[i + 1]?.text === '(' || tokens[i - 1]?.text === '.') return;
    // LOCALTIME(3) and the like take a precision: those are calls the grammar reads.
    if (['AS', 'TO', 'FOR', 'OVERRIDING'].some((word) => isKeyword(tokens[i - 1], word))) return;
    // A name before a type or an alias (`user VARCHAR(40)` in CREATE TABLE): a column, as the grammar reads it.
    const next = tokens[i + 1];
    if (next && (next.kind === 'word' || next.kind === 'quoted') && !FOLLOWS_EXPRESSION.has(next.text.toUpperCase())) {
      return;
    }
    const written = token.text;
    substitutions.push({
      start: token.start,
      end: token.end,
      replacement: markers.call(written, () => ({
        type: 'function',
        name: { name: [{ type: 'origin', value: written }] },
        over: null,
      })),
    });
  });
}

/** MySQL names the grammar does not know for functions it does: read under the known name, named back. */
const RENAMED: Record<string, string> = { STD: 'STDDEV', VARIANCE: 'VAR_POP' };

function renamedFunctions({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    const known = token.kind === 'word' ? RENAMED[token.text.toUpperCase()] : undefined;
    if (!known || tokens[i + 1]?.text !== '(' || tokens[i - 1]?.text === '.') return;
    const close = closingParen(tokens, i + 1);
    if (close < 0) return;
    const written = token.text;
    const open = markers.open(written, ([call]) => renamed(call!, written));
    substitutions.push(
      { start: token.start, end: token.end, replacement: `${open}${known}` },
      { start: tokens[close]!.end, end: tokens[close]!.end, replacement: ')' },
    );
  });
}

function renamed(call: AstNode, name: string): AstNode {
  const parts = isNode(call.name) && Array.isArray(call.name.name) ? call.name.name : undefined;
  if (parts && isNode(parts[0])) parts[0].value = name;
  else if (typeof call.name === 'string') call.name = name.toUpperCase();
  return call;
}

/** The last token of the operand starting at `i` (a name, a call, a literal or a parenthesized expression), or -1. */
function operandEnd(tokens: Token[], i: number): number {
  const token = tokens[i];
  if (!token) return -1;
  if (token.text === '(') return closingParen(tokens, i);
  if (token.kind === 'string') return i;
  if (token.kind === 'word' || token.kind === 'quoted') {
    if (tokens[i + 1]?.text === '(' && token.kind === 'word') return closingParen(tokens, i + 1);
    return qualifiedNameEnd(tokens, i);
  }
  return -1;
}

/**
 * A marker call's argument as the operand it stands for: inside a call the grammar gives a quoted qualifier as a
 * node (`` `t`.c `` as `table: {type: 'backticks_quote_string', value: 't'}`), elsewhere as the name.
 */
function asOperand(expr: AstNode): AstNode {
  const table = expr.table;
  if (expr.type === 'column_ref' && isNode(table) && typeof table.value === 'string') expr.table = table.value;
  return expr;
}

/** The last token of the name starting at `i`, with its qualifiers (`t.c`, `` `db`.`t`.`c` ``). */
function qualifiedNameEnd(tokens: Token[], i: number): number {
  let end = i;
  while (tokens[end + 1]?.text === '.' && ['word', 'quoted'].includes(tokens[end + 2]?.kind ?? '')) end += 2;
  return end;
}

const NOT_OPERAND = new Set(['FROM', 'WHERE', 'AND', 'OR', 'NOT', 'ON', 'SET', 'AS', 'IS', 'NULL']);

function binaryOperator({ tokens, substitutions, markers }: FormContext): void {
  if (/^(CREATE|ALTER)$/i.test(tokens[0]?.text ?? '')) return;
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'BINARY')) return;
    const before = tokens[i - 1];
    if (!before || isKeyword(before, 'AS') || (before.text === ',' && tokens[i + 1]?.text === ')')) return;
    const next = tokens[i + 1];
    if (!next || (next.kind === 'word' && NOT_OPERAND.has(next.text.toUpperCase()))) return;
    const end = operandEnd(tokens, i + 1);
    if (end < 0) return;
    const open = markers.open('BINARY', ([expr]) => ({
      type: 'unary_expr',
      operator: 'BINARY',
      expr: asOperand(expr!),
    }));
    substitutions.push(
      { start: token.start, end: next.start, replacement: open },
      { start: tokens[end]!.end, end: tokens[end]!.end, replacement: ')' },
    );
  });
}

/** Words after which an assignment's value has ended (`:=` binds loosest of all operators, so AND and OR do not). */
const ENDS_ASSIGNED_VALUE = new Set(
  'THEN ELSE END WHEN FROM WHERE GROUP ORDER HAVING LIMIT AS UNION INTO ON USING JOIN WINDOW FOR'.split(' '),
);

function variableAssignments({ tokens, substitutions, markers }: FormContext): void {
  let depth = 0;
  tokens.forEach((token, i) => {
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    const [name, colon, equals] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    if (token.text !== '@' || name?.kind !== 'word' || colon?.text !== ':' || equals?.text !== '=') return;
    if (equals.start !== colon.end || name.start !== token.end) return;
    // A whole select item or a SET assignment is read by the grammar as it is.
    const before = tokens[i - 1];
    if (depth === 0 && (isKeyword(before, 'SELECT') || isKeyword(before, 'SET') || before?.text === ',')) return;
    const last = assignedValueEnd(tokens, i + 4);
    if (last < i + 4) return;
    const open = markers.open('an assignment to a user variable', ([left, right]) => ({
      type: 'assign',
      left: left!,
      symbol: ':=',
      right: right!,
    }));
    substitutions.push(
      { start: token.start, end: equals.end, replacement: `${open}@${name.text},` },
      { start: tokens[last]!.end, end: tokens[last]!.end, replacement: ')' },
    );
  });
}

/** Index of the last token of the value assigned from `first` on (before `first` when there is none). */
function assignedValueEnd(tokens: Token[], first: number): number {
  let depth = 0;
  for (let i = first; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')' && --depth < 0) return i - 1;
    else if (depth === 0 && (token.text === ',' || token.text === ';')) return i - 1;
    else if (depth === 0 && token.kind === 'word' && ENDS_ASSIGNED_VALUE.has(token.text.toUpperCase())) return i - 1;
  }
  return tokens.length - 1;
}

function mysqlCallForms(context: FormContext): void {
  const { tokens, substitutions, markers } = context;
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || tokens[i + 1]?.text !== '(' || tokens[i - 1]?.text === '.') return;
    const name = token.text.toUpperCase();
    const close = closingParen(tokens, i + 1);
    if (close < 0) return;
    if (name === 'CHAR' && isKeyword(tokens[close - 2], 'USING') && !isKeyword(tokens[i - 1], 'AS')) {
      const charset = tokens[close - 1]!.text;
      const open = markers.open('CHAR ... USING', ([call]) => {
        const values = (call!.args as AstNode).value as AstNode[];
        const last = values[values.length - 1];
        if (last) last.suffix = `USING ${charset.toUpperCase()}`;
        return call!;
      });
      substitutions.push(
        { start: token.start, end: token.start, replacement: open },
        { start: tokens[close - 2]!.start, end: tokens[close - 1]!.end, replacement: '' },
        { start: tokens[close]!.end, end: tokens[close]!.end, replacement: ')' },
      );
    } else if (name === 'WEIGHT_STRING') {
      const as = tokens.findIndex((t, k) => k > i + 1 && k < close && isKeyword(t, 'AS'));
      if (as < 0) return;
      substitutions.push(
        { start: tokens[i + 2]!.start, end: tokens[i + 2]!.start, replacement: 'CAST(' },
        { start: tokens[close]!.start, end: tokens[close]!.start, replacement: ')' },
      );
    }
  });
}

/** MySQL: `NTH_VALUE(x, n) FROM FIRST|LAST [RESPECT|IGNORE NULLS] OVER`, `FIRST_VALUE(x) RESPECT NULLS OVER`. */
function windowFunctionOptions({ tokens, substitutions, markers }: FormContext): void {
  tokens.forEach((token, i) => {
    if (token.text !== ')') return;
    let k = i + 1;
    let fromFirstLast: string | null = null;
    let nulls: string | null = null;
    if (isKeyword(tokens[k], 'FROM') && (isKeyword(tokens[k + 1], 'FIRST') || isKeyword(tokens[k + 1], 'LAST'))) {
      fromFirstLast = `FROM ${tokens[k + 1]!.text.toUpperCase()}`;
      k += 2;
    }
    if ((isKeyword(tokens[k], 'RESPECT') || isKeyword(tokens[k], 'IGNORE')) && isKeyword(tokens[k + 1], 'NULLS')) {
      nulls = `${tokens[k]!.text.toUpperCase()} NULLS`;
      k += 2;
    }
    if ((!fromFirstLast && !nulls) || !isKeyword(tokens[k], 'OVER')) return;
    const open = tokens.findIndex((_, n) => n < i && tokens[n]!.text === '(' && closingParen(tokens, n) === i);
    const name = tokens[open - 1];
    if (open < 0 || !name || name.kind !== 'word') return;
    const opening = markers.open('a window function option', ([call]) => ({
      ...call!,
      from_first_last: fromFirstLast,
      consider_nulls: nulls,
    }));
    substitutions.push(
      { start: name.start, end: name.start, replacement: opening },
      { start: token.end, end: tokens[k - 1]!.end, replacement: ')' },
    );
  });
}

/** MariaDB: `PERCENTILE_CONT(f) WITHIN GROUP (ORDER BY x) OVER (...)` (also PERCENTILE_DISC). */
function withinGroupOver(context: FormContext): void {
  const { tokens, substitutions, markers } = context;
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'WITHIN') || !isKeyword(tokens[i + 1], 'GROUP') || tokens[i + 2]?.text !== '(') return;
    const close = closingParen(tokens, i + 2);
    const callClose = i - 1;
    const callOpen = tokens.findIndex(
      (_, n) => n < callClose && tokens[n]!.text === '(' && closingParen(tokens, n) === callClose,
    );
    const name = tokens[callOpen - 1];
    if (close < 0 || callOpen < 0 || !name || !isKeyword(tokens[i + 3], 'ORDER')) return;
    const order = fragment(context, 'SELECT 1 ', tokens[i + 3]!.start, tokens[close - 1]!.end);
    if (!order || !Array.isArray(order.orderby)) return;
    const written = name.text.toUpperCase();
    const opening = markers.open('WITHIN GROUP', ([call]) => {
      const values = ((call!.args as AstNode | undefined)?.value ?? []) as AstNode[];
      return {
        type: 'aggr_func',
        name: written,
        args: { expr: values[0] },
        within_group_orderby: order.orderby,
        over: null,
      };
    });
    substitutions.push(
      { start: name.start, end: name.start, replacement: opening },
      { start: tokens[callClose]!.end, end: tokens[close]!.end, replacement: ')' },
    );
  });
}

const WINDOW_MARKER = 'sqltune_window_';

/**
 * `OVER (w ...)` and `WINDOW w2 AS (w1 ...)`: the window named first is read as `PARTITION BY sqltune_window_<n>`
 * (a window that names another has no PARTITION BY of its own), then given back as the specification's `name`.
 * PostgreSQL's `rank() OVER w` is read as `OVER (PARTITION BY sqltune_window_<n>)` and given back as node-sql-parser
 * gives `lag(x) OVER w` (`as_window_specification: 'w'`).
 */
function windowReferences({ tokens, dialect, substitutions, fixups }: FormContext): void {
  const names: string[] = [];
  const bare = new Set<number>();
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    const isOver = isKeyword(token, 'OVER');
    const isWindowAs = isKeyword(token, 'AS') && inWindowClause(tokens, i);
    if (!(isOver || isWindowAs) || !next) return;
    if (next.text === '(') {
      const name = tokens[i + 2];
      if (!name || (name.kind !== 'word' && name.kind !== 'quoted')) return;
      if (/^(PARTITION|ORDER|ROWS|RANGE|GROUPS)$/i.test(name.text)) return;
      substitutions.push({
        start: name.start,
        end: name.end,
        replacement: `PARTITION BY ${WINDOW_MARKER}${names.length}`,
      });
      names.push(name.text);
    } else if (isOver && dialect === 'postgresql' && (next.kind === 'word' || next.kind === 'quoted')) {
      bare.add(names.length);
      substitutions.push({
        start: next.start,
        end: next.end,
        replacement: `(PARTITION BY ${WINDOW_MARKER}${names.length})`,
      });
      names.push(next.text);
    }
  });
  if (names.length === 0) return;
  fixups.push((ast) => {
    const visit = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (!isNode(value)) return;
      const spec = isNode(value.as_window_specification) ? value.as_window_specification : undefined;
      const inner = spec && isNode(spec.window_specification) ? spec.window_specification : undefined;
      const partition = inner && Array.isArray(inner.partitionby) ? inner.partitionby : undefined;
      const item = partition?.length === 1 && isNode(partition[0]) ? (partition[0].expr as AstNode) : undefined;
      const column = item?.type === 'column_ref' ? item.column : undefined;
      const written =
        typeof column === 'string' ? column : isNode(column) && isNode(column.expr) ? column.expr.value : '';
      if (typeof written === 'string' && written.startsWith(WINDOW_MARKER)) {
        const index = Number(written.slice(WINDOW_MARKER.length));
        if (bare.has(index)) value.as_window_specification = names[index];
        else {
          inner!.name = names[index];
          inner!.partitionby = null;
        }
      }
      for (const key of Object.keys(value)) if (key !== 'loc') visit(value[key]);
    };
    visit(ast);
  });
}

/** Whether the AS at `i` names a window of a WINDOW clause (`WINDOW w AS (...)`, `, w2 AS (...)`). */
function inWindowClause(tokens: Token[], i: number): boolean {
  if (tokens[i + 1]?.text !== '(') return false;
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    const text = tokens[k]!.text;
    if (text === ')') depth++;
    else if (text === '(') {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && isKeyword(tokens[k], 'WINDOW')) return true;
    else if (depth === 0 && /^(SELECT|FROM|WHERE|HAVING|GROUP|ORDER)$/i.test(text)) return false;
  }
  return false;
}

const JSON_TABLE_MARKER = 'sqltune_json_table_';

/**
 * JSON_TABLE(document, path COLUMNS (...)) in FROM (MySQL 8, MariaDB 10.6, PostgreSQL 17): read as a table named
 * `sqltune_json_table_<n>`, then put back as node-sql-parser gives a function in FROM (PostgreSQL's
 * `generate_series(...) AS g`): `{type: 'expr', expr: {type: 'function', name: JSON_TABLE, args: [document, path]}}`,
 * the COLUMNS clause and what follows it kept as written (`columns: {type: 'origin', value}`), its alias as written.
 */
export function jsonTables(context: FormContext): void {
  const { tokens, substitutions, fixups } = context;
  const tables: AstNode[] = [];
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'JSON_TABLE') || tokens[i + 1]?.text !== '(') return;
    if (!/^(FROM|JOIN|,|LATERAL)$/i.test(tokens[i - 1]?.text ?? '')) return;
    const close = closingParen(tokens, i + 1);
    let depth = 0;
    let columns = -1;
    for (let k = i + 2; k < close; k++) {
      if (tokens[k]!.text === '(') depth++;
      else if (tokens[k]!.text === ')') depth--;
      else if (depth === 0 && isKeyword(tokens[k], 'COLUMNS')) {
        columns = k;
        break;
      }
    }
    if (close < 0 || columns < 0) return;
    const args = fragment(context, 'SELECT ', tokens[i + 2]!.start, tokens[columns - 1]!.end);
    const items = args && Array.isArray(args.columns) ? (args.columns as AstNode[]) : undefined;
    if (!items) return;
    const written = context.text.slice(tokens[columns]!.start, tokens[close - 1]!.end).replace(/\s+/g, ' ');
    substitutions.push({
      start: token.start,
      end: tokens[close]!.end,
      replacement: `${JSON_TABLE_MARKER}${tables.length}`,
    });
    tables.push({
      type: 'function',
      name: { name: [{ type: 'default', value: token.text }] },
      args: { type: 'expr_list', value: items.map((item) => item.expr) },
      columns: { type: 'origin', value: written },
    });
  });
  if (tables.length === 0) return;
  fixups.push((ast) => {
    let restored = 0;
    const visit = (value: unknown) => {
      if (Array.isArray(value)) {
        value.forEach((item, k) => {
          const name = isNode(item) && typeof item.table === 'string' ? item.table : '';
          if (name.startsWith(JSON_TABLE_MARKER)) {
            const expr = tables[Number(name.slice(JSON_TABLE_MARKER.length))];
            const { as, join, on, using, loc } = item as AstNode;
            value[k] = { prefix: null, type: 'expr', expr, as: as ?? null, ...(join ? { join, on, using } : {}), loc };
            restored++;
          } else visit(item);
        });
        return;
      }
      if (!isNode(value)) return;
      for (const key of Object.keys(value)) if (key !== 'loc') visit(value[key]);
    };
    visit(ast);
    if (restored !== tables.length) throw notRead('JSON_TABLE', 'JSON_TABLE');
  });
}

function collateAfterOperand({ tokens, dialect, substitutions, markers }: FormContext): void {
  tokens.forEach((token, k) => {
    if (!isKeyword(token, 'COLLATE') || k === 0) return;
    const name = tokens[k + 1];
    if (!name || (name.kind !== 'word' && name.kind !== 'quoted')) return;
    const before = tokens[k - 1]!;
    let start = -1;
    if (before.kind === 'string' && before.text.startsWith("'")) start = k - 1;
    else if (before.text === ')') {
      const open = openingParen(tokens, k - 1);
      const callee = tokens[open - 1];
      // A call, not a type with its length (varchar(64) COLLATE "C" in a column definition).
      if (open > 0 && callee?.kind === 'word' && !scanType(tokens, open - 1, dialect)) start = open - 1;
    }
    if (start < 0) return;
    // A qualified name (pg_catalog."default") is a word ending in a dot and the quoted name against it.
    let last = k + 1;
    while (tokens[last]!.text.endsWith('.') && tokens[last + 1]?.start === tokens[last]!.end) last++;
    const collation = tokens
      .slice(k + 1, last + 1)
      .map((t) => t.text)
      .join('');
    const open = markers.open('COLLATE', ([operand]) => ({
      ...operand!,
      collate: {
        type: 'collate',
        keyword: 'collate',
        collate: {
          name: /^"[^"]*"$/.test(collation)
            ? { type: 'double_quote_string', value: collation.slice(1, -1) }
            : { type: 'default', value: collation },
          symbol: null,
        },
      },
    }));
    substitutions.push(
      { start: tokens[start]!.start, end: tokens[start]!.start, replacement: open, order: -1 },
      { start: token.start, end: tokens[last]!.end, replacement: ')' },
    );
  });
}
