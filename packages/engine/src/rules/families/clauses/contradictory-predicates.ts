import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import { statementQueries } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { chainOf, columnKey, filterClauses, numberValue, operatorOf } from './helpers.ts';

const flipped: Record<string, string> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** The values a column may still take: an interval, each end open or closed. */
interface Range {
  low: number;
  lowOpen: boolean;
  high: number;
  highOpen: boolean;
}

/**
 * `a = 1 AND a = 2`, `a > 10 AND a < 5`: numeric conditions on one column, joined by AND, that no value
 * can satisfy together. Only number literals are used, so collations and string types play no part.
 */
export const contradictoryPredicates: Rule = {
  id: 'contradictory-predicates',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE o_totalprice > 5000 AND o_totalprice < 1000',
    good: 'SELECT o_orderkey FROM orders WHERE o_totalprice > 1000 AND o_totalprice < 5000',
  },
  rewrites: false,
  title: { zh: '相互矛盾的条件', en: 'Contradictory conditions' },
  rationale: {
    zh: '对同一列用 AND 连接的几个数值条件没有任何值能同时满足（例如 a = 1 AND a = 2，或 a > 10 AND a < 5），整个子句恒为假，查询不会返回任何行。这几乎总是笔误，例如把 OR 写成了 AND，或把比较方向写反了。',
    en: 'Several numeric conditions on one column, joined by AND, that no value can meet at once (a = 1 AND a = 2, or a > 10 AND a < 5) make the clause always false, so the query returns no rows. This is almost always a slip, such as AND written for OR or a comparison turned the wrong way.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { query } of statementQueries(statement.ast)) {
      for (const { node: clause } of filterClauses(query)) {
        const ranges = new Map<string, { range: Range; name: string; reported: boolean }>();
        for (const condition of chainOf(clause, 'AND')) {
          for (const bound of boundsOf(condition)) {
            const entry = ranges.get(bound.key) ?? {
              range: { low: -Infinity, lowOpen: true, high: Infinity, highOpen: true },
              name: bound.name,
              reported: false,
            };
            entry.range = intersect(entry.range, bound.range);
            ranges.set(bound.key, entry);
            if (!entry.reported && isEmpty(entry.range)) {
              entry.reported = true;
              matches.push(
                matchAt(
                  condition,
                  {
                    zh: `${entry.name} 上的条件相互矛盾，没有任何值能同时满足，这里的过滤条件恒为假。`,
                    en: `The conditions on ${entry.name} contradict each other: no value meets them all, so this filter is always false.`,
                  },
                  statement.text,
                ),
              );
            }
          }
        }
      }
    }
    return matches;
  },
};

/** The numeric ranges a condition puts on columns: `col op n`, `n op col`, `col BETWEEN n AND m`. */
function boundsOf(condition: AstNode): Array<{ key: string; name: string; range: Range }> {
  let operator = operatorOf(condition);
  let column = child(condition, 'left');
  let value = child(condition, 'right');
  if (operator === 'BETWEEN') {
    const [low, high] = isExprList(value) ? children(value, 'value').map(numberValue) : [];
    const key = columnKey(column);
    // A reversed BETWEEN on its own is between-reversed's finding, not a contradiction between conditions.
    if (!key || low === undefined || high === undefined || low > high) return [];
    return [{ key, name: nameOf(column!), range: { low, lowOpen: false, high, highOpen: false } }];
  }
  if (!(operator in flipped)) return [];
  if (!columnKey(column)) {
    [column, value] = [value, column];
    operator = flipped[operator]!;
  }
  const key = columnKey(column);
  const n = numberValue(value);
  if (!key || n === undefined) return [];
  const all = { low: -Infinity, lowOpen: true, high: Infinity, highOpen: true };
  const range: Range =
    operator === '='
      ? { low: n, lowOpen: false, high: n, highOpen: false }
      : operator === '<'
        ? { ...all, high: n, highOpen: true }
        : operator === '<='
          ? { ...all, high: n, highOpen: false }
          : operator === '>'
            ? { ...all, low: n, lowOpen: true }
            : { ...all, low: n, lowOpen: false };
  return [{ key, name: nameOf(column!), range }];
}

function nameOf(column: AstNode): string {
  const ref = columnRef(column)!;
  return ref.table ? `${ref.table}.${ref.column}` : ref.column;
}

function intersect(a: Range, b: Range): Range {
  const low = a.low > b.low ? a : b.low > a.low ? b : { low: a.low, lowOpen: a.lowOpen || b.lowOpen };
  const high = a.high < b.high ? a : b.high < a.high ? b : { high: a.high, highOpen: a.highOpen || b.highOpen };
  return { low: low.low, lowOpen: low.lowOpen, high: high.high, highOpen: high.highOpen };
}

function isEmpty(range: Range): boolean {
  if (range.low > range.high) return true;
  return range.low === range.high && (range.lowOpen || range.highOpen);
}
