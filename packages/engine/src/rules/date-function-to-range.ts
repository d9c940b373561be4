import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, functionArgs, functionName, visitsOf } from '../model/ast.ts';
import { isBinaryExpr, isCast, isColumnRefNode } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { sameTree } from '../semantics/equality.ts';
import { resolveColumn } from '../semantics/scope.ts';
import { isTemporal } from '../semantics/types.ts';
import { isKeyword } from '../text/lexer.ts';
import { stringValue } from './families/clauses/helpers.ts';
import { matchAt, walkBinaryExpressions } from './match-helpers.ts';
import { replaceNode } from './rewrite/replace.ts';
import { operandRanges, tokenView } from './rewrite/tokens.ts';
import { type Change, matchesWithEdits } from './rewrite/verify.ts';
import { allDialects, enclosingQuery, inFilter, type Rule, type RuleMatch } from './rule.ts';

/**
 * `DATE(ts) = '2024-03-01'` (MySQL) or `ts::date = '2024-03-01'` (PostgreSQL) hides `ts` inside a
 * function, so no index on `ts` can serve it. When `ts` is a DATETIME, TIMESTAMP or DATE column, the day
 * it falls on is `d` exactly when `ts >= 'd' AND ts < 'd+1'` (midnight of d up to, not including, midnight
 * of the next day; fractions of a second included). The local date of a time-zone-aware value only grows
 * with time, and both dialects read a bare date in the same session time zone as the conversion uses, so
 * that holds for TIMESTAMP/TIMESTAMPTZ as well. `<`, `<=`, `>` and `>=` become one-sided bounds. NULL stays
 * unknown on both sides. The literal must be a valid 'YYYY-MM-DD'; the next day is computed across month
 * and year ends and leap years. Other column types (a string that looks like a date) compare differently,
 * so the rewrite needs the column's type from the schema.
 */
export const dateFunctionToRange: Rule = {
  id: 'date-function-to-range',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: "SELECT id FROM events WHERE DATE(created_at) = '1995-03-15'",
    good: "SELECT id FROM events WHERE created_at >= '1995-03-15' AND created_at < '1995-03-16'",
  },
  rewrites: true,
  title: { zh: '将 DATE() 条件改写为时间范围', en: 'Rewrite a DATE() condition as a time range' },
  rationale: {
    zh: "对时间列使用 DATE()、CAST(... AS DATE) 或 ::date 后索引无法使用；DATE(ts) = '2024-03-01' 等价于 ts >= '2024-03-01' AND ts < '2024-03-02'，可以走索引范围扫描。需要表结构确认列是日期或时间类型。",
    en: "Wrapping a time column in DATE(), CAST(... AS DATE) or ::date hides it from indexes; DATE(ts) = '2024-03-01' is the same as ts >= '2024-03-01' AND ts < '2024-03-02', which can use an index range scan. The table structure must show the column is a date or time type.",
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node, keys, ancestors }) => {
      if (!isBinaryExpr(node) || !inFilter(keys)) return;
      const form = dateComparison(node);
      if (!form) return;
      const resolved = resolveColumn(statement.ast, schema, enclosingQuery(ancestors), columnRef(form.column)!);
      const name = [columnRef(form.column)!.table, columnRef(form.column)!.column].filter(Boolean).join('.');
      // On a DATE column the conversion changes nothing: redundant-date-cast drops it (`d = '...'`, no range).
      if (resolved?.column.type === 'DATE') return;
      if (!isTemporal(resolved?.column)) {
        const message: Localized = {
          zh: `${name} 被包在 DATE 转换中，无法使用索引。提供表结构（列类型为日期或时间）后可自动改写为范围条件。`,
          en: `${name} is wrapped in a DATE conversion, so no index applies. Add the table structure (a date or time column) to get a verified range rewrite.`,
        };
        found.push({ match: matchAt(node, message, statement.text) });
        return;
      }
      const change = rangeChange(statement, node, form);
      const range = change ? change.text : '';
      const message: Localized = change
        ? {
            zh: `${change.before} 可改写为 ${range}，从而使用 ${name} 上的索引。`,
            en: `${change.before} can be written as ${range}, so an index on ${name} can be used.`,
          }
        : {
            zh: `${name} 被包在 DATE 转换中，无法使用索引；可改写为范围条件。`,
            en: `${name} is wrapped in a DATE conversion, so no index applies; write it as a range.`,
          };
      found.push({ match: matchAt(node, message, statement.text), change: change?.change });
    });
    return matchesWithEdits(statement, found);
  },
};

type Comparison = '=' | '<' | '<=' | '>' | '>=';
const flipped: Record<Comparison, Comparison> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

interface DateComparison {
  /** The DATE(...) / CAST / :: side. */
  wrapper: AstNode;
  column: AstNode;
  operator: Comparison;
  day: string;
  /** Whether the wrapper is the left operand. */
  wrapperLeft: boolean;
}

function dateComparison(node: AstNode): DateComparison | undefined {
  const operator = String(node.operator) as Comparison;
  if (!(operator in flipped)) return undefined;
  const left = child(node, 'left');
  const right = child(node, 'right');
  for (const [wrapper, literal, wrapperLeft] of [
    [left, right, true],
    [right, left, false],
  ] as const) {
    const column = dateOf(wrapper);
    const day = stringValue(literal);
    if (column && day !== undefined && nextDay(day)) {
      return { wrapper: wrapper!, column, operator: wrapperLeft ? operator : flipped[operator], day, wrapperLeft };
    }
  }
  return undefined;
}

/** The column inside DATE(col), date(col), CAST(col AS DATE) or col::date. */
function dateOf(node: AstNode | undefined): AstNode | undefined {
  if (!node) return undefined;
  if (isCast(node)) {
    const target = children(node, 'target')[0] ?? child(node, 'target');
    const expr = node.expr;
    return String(target?.dataType ?? '').toUpperCase() === 'DATE' && columnRef(expr) ? expr : undefined;
  }
  const args = functionArgs(node);
  return functionName(node) === 'DATE' && args.length === 1 && columnRef(args[0]) ? args[0] : undefined;
}

/** For other rules: whether a node is a DATE() comparison this rule reports. */
export function isDateComparison(node: AstNode): boolean {
  return dateComparison(node) !== undefined;
}

/** The day after a valid 'YYYY-MM-DD' (years 1000-9998), or undefined. */
export function nextDay(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || year > 9998 || month < 1 || month > 12 || date < 1) return undefined;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date > length) return undefined;
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1, 2)}-${pad(next.getUTCDate(), 2)}`;
}

function rangeFor(column: string, operator: Comparison, day: string): string {
  const following = nextDay(day)!;
  switch (operator) {
    case '=':
      return `${column} >= '${day}' AND ${column} < '${following}'`;
    case '<':
      return `${column} < '${day}'`;
    case '<=':
      return `${column} < '${following}'`;
    case '>':
      return `${column} >= '${following}'`;
    case '>=':
      return `${column} >= '${day}'`;
  }
}

/** The column's text inside the wrapper: DATE(x), CAST(x AS DATE), x::date. */
function columnText(statement: ParsedStatement, range: [number, number], wrapper: AstNode): string | undefined {
  const view = tokenView(statement);
  const { tokens } = view;
  const [first, last] = range;
  const slice = (a: number, b: number) => (a <= b ? statement.text.slice(tokens[a]!.start, tokens[b]!.end) : undefined);
  if (isCast(wrapper) && tokens[first + 1]?.text === '(' && isKeyword(tokens[first], 'CAST')) {
    // CAST(x AS DATE): up to the AS at the parenthesis' own depth.
    for (let i = last - 1; i > first + 1; i--) {
      if (isKeyword(tokens[i], 'AS') && view.depth[i] === view.depth[first + 1]! + 1) return slice(first + 2, i - 1);
    }
    return undefined;
  }
  if (isCast(wrapper)) {
    // x::date: before the last `::` at the expression's depth.
    for (let i = last - 1; i > first; i--) {
      if (tokens[i]!.text === ':' && tokens[i - 1]?.text === ':' && view.depth[i] === view.depth[first]) {
        return slice(first, i - 2);
      }
    }
    return undefined;
  }
  return tokens[first + 1]?.text === '(' && view.partner.get(first + 1) === last
    ? slice(first + 2, last - 1)
    : undefined;
}

function rangeChange(
  statement: ParsedStatement,
  node: AstNode,
  form: DateComparison,
): { change: Change; text: string; before: string } | undefined {
  const sides = operandRanges(statement, node);
  if (!sides) return undefined;
  const column = columnText(statement, form.wrapperLeft ? sides.left : sides.right, form.wrapper);
  if (!column) return undefined;
  const range = rangeFor(column, form.operator, form.day);
  const change = replaceNode(statement, node, range);
  // Every column of the new text must be the wrapped column, spelled as before.
  const columns = change ? visitsOf(change.tree).filter((v) => isColumnRefNode(v.node)) : [];
  if (!change || columns.length === 0 || !columns.every((c) => sameTree(c.node, form.column))) return undefined;
  const { tokens } = tokenView(statement);
  return {
    change,
    text: range,
    before: statement.text.slice(tokens[sides.left[0]]!.start, tokens[sides.right[1]]!.end),
  };
}
