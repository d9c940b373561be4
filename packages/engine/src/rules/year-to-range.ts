import {
  type AstNode,
  child,
  columnRef,
  functionArgs,
  functionName,
  literalValue,
  span,
  visitsOf,
} from '../model/ast.ts';
import { isBinaryExpr, isColumnRefNode, isExtract } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { sameTree } from '../semantics/equality.ts';
import { resolveColumn } from '../semantics/scope.ts';
import { isTemporal } from '../semantics/types.ts';
import { matchAt, walkBinaryExpressions } from './match-helpers.ts';
import { replaceNode } from './rewrite/replace.ts';
import { type Change, matchesWithEdits } from './rewrite/verify.ts';
import { allDialects, enclosingQuery, inFilter, type Rule, type RuleMatch } from './rule.ts';

/**
 * `YEAR(d) = 1995` (MySQL) or `EXTRACT(YEAR FROM d) = 1995` (PostgreSQL) hides `d` inside a function,
 * so no index on `d` can serve it. The same rows satisfy `d >= '1995-01-01' AND d < '1996-01-01'`
 * when `d` is a date or timestamp; NULL stays unknown on both sides. Other column types (a string that
 * looks like a date) compare differently, so the rewrite needs the column's type from the schema.
 */
export const yearToRange: Rule = {
  id: 'year-to-range',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE YEAR(o_orderdate) = 1995',
    good: "SELECT o_orderkey FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01'",
  },
  rewrites: true,
  title: { zh: '将 YEAR() 条件改写为日期范围', en: 'Rewrite a YEAR() condition as a date range' },
  rationale: {
    zh: '对列使用 YEAR()/EXTRACT 后索引无法使用；等价的日期范围条件可以走索引范围扫描。',
    en: 'Wrapping a column in YEAR()/EXTRACT hides it from indexes; the equivalent date range can use an index range scan.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node, keys, ancestors }) => {
      if (!isBinaryExpr(node) || !inFilter(keys)) return;
      const form = yearComparison(node);
      if (!form) return;
      const resolved = resolveColumn(statement.ast, schema, enclosingQuery(ancestors), form.column);
      const columnText = form.columnNode.loc
        ? statement.text.slice(form.columnNode.loc.start.offset, form.columnNode.loc.end.offset)
        : [form.column.table, form.column.column].filter(Boolean).join('.');
      if (!isTemporal(resolved?.column)) {
        found.push({
          match: matchAt(node, {
            zh: `${columnText} 被包在年份函数中，无法使用索引。提供表结构（列类型为日期）后可自动改写为范围条件。`,
            en: `${columnText} is wrapped in a year function, so no index applies. Add the table structure (a date column) to get a verified range rewrite.`,
          }),
        });
        return;
      }
      const at = span(node, statement.text)!;
      const range = rangeFor(columnText, form.operator, form.year);
      found.push({
        match: {
          span: at,
          message: {
            zh: `${statement.text.slice(at.start, at.end)} 可改写为 ${range}，从而使用 ${columnText} 上的索引。`,
            en: `${statement.text.slice(at.start, at.end)} can be written as ${range}, so an index on ${columnText} can be used.`,
          },
        },
        change: rangeChange(statement, node, range, form.columnNode),
      });
    });
    return matchesWithEdits(statement, found);
  },
};

type Comparison = '=' | '<' | '<=' | '>' | '>=';
const flipped: Record<Comparison, Comparison> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

interface YearComparison {
  column: NonNullable<ReturnType<typeof columnRef>>;
  columnNode: AstNode;
  operator: Comparison;
  year: number;
}

function yearComparison(node: AstNode): YearComparison | undefined {
  const operator = String(node.operator) as Comparison;
  if (!(operator in flipped)) return undefined;
  const left = child(node, 'left');
  const right = child(node, 'right');
  const direct = yearOf(left) && literalYear(right);
  const reversed = !direct && yearOf(right) && literalYear(left);
  const columnNode = direct ? yearOf(left) : reversed ? yearOf(right) : undefined;
  const year = direct ? literalYear(right) : literalYear(left);
  const column = columnRef(columnNode);
  if (!columnNode || !column || year === undefined) return undefined;
  return { column, columnNode, operator: direct ? operator : flipped[operator], year };
}

/** The column inside YEAR(col), EXTRACT(YEAR FROM col) or date_part('year', col). */
function yearOf(node: AstNode | undefined): AstNode | undefined {
  if (!node) return undefined;
  if (isExtract(node)) {
    const args = node.args;
    return String(args?.field ?? '').toUpperCase() === 'YEAR' ? child(args!, 'source') : undefined;
  }
  const name = functionName(node);
  const args = functionArgs(node);
  if (name === 'YEAR' && args.length === 1) return columnRef(args[0]) ? args[0] : undefined;
  if (name === 'DATE_PART' && args.length === 2 && String(literalValue(args[0])).toLowerCase() === 'year') {
    return columnRef(args[1]) ? args[1] : undefined;
  }
  return undefined;
}

function literalYear(node: AstNode | undefined): number | undefined {
  const value = literalValue(node);
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 9998 ? value : undefined;
}

function rangeFor(column: string, operator: Comparison, year: number): string {
  const start = (y: number) => `'${String(y).padStart(4, '0')}-01-01'`;
  switch (operator) {
    case '=':
      return `${column} >= ${start(year)} AND ${column} < ${start(year + 1)}`;
    case '<':
      return `${column} < ${start(year)}`;
    case '<=':
      return `${column} < ${start(year + 1)}`;
    case '>':
      return `${column} >= ${start(year + 1)}`;
    case '>=':
      return `${column} >= ${start(year)}`;
  }
}

/** The comparison replaced by the range, whose every column must be the one inside the year function. */
function rangeChange(statement: ParsedStatement, node: AstNode, range: string, column: AstNode): Change | undefined {
  const change = replaceNode(statement, node, range);
  const columns = change ? visitsOf(change.tree).filter((v) => isColumnRefNode(v.node)) : [];
  return columns.length > 0 && columns.every((c) => sameTree(c.node, column)) ? change : undefined;
}

/** For other rules: whether a node is a year-function comparison this rule already reports. */
export function isYearComparison(node: AstNode): boolean {
  return yearComparison(node) !== undefined;
}
