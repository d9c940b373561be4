import type { AstNode } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import {
  closingParen,
  type FormContext,
  isSetOperator,
  notReadQuery,
  SELECT_OPTIONS,
  type SelectHeads,
  selectListStart,
  withoutLocations,
} from './markers.ts';
import { UnreadableForm } from './unreadable.ts';

/**
 * Query forms node-sql-parser 5.4 refuses (issue 11's grammar corpus), read from a substituted copy (grammar-gaps.ts
 * explains the mechanism):
 *
 *  - `SELECT ALL ...` (the default: read without ALL), MySQL's `DISTINCTROW` (DISTINCT, its synonym) and
 *    `HIGH_PRIORITY` (put back into the query's `options`, where node-sql-parser keeps SQL_SMALL_RESULT);
 *    PostgreSQL's `SELECT FROM t` with no select list (`columns: []`);
 *  - `INTERSECT ALL`, `EXCEPT ALL` (and `... DISTINCT`): read as INTERSECT / EXCEPT, the branch then gets the
 *    operator as written in `set_op` ('intersect all', as node-sql-parser spells 'union all');
 *  - a parenthesized set operation next to another (`(a UNION b) EXCEPT c`, `a UNION (b INTERSECT c)`):
 *    node-sql-parser keeps set operations in one flat `_next` chain, read with SQL's precedence (INTERSECT before
 *    UNION and EXCEPT, otherwise left to right). Where the chain without those parentheses means the same, the
 *    parentheses are left out; where it would not (`a EXCEPT (b UNION c)`), the statement is refused (4202);
 *  - `TABLE t`, the standard's `SELECT * FROM t` (as a statement, a set operation's branch, after INSERT INTO or AS):
 *    read as that query, its `*` without a location (it is not written);
 *  - a VALUES list as a query (`VALUES (1, 'a'), (2, 'b') ORDER BY 1`, MySQL's `VALUES ROW(...)`): a node of the
 *    type node-sql-parser gives a VALUES list in INSERT or FROM, `{type: 'values', values: [...]}`, with the
 *    query's ORDER BY, LIMIT and set operation as a SELECT has them.
 *
 * Facts about one query of the statement are put back through a marker item `sqltune_select_<n>` placed first in
 * its select list (SelectHeads): the tree's query holding that item is the query written there.
 */
export function queryForms(context: FormContext): void {
  const { heads } = context;
  selectModifiers(context, heads);
  tableQueries(context, heads);
  valuesQueries(context, heads);
  setOperations(context, heads);
  parenthesizedSetOperations(context);
}

function selectModifiers({ tokens, dialect, substitutions }: FormContext, heads: SelectHeads): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'SELECT')) return;
    let at = i + 1;
    for (; at < tokens.length; at++) {
      const word = tokens[at]!;
      if (isKeyword(word, 'ALL')) {
        substitutions.push({ start: word.start, end: word.end, replacement: '' });
      } else if (dialect === 'mysql' && isKeyword(word, 'DISTINCTROW')) {
        substitutions.push({ start: word.start, end: word.end, replacement: 'DISTINCT' });
      } else if (dialect === 'mysql' && isKeyword(word, 'HIGH_PRIORITY')) {
        substitutions.push({ start: word.start, end: word.end, replacement: '' });
        heads.hook(i, (query) => {
          query.options = ['HIGH_PRIORITY', ...(Array.isArray(query.options) ? query.options : [])];
        });
      } else if (!(word.kind === 'word' && SELECT_OPTIONS.has(word.text.toUpperCase()))) {
        break;
      }
    }
    if (dialect === 'postgresql' && selectListStart(tokens, i).empty) {
      heads.hook(i, (query) => {
        query.columns = [];
      });
    }
  });
}

/** Whether a TABLE or VALUES at `i` stands where a query starts. */
function queryPosition(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (!before || before.text === '(' || before.text === ';') return true;
  if (isSetOperator(before) || isKeyword(before, 'ALL') || isKeyword(before, 'DISTINCT')) return true;
  if (isKeyword(before, 'AS')) {
    // CREATE TABLE x AS TABLE t, CREATE TABLE x (a, b) AS VALUES ..., WITH x AS (...): only as a table's query.
    return tokens.slice(0, i).some((t) => isKeyword(t, 'CREATE'));
  }
  // INSERT INTO t TABLE u, INSERT INTO t (a, b) TABLE u
  const into = tokens.slice(0, i).findIndex((t) => isKeyword(t, 'INTO'));
  return into >= 0 && (before.text === ')' || i === into + 2) && isKeyword(tokens[0], 'INSERT');
}

function tableQueries({ tokens }: FormContext, heads: SelectHeads): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'TABLE') || !queryPosition(tokens, i)) return;
    const name = tokens[i + 1];
    if (!name || (name.kind !== 'word' && name.kind !== 'quoted')) return;
    // After INSERT INTO t, a TABLE keyword is a query only when a name follows (INSERT INTO t TABLE u).
    heads.declare(i, 'table', (marker) => `SELECT ${marker ? `${marker}, ` : ''}* FROM`);
    heads.hook(i, (query) => {
      withoutLocations((query.columns as unknown[])[0]);
    });
  });
}

function valuesQueries({ tokens, substitutions }: FormContext, heads: SelectHeads): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'VALUES') || !queryPosition(tokens, i) || isInsertValues(tokens, i)) return;
    // In FROM, a VALUES list is the parser's own derived table.
    if (tokens[i - 1]?.text === '(' && /^(FROM|JOIN|,|LATERAL|USING)$/i.test(tokens[i - 2]?.text ?? '')) return;
    // The rows: [ROW] (...) separated by commas.
    let k = i + 1;
    let last = -1;
    for (;;) {
      if (isKeyword(tokens[k], 'ROW')) k++;
      if (tokens[k]?.text !== '(') break;
      last = closingParen(tokens, k);
      if (last < 0) return;
      if (tokens[last + 1]?.text !== ',') break;
      k = last + 2;
    }
    if (last < 0) return;
    heads.declare(i, 'values', (marker) => `SELECT ${marker ? `${marker}, ` : ''}* FROM (VALUES`);
    substitutions.push({ start: tokens[last]!.end, end: tokens[last]!.end, replacement: ') AS sqltune_values' });
    heads.hook(i, (query) => {
      const source = (query.from as AstNode[])[0]!;
      const values = source.expr as AstNode;
      const { loc, orderby, limit, _next, set_op, parentheses_symbol, _orderby, _limit, with: withs } = query;
      for (const key of Object.keys(query)) delete query[key];
      Object.assign(query, { type: 'values', values: values.values });
      const kept = { with: withs, orderby, limit, _orderby, _limit, set_op, _next, parentheses_symbol, loc };
      for (const [key, value] of Object.entries(kept)) if (value !== undefined) query[key] = value;
    });
  });
}

/** INSERT ... VALUES and REPLACE ... VALUES are the parser's own. */
function isInsertValues(tokens: Token[], i: number): boolean {
  const first = tokens[0];
  if (!isKeyword(first, 'INSERT') && !isKeyword(first, 'REPLACE')) return false;
  let depth = 0;
  for (let k = i - 1; k >= 0; k--) {
    if (tokens[k]!.text === ')') depth++;
    else if (tokens[k]!.text === '(') depth--;
    if (depth < 0) return false;
    if (depth === 0 && isKeyword(tokens[k], 'SELECT')) return false;
  }
  return true;
}

const PRECEDENCE: Record<string, number> = { UNION: 1, EXCEPT: 1, MINUS: 1, INTERSECT: 2 };

/** INTERSECT ALL / EXCEPT ALL / ... DISTINCT: the parser's INTERSECT / EXCEPT, the branch told as written. */
function setOperations({ tokens, substitutions }: FormContext, heads: SelectHeads): void {
  tokens.forEach((token, i) => {
    if (!isKeyword(token, 'INTERSECT') && !isKeyword(token, 'EXCEPT')) return;
    const quantifier = tokens[i + 1];
    if (!isKeyword(quantifier, 'ALL') && !isKeyword(quantifier, 'DISTINCT')) return;
    let head = i + 2;
    while (tokens[head]?.text === '(') head++;
    if (!['SELECT', 'TABLE', 'VALUES'].some((w) => isKeyword(tokens[head], w))) return;
    const written = `${token.text} ${quantifier!.text}`.toLowerCase();
    substitutions.push({ start: quantifier!.start, end: quantifier!.end, replacement: '' });
    heads.hook(head, (_query, previous) => {
      if (!previous || !/^(intersect|except)$/.test(String(previous.set_op))) throw new UnreadableForm(notReadQuery);
      previous.set_op = written;
    });
  });
}

/** The set operators directly inside the parentheses opening at `open` (none: not a set operation). */
function operatorsInside(tokens: Token[], open: number, close: number): { operators: string[]; trailing: boolean } {
  const operators: string[] = [];
  let depth = 0;
  let trailing = false;
  for (let k = open + 1; k < close; k++) {
    const text = tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (depth === 0 && isSetOperator(tokens[k])) {
      const quantifier = tokens[k + 1];
      const all = isKeyword(quantifier, 'ALL') ? ' ALL' : '';
      operators.push(`${text.toUpperCase()}${all}`);
      trailing = false;
    } else if (depth === 0 && operators.length > 0 && /^(ORDER|LIMIT|OFFSET|FETCH|FOR)$/i.test(text)) {
      trailing = true;
    }
  }
  return { operators, trailing };
}

/**
 * `(a UNION b) EXCEPT c` and `a UNION (b INTERSECT c)`: the group's parentheses are left out where the flat chain
 * means the same (see the file comment), else 4202.
 */
function parenthesizedSetOperations({ tokens, substitutions, fixups }: FormContext): void {
  tokens.forEach((token, open) => {
    if (token.text !== '(') return;
    const first = tokens[open + 1];
    if (!first || !(first.text === '(' || ['SELECT', 'TABLE', 'VALUES'].some((w) => isKeyword(first, w)))) return;
    const close = closingParen(tokens, open);
    if (close < 0) return;
    // The set operator outside first: the scan inside is the costly test (nested subqueries would take it again
    // and again).
    const after = tokens[close + 1];
    let outer = -1;
    if (isSetOperator(after)) outer = close + 1;
    else {
      let k = open - 1;
      if (isKeyword(tokens[k], 'ALL') || isKeyword(tokens[k], 'DISTINCT')) k--;
      if (isSetOperator(tokens[k])) outer = k;
    }
    if (outer < 0) return;
    const { operators, trailing } = operatorsInside(tokens, open, close);
    if (operators.length === 0) return;
    const outerWord = tokens[outer]!.text.toUpperCase();
    const outerAll = isKeyword(tokens[outer + 1], 'ALL') ? ' ALL' : '';
    const left = outer > close;
    const flat = operators.every((operator) => {
      const inner = PRECEDENCE[operator.split(' ')[0]!]!;
      const outerLevel = PRECEDENCE[outerWord]!;
      if (left) return inner >= outerLevel;
      if (inner > outerLevel) return true;
      return operator === `${outerWord}${outerAll}` && outerWord !== 'EXCEPT' && outerWord !== 'MINUS';
    });
    if (!flat || trailing) {
      const keyword = tokens[outer]!.text.toUpperCase();
      fixups.push(() => {
        throw new UnreadableForm(
          {
            zh: 'SQLTune 暂时无法读取这里括号内的集合运算：去掉括号后含义会改变。请把括号内的部分写成 WITH 子句中的查询。',
            en: 'SQLTune cannot yet read the set operation in these parentheses (without them it would mean something else): write the parenthesized part as a query of a WITH clause.',
          },
          keyword,
        );
      });
      return;
    }
    substitutions.push(
      { start: token.start, end: token.end, replacement: '' },
      { start: tokens[close]!.start, end: tokens[close]!.end, replacement: '' },
    );
  });
}
