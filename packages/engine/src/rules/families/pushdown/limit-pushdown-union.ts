import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, isNode } from '../../../model/ast.ts';
import { isLiteralOf, isUnaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isVolatile } from '../../../semantics/functions.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt } from '../../match-helpers.ts';
import { layoutAt } from '../../rewrite/layout.ts';
import { textOf, tokenView } from '../../rewrite/tokens.ts';
import { acceptChanges, type Change } from '../../rewrite/verify.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { chainOf, limitParts, numberValue, operatorOf } from '../clauses/helpers.ts';
import {
  aggregates,
  branchesOf,
  columnNodes,
  grouped,
  hasSideEffects,
  isDistinct,
  limitNode,
  orderNodes,
  outputColumns,
  printColumn,
  reasons,
  sameName,
  setOperatorsOf,
  singleTable,
  tableColumn,
  uniqueAlone,
  windowed,
} from './helpers.ts';

/**
 * `SELECT ... UNION ALL SELECT ... ORDER BY k LIMIT n`: every branch is read in full, the union sorted,
 * and all but n rows thrown away. Each branch can stop at its own first n rows by k instead:
 *
 *   (SELECT ... ORDER BY k LIMIT n) UNION ALL (SELECT ... ORDER BY k LIMIT n) ORDER BY k LIMIT n
 *
 * The first n rows of the union by k are among the first n of the branch each comes from, so the outer
 * ORDER BY ... LIMIT picks the same rows, provided the order is total: k must not repeat across the union,
 * or ties at the cut could be broken differently. That is proven here when every branch reads the same
 * single table, k is that table's primary key (or a unique NOT NULL column) in every branch, and the
 * branches cannot share a row: for each pair, some condition of one contradicts one of the other
 * (disjoint ranges of one column with number literals, `col IS NULL` against a comparison of col, or
 * `p` against `(p) IS NOT TRUE` / `NOT p`). With an OFFSET m, the branches keep n + m rows.
 */
export const limitPushdownUnion: Rule = {
  id: 'limit-pushdown-union',
  category: 'Execution Plan',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10",
    good: "(SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' ORDER BY o_orderkey DESC LIMIT 10) UNION ALL (SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10) ORDER BY o_orderkey DESC LIMIT 10",
  },
  rewrites: true,
  title: { zh: '把 ORDER BY ... LIMIT 下推到 UNION ALL 的分支', en: 'Push ORDER BY ... LIMIT into UNION ALL branches' },
  rationale: {
    zh: 'UNION ALL 之后的 ORDER BY k LIMIT n 要先读出每个分支的全部行、排序后再丢弃大部分。每个分支先按 k 取前 n 行（可以沿 k 的索引读到第 n 行就停），再对合并后的少量行排序取 n 行，结果相同，前提是 k 在整个结果中不重复，否则并列的行可能取舍不同。只有在能证明这一点时才自动改写：每个分支都是同一张表的单表查询，k 在每个分支中都是这张表的主键（或唯一且非空的列），并且任意两个分支的条件互斥（同一列上不相交的数值范围、col IS NULL 与 col 的比较、p 与 (p) IS NOT TRUE 或 NOT p）。带 OFFSET m 时，每个分支取 n + m 行。',
    en: "ORDER BY k LIMIT n after a UNION ALL reads every row of every branch, sorts them and throws most away. Taking each branch's first n rows by k (an index on k can stop at the n-th row) and then sorting only those gives the same rows, provided k never repeats in the whole result; otherwise ties at the cut might be broken differently. It is rewritten only when that is proven: every branch is a single-table query of the same table, k is that table's primary key (or a unique NOT NULL column) in every branch, and any two branches have contradicting conditions (disjoint number ranges on one column, col IS NULL against a comparison of col, p against (p) IS NOT TRUE or NOT p). With OFFSET m, each branch keeps n + m rows.",
  },
  detect({ statement, schema }) {
    const root = statement.ast;
    if (statement.kind !== 'select' || !isNode(root._next) || children(root, 'with').length > 0) return [];
    const union = readUnion(root);
    if (!union) return [];
    const planned = planFor(statement, schema, union);
    const change = 'plan' in planned ? pushdownChange(statement, union, planned.plan) : undefined;
    const [accepted] = acceptChanges(statement, [change]);
    const refusal = 'refusal' in planned ? planned.refusal : accepted ? undefined : reasons.text;
    const match = matchAt(union.order, messageFor(refusal), statement.text);
    return [accepted ? { ...match, edits: change!.edits } : match];
  },
};

interface Union {
  branches: AstNode[];
  /** The ORDER BY item and the LIMIT of the whole union. */
  order: AstNode;
  limit: AstNode;
  /** Whether the branches are written in parentheses, the ORDER BY ... LIMIT after them. */
  parenthesized: boolean;
}

/** A UNION ALL of plain branches sorted by one item and limited, as either grammar shape gives it. */
function readUnion(root: AstNode): Union | undefined {
  const branches = branchesOf(root);
  if (!setOperatorsOf(root).every((op) => op === 'union all')) return undefined;
  const parenthesized = branches.every((b) => b.parentheses_symbol === true);
  if (!parenthesized && branches.some((b) => b.parentheses_symbol)) return undefined;
  const last = branches[branches.length - 1]!;
  const order = parenthesized ? children(root, '_orderby') : children(last, 'orderby');
  const limit = parenthesized ? child(root, '_limit') : child(last, 'limit');
  const own = parenthesized ? branches : branches.slice(0, -1);
  // The union's own ORDER BY/LIMIT sit on its first node (parenthesized) or its last branch (not).
  const ownLimit = (b: AstNode) => !!limitParts(b).count || !!limitParts(b).offset;
  if (own.some((b) => ownLimit(b) || children(b, 'orderby').length > 0)) return undefined;
  if (!parenthesized && (isNode(root._limit) || children(root, '_orderby').length > 0)) return undefined;
  if (order.length !== 1 || !limit || !limitParts({ limit }).count || order[0]!.nulls) return undefined;
  return { branches, order: order[0]!, limit, parenthesized };
}

const refusals = {
  shape: {
    zh: '分支不都是同一张表上不含连接、分组、DISTINCT、聚合、窗口函数和不确定函数的单表查询',
    en: 'the branches are not all single-table queries of the same table without joins, grouping, DISTINCT, aggregates, window functions or nondeterministic functions',
  },
  key: {
    zh: 'ORDER BY 的列在各分支中不是这张表的同一列',
    en: 'the ORDER BY column is not the same column of the table in every branch',
  },
  schema: {
    zh: '需要表结构确认排序列是主键，或是非空且有单列唯一索引的列',
    en: 'the table structure must show the ORDER BY column to be the primary key, or NOT NULL with a unique index of its own',
  },
  disjoint: {
    zh: '无法证明各分支不会返回同一行（排序列在合并结果中可能重复）',
    en: 'the branches cannot be shown never to return the same row, so the ORDER BY column may repeat in the result',
  },
  count: {
    zh: 'LIMIT（以及 OFFSET）需要是数字',
    en: 'LIMIT (and OFFSET) must be numbers',
  },
} satisfies Record<string, Localized>;

interface Plan {
  /** Each branch's key column, written back. */
  keys: string[];
  /** The row count each branch keeps. */
  count: string;
  descending: boolean;
}

/** The plan of the rewrite, or why there is none. */
function planFor(
  statement: ParsedStatement,
  schema: SchemaModel,
  union: Union,
): { plan: Plan } | { refusal: Localized } {
  const refusal = (reason: Localized) => ({ refusal: reason });
  const { dialect } = statement;
  const { branches } = union;
  const tables = branches.map(singleTable);
  const plain = branches.every(
    (b, i) =>
      tables[i] &&
      !grouped(b) &&
      !isDistinct(b) &&
      !aggregates(b) &&
      !windowed(b) &&
      !hasSideEffects(b) &&
      !isVolatile({ columns: b.columns, where: b.where }),
  );
  if (!plain || new Set(tables.map((t) => t!.table.toLowerCase())).size !== 1) return refusal(refusals.shape);
  const position = keyPosition(union, dialect);
  const keys = position === undefined ? [] : branches.map((b) => outputColumns(b)?.[position]?.expr);
  const placed = keys.map((key, i) => (key ? tableColumn(statement.ast, schema, branches[i]!, key) : undefined));
  const names = keys.map((key) => (columnRef(key) ? columnRef(key)!.column.toLowerCase() : undefined));
  if (keys.length === 0 || names.some((n) => !n) || new Set(names).size !== 1) return refusal(refusals.key);
  const column = placed[0];
  if (!column || placed.some((p) => !p) || column.column.nullable || !uniqueAlone(column.table, column.column.name)) {
    return refusal(refusals.schema);
  }
  for (let i = 0; i < branches.length; i++) {
    for (let j = i + 1; j < branches.length; j++) {
      if (!disjoint(child(branches[i]!, 'where'), child(branches[j]!, 'where'))) return refusal(refusals.disjoint);
    }
  }
  const { count, offset } = limitParts({ limit: union.limit });
  let kept: string;
  if (offset) {
    const [n, m] = [numberValue(count), numberValue(offset)];
    if (n === undefined || m === undefined || !Number.isSafeInteger(n + m)) return refusal(refusals.count);
    kept = String(n + m);
  } else if (numberValue(count) !== undefined) kept = String(numberValue(count));
  else return refusal(refusals.count);
  const written = keys.map((key) => printColumn(key, dialect));
  if (written.some((w) => !w)) return refusal(reasons.names);
  const descending = String(union.order.type ?? '').toUpperCase() === 'DESC';
  return { plan: { keys: written as string[], count: kept, descending } };
}

/** The output position the union's ORDER BY names: an output name of the first branch, or a number. */
function keyPosition(union: Union, dialect: ParsedStatement['dialect']): number | undefined {
  const expr = child(union.order, 'expr');
  const outputs = outputColumns(union.branches[0]!);
  if (!outputs) return undefined;
  const number = numberValue(expr);
  if (number !== undefined)
    return Number.isInteger(number) && number >= 1 && number <= outputs.length ? number - 1 : undefined;
  const ref = columnRef(expr);
  if (!ref || ref.table) return undefined;
  const matching = outputs.flatMap((o, i) => (o.name !== null && sameName(o.name, ref.column, dialect) ? [i] : []));
  return matching.length === 1 ? matching[0] : undefined;
}

function messageFor(refusal: Localized | undefined): Localized {
  const base: Localized = {
    zh: 'UNION ALL 之后的 ORDER BY ... LIMIT 要读出每个分支的全部行再排序；可以在每个分支内先按同样的顺序取前几行，再对合并结果排序取行。',
    en: 'ORDER BY ... LIMIT after a UNION ALL reads every row of every branch before sorting; each branch can first take its own first rows in the same order, and the combined few rows are then sorted and cut.',
  };
  if (!refusal) return base;
  return {
    zh: `${base.zh}（${refusal.zh}，未自动改写。）`,
    en: `${base.en} (Not rewritten automatically: ${refusal.en}.)`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Disjoint branches.

/** Whether no row can satisfy both WHERE clauses: one condition of each contradicts the other. */
function disjoint(a: AstNode | undefined, b: AstNode | undefined): boolean {
  const left = chainOf(a, 'AND');
  const right = chainOf(b, 'AND');
  return left.some((p) => right.some((q) => contradicts(p, q) || contradicts(q, p)));
}

function contradicts(p: AstNode, q: AstNode): boolean {
  if (negates(q, p)) return true;
  const column = nullTested(p);
  if (column && testedColumns(q).includes(column)) return true;
  const x = interval(p);
  const y = interval(q);
  return !!x && !!y && x.column === y.column && apart(x, y);
}

/** `(p) IS NOT TRUE`, `(p) IS FALSE` or `NOT p`: never TRUE on a row where p is TRUE. */
function negates(q: AstNode, p: AstNode): boolean {
  const operator = operatorOf(q);
  const right = child(q, 'right');
  if (operator === 'IS NOT' && isLiteralOf(right, 'bool') && right.value === true) return sameTree(child(q, 'left'), p);
  if (operator === 'IS' && isLiteralOf(right, 'bool') && right.value === false) return sameTree(child(q, 'left'), p);
  if (isUnaryExpr(q) && String(q.operator).toUpperCase() === 'NOT') return sameTree(q.expr, p);
  return false;
}

/** The column of `col IS NULL`. */
function nullTested(p: AstNode): string | undefined {
  const left = child(p, 'left');
  if (operatorOf(p) !== 'IS' || !isLiteralOf(child(p, 'right'), 'null') || !columnRef(left)) return undefined;
  return columnRef(left)!.column.toLowerCase();
}

/** Columns a comparison reads directly as an operand: the comparison is not TRUE when the column is NULL. */
function testedColumns(q: AstNode): string[] {
  const operator = operatorOf(q);
  if (!['=', '<>', '!=', '<', '<=', '>', '>=', 'IN', 'BETWEEN', 'LIKE'].includes(operator)) return [];
  const operands = [child(q, 'left'), ...(operator === 'IN' || operator === 'BETWEEN' ? [] : [child(q, 'right')])];
  return operands.flatMap((o) => (columnRef(o) ? [columnRef(o)!.column.toLowerCase()] : []));
}

interface Interval {
  column: string;
  low: number;
  lowOpen: boolean;
  high: number;
  highOpen: boolean;
}

const mirrored: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

/** The values a comparison of a column with number literals allows, as an interval. */
function interval(p: AstNode): Interval | undefined {
  let operator = operatorOf(p);
  let left = child(p, 'left');
  let right = child(p, 'right');
  if (!columnRef(left) && columnRef(right) && operator in mirrored) {
    [left, right] = [right, left];
    operator = mirrored[operator]!;
  }
  const ref = columnRef(left);
  if (!ref || columnNodes(right).length > 0) return undefined;
  const column = ref.column.toLowerCase();
  if (operator === 'BETWEEN') {
    const [low, high] = children(right ?? {}, 'value').map(numberValue);
    return low === undefined || high === undefined ? undefined : { column, low, lowOpen: false, high, highOpen: false };
  }
  const value = numberValue(right);
  if (value === undefined) return undefined;
  switch (operator) {
    case '=':
      return { column, low: value, lowOpen: false, high: value, highOpen: false };
    case '<':
      return { column, low: -Infinity, lowOpen: true, high: value, highOpen: true };
    case '<=':
      return { column, low: -Infinity, lowOpen: true, high: value, highOpen: false };
    case '>':
      return { column, low: value, lowOpen: true, high: Infinity, highOpen: true };
    case '>=':
      return { column, low: value, lowOpen: false, high: Infinity, highOpen: true };
    default:
      return undefined;
  }
}

function apart(x: Interval, y: Interval): boolean {
  const below = (a: Interval, b: Interval) => a.high < b.low || (a.high === b.low && (a.highOpen || b.lowOpen));
  return below(x, y) || below(y, x);
}

// ---------------------------------------------------------------------------------------------------
// The rewrite.

/**
 * Rewrites the statement as parenthesized branches, each with `ORDER BY <its key> LIMIT <n + m>`, and the
 * union's own ORDER BY ... LIMIT after them, copied as written. The text must parse to exactly that tree.
 */
function pushdownChange(statement: ParsedStatement, union: Union, plan: Plan): Change | undefined {
  const { dialect } = statement;
  const layout = unionText(statement, union);
  if (!layout) return undefined;
  const direction = plan.descending ? ' DESC' : '';
  const branchTexts = layout.branches.map(
    (text, i) => `(${text} ORDER BY ${plan.keys[i]}${direction} LIMIT ${plan.count})`,
  );
  const text = `${branchTexts.join(' UNION ALL ')} ${layout.tail}`;
  // The intended tree: each branch parenthesized with its own ORDER BY and LIMIT; the union's after them.
  const limit = limitNode(`LIMIT ${plan.count}`, dialect);
  const orders = plan.keys.map((key) => orderNodes(`ORDER BY ${key}${direction}`, dialect));
  if (!limit || orders.some((o) => !o)) return undefined;
  let next: AstNode | undefined;
  for (let i = union.branches.length - 1; i >= 0; i--) {
    const branch = union.branches[i]!;
    const rebuilt: AstNode = { ...branch, orderby: orders[i]!, limit, parentheses_symbol: true };
    if (next) rebuilt._next = next;
    next = rebuilt;
  }
  const intended: AstNode = { ...next!, _orderby: [union.order], _limit: union.limit };
  return {
    edits: [{ start: layout.start, end: layout.end, replacement: text }],
    replacements: new Map([[statement.ast, intended]]),
  };
}

/** The branches' own texts (without parentheses and without the union's ORDER BY/LIMIT) and that tail. */
function unionText(
  statement: ParsedStatement,
  union: Union,
): { branches: string[]; tail: string; start: number; end: number } | undefined {
  const view = tokenView(statement);
  const { tokens } = view;
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]!.text === ';') last--;
  const branches: string[] = [];
  let i = 0;
  let tailFrom: number | undefined;
  for (;;) {
    if (union.parenthesized) {
      const close = view.partner.get(i);
      const layout = tokens[i]?.text === '(' ? layoutAt(view, i + 1) : undefined;
      if (close === undefined || !layout || layout.last !== close - 1) return undefined;
      branches.push(textOf(statement, [i + 1, close - 1]));
      i = close + 1;
    } else {
      const layout = layoutAt(view, i);
      if (!layout) return undefined;
      const isLast = !isKeyword(tokens[layout.last + 1], 'UNION');
      const cut = isLast
        ? Math.min(
            ...['ORDER', 'LIMIT', 'OFFSET'].flatMap((k) => (layout.clauses.has(k) ? [layout.clauses.get(k)!] : [])),
          )
        : layout.last + 1;
      if (!Number.isFinite(cut)) return undefined;
      branches.push(textOf(statement, [i, cut - 1]));
      if (isLast) {
        tailFrom = cut;
        break;
      }
      i = layout.last + 1;
    }
    if (isKeyword(tokens[i], 'UNION') && isKeyword(tokens[i + 1], 'ALL')) i += 2;
    else break;
  }
  if (union.parenthesized) tailFrom = i;
  if (tailFrom === undefined || tailFrom > last || branches.length !== union.branches.length) return undefined;
  return { branches, tail: textOf(statement, [tailFrom, last]), start: tokens[0]!.start, end: tokens[last]!.end };
}
