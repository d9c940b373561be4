import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, isNode, walk } from '../../../model/ast.ts';
import { isColumnRefNode, isExprList } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { coversUniqueKey, findColumn, unquote } from '../../../schema/model.ts';
import { ctesOf, ownedColumn, type Source, selectQueries, sideOf, sourcesOf } from '../../../semantics/scope.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt } from '../../match-helpers.ts';
import { clauseEnd, type QueryLayout } from '../../rewrite/layout.ts';
import { type TokenView, tokenView } from '../../rewrite/tokens.ts';
import { type Change, firstFaithful, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  chainOf,
  containsSubquery,
  joinTargetProblem,
  literalPins,
  queryLayouts,
  refOf,
  refsIn,
  sameEquality,
} from './helpers.ts';

/**
 * `FROM a LEFT JOIN t ON t.k = a.x` where nothing else reads t: a LEFT JOIN keeps every row of its left
 * side, and when each of them matches at most one row of t it keeps each exactly once, so without t's
 * columns the result is the left side itself. The join is dropped when
 *  - the ON's top-level equalities bind every column of a primary or unique key of t to something that
 *    does not read t (a column compared with the same equality as the index's, or a literal), so at most
 *    one row of t matches; other ON conditions only reduce matches;
 *  - no column of t is read anywhere else in the query or in any query nested in it (select list, `*`,
 *    `t.*`, WHERE, GROUP BY, HAVING, ORDER BY, other ON conditions, subqueries), counting every
 *    unqualified name t has as a read of t, and no later join uses USING (its columns may be t's);
 *  - the ON holds no subquery, and the query has no LIMIT or locking clause (see joinTargetProblem).
 * An unused join whose key is not unique can repeat rows, so it is only reported.
 */
export const leftJoinElimination: Rule = {
  id: 'left-join-elimination',
  category: 'SQL Complexity',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey',
    good: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o',
  },
  rewrites: true,
  title: { zh: '多余的 LEFT JOIN', en: 'Unneeded LEFT JOIN' },
  rationale: {
    zh: 'LEFT JOIN 保留左侧的每一行；当连接条件覆盖了右表的主键或唯一键时，每一行最多匹配一行，左侧的行既不会减少也不会重复。如果查询的其他地方都没有用到右表的列，这个连接对结果没有任何影响，却仍要逐行查找。可以直接去掉（旧版本的 MySQL 不会自动消除这种连接）。',
    en: 'A LEFT JOIN keeps every row of its left side; when the join condition covers a primary or unique key of the right table, each row matches at most one row, so rows are neither lost nor repeated. If nothing else in the query reads the right table, the join cannot change the result but still costs a lookup per row. It can be removed (MySQL does not eliminate such joins itself).',
  },
  detect({ statement, schema }) {
    const ctes = ctesOf(statement.ast);
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      sources.forEach((source, i) => {
        if (!isCandidate(query, sources, i)) return;
        const problem = joinTargetProblem(query, statement.ast) ?? uniquenessProblem(statement, source, sources);
        const message = problem ? adviceMessage(source, problem) : rewriteMessage(source);
        const change = problem ? undefined : removalChange(statement, query, i);
        found.push({ match: matchAt(child(source.node, 'on') ?? source.node, message, statement.text), change });
      });
    }
    return matchesWithEdits(statement, found);
  },
};

/** A LEFT JOIN of a plain table whose columns nothing but its own ON reads. */
function isCandidate(query: AstNode, sources: Source[], i: number): boolean {
  const source = sources[i]!;
  const on = child(source.node, 'on');
  if (i === 0 || source.join !== 'LEFT JOIN' || !source.table || !on || isExprList(on)) return false;
  if (sources.slice(i + 1).some((later) => isNode(later.node.using) || Array.isArray(later.node.using))) return false;
  return !readsElsewhere(query, source, on);
}

/** Whether anything of the query but the join's own ON may read the table (unknown names count as reads). */
function readsElsewhere(query: AstNode, source: Source, on: AstNode): boolean {
  let reads = false;
  walk(query, ({ node, key, ancestors }) => {
    if (reads || node === on) return false;
    if (ancestors[ancestors.length - 1] === query && (key === 'with' || key === '_next')) return false;
    if (!isColumnRefNode(node)) return undefined;
    const ref = refOf(node);
    if (ref === 'odd') {
      // `*`, `t.*` or a quoted qualifier: a read of t unless it is another table's star.
      const table = typeof node.table === 'string' ? unquote(node.table).toLowerCase() : undefined;
      reads = table === undefined || table === source.name;
    } else if (ref) {
      reads = sideOf(ref, source) !== 'outer';
    }
    return false;
  });
  return reads;
}

/** Why the ON may match several rows of the table, or undefined when it matches at most one. */
function uniquenessProblem(statement: ParsedStatement, source: Source, sources: Source[]): Localized | undefined {
  const def = source.def;
  if (!def) {
    return {
      zh: `表 ${source.table} 不在表结构中，无法确认连接条件最多匹配一行`,
      en: `the table ${source.table} is not in the table structure, so the join is not known to match at most one row`,
    };
  }
  const on = child(source.node, 'on')!;
  if (containsSubquery(on)) {
    return { zh: '连接条件中含有子查询', en: 'the join condition holds a subquery' };
  }
  const others = sources.filter((s) => s !== source);
  const bound = new Set<string>();
  for (const conjunct of chainOf(on, 'AND')) {
    const column = boundColumn(statement, conjunct, source, others);
    if (column) bound.add(column);
  }
  if (coversUniqueKey(def, bound)) return undefined;
  return {
    zh: `连接条件没有把表 ${source.table} 的主键或唯一键与其他表的列（类型相同）或常量等值关联，可能匹配多行而使结果重复`,
    en: `the join condition does not equate a primary or unique key of ${source.table} with other tables' columns of the same type or with constants (it may match several rows and repeat results)`,
  };
}

/** The column of t (lower case) an `t.col = <not t>` conjunct pins to one value per outer row. */
function boundColumn(
  statement: ParsedStatement,
  conjunct: AstNode,
  source: Source,
  others: Source[],
): string | undefined {
  if (String(conjunct.operator) !== '=') return undefined;
  for (const [side, other] of [
    ['left', 'right'],
    ['right', 'left'],
  ] as const) {
    const ref = refOf(child(conjunct, side));
    if (typeof ref !== 'object' || sideOf(ref, source) !== 'inner') continue;
    const column = findColumn(source.def, ref.column);
    const value = child(conjunct, other);
    if (!column || !value) continue;
    const valueRef = refOf(value);
    if (typeof valueRef === 'object') {
      if (sideOf(valueRef, source) !== 'outer') continue;
      const placed = ownedColumn(valueRef, others);
      if (placed && sameEquality(column, placed.column, statement.dialect)) return column.name.toLowerCase();
    } else if ((refsIn(value) ?? [undefined]).length === 0 && literalPins(column, value, statement.dialect)) {
      return column.name.toLowerCase();
    }
  }
  return undefined;
}

function rewriteMessage(source: Source): Localized {
  return {
    zh: `查询没有用到表 ${source.table} 的任何列，且连接条件最多匹配一行，这个 LEFT JOIN 可以去掉。`,
    en: `Nothing in the query reads ${source.table}, and the join matches at most one row, so this LEFT JOIN can go.`,
  };
}

function adviceMessage(source: Source, reason: Localized): Localized {
  return {
    zh: `查询没有用到表 ${source.table} 的任何列，但${reason.zh}，未自动去掉这个 LEFT JOIN。`,
    en: `Nothing in the query reads ${source.table}, but ${reason.en}; the LEFT JOIN was kept.`,
  };
}

/** The edit removing the i-th FROM entry's text (its join keywords, table and ON), at each candidate layout. */
function removalChange(statement: ParsedStatement, query: AstNode, i: number): Change | undefined {
  const entry = children(query, 'from')[i]!;
  const view = tokenView(statement);
  const candidates: Change[] = [];
  for (const layout of queryLayouts(statement, query)) {
    const range = entryRange(view, layout, i);
    if (!range) continue;
    const edit = { start: view.tokens[range[0] - 1]!.end, end: view.tokens[range[1]]!.end, replacement: '' };
    candidates.push({ edits: [edit], replacements: new Map([[entry, null]]) });
  }
  return firstFaithful(statement, candidates);
}

const joinWords = new Set(['LEFT', 'RIGHT', 'FULL', 'OUTER', 'INNER', 'CROSS', 'NATURAL']);

/**
 * Token range of the i-th FROM entry (i > 0), from its join keywords to the end of its ON: entries are
 * separated by commas and JOIN keywords at the FROM clause's own depth.
 */
function entryRange(view: TokenView, layout: QueryLayout, i: number): [number, number] | undefined {
  const from = layout.clauses.get('FROM');
  if (from === undefined) return undefined;
  const end = clauseEnd(layout, from);
  const depth = view.depth[from]!;
  const starts: number[] = [];
  for (let j = from + 1; j <= end; j++) {
    if (view.depth[j] !== depth) continue;
    const token = view.tokens[j]!;
    if (token.text === ',') starts.push(j);
    else if (isKeyword(token, 'JOIN')) {
      let first = j;
      while (joinWords.has(view.tokens[first - 1]?.text.toUpperCase() ?? '') && first - 1 > from) first--;
      starts.push(first);
    }
  }
  const start = starts[i - 1];
  if (start === undefined) return undefined;
  const next = starts[i];
  return [start, next === undefined ? end : next - 1];
}
