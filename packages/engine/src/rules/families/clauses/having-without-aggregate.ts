import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { isExprList, isLiteralOf, isUnaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type SchemaModel, unquote } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { resolveColumn, selectQueries } from '../../../semantics/scope.ts';
import { isNumeric } from '../../../semantics/types.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { matchAt, sourceText } from '../../match-helpers.ts';
import { removeAllFromAnd } from '../../rewrite/and-chain.ts';
import { clauseEnd, selectCandidates } from '../../rewrite/layout.ts';
import { nodeTokens, textOf, tokenView } from '../../rewrite/tokens.ts';
import { type Change, firstFaithful, matchesWithEdits, withReplacements } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  chainOf,
  comparisonOperators,
  containsAggregate,
  containsSubquery,
  containsWindow,
  groupItems,
  groupMeanings,
  hasGroupingSets,
  numberValue,
  operatorOf,
  sameColumn,
  selectItems,
  stringValue,
  visitExpression,
} from './helpers.ts';

/**
 * `GROUP BY o_custkey HAVING o_custkey > 100`: a HAVING condition on grouping columns only, with no
 * aggregate, keeps the same groups as the WHERE condition would, but only after every row was grouped.
 *
 * The move is exact when the condition has the same value on every row of a group. All rows of a group
 * have equal grouping values, but "equal" is the grouping's equality: 'a' and 'A' under a case-insensitive
 * collation, 1.0 and 1.00 as numerics. So the condition is moved only when it is built from comparisons
 * that respect that equality: a grouping column compared (=, <>, <, <=, >, >=, IN, BETWEEN, IS [NOT] NULL)
 * with literals, under AND/OR/NOT. A string literal compares in the column's own collation or type; a
 * number literal does too unless the column is a MySQL string (compared as a double: strings equal under
 * the collation may convert to different numbers), so on MySQL it needs the schema to say the column is
 * numeric. Functions (LOWER, LIKE, casts...) can tell equal values apart and are left in HAVING.
 */
export const havingWithoutAggregate: Rule = {
  id: 'having-without-aggregate',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING o_custkey > 100',
    good: 'SELECT o_custkey, COUNT(*) FROM orders WHERE o_custkey > 100 GROUP BY o_custkey',
  },
  rewrites: true,
  title: { zh: 'HAVING 中的条件不含聚合', en: 'HAVING condition without an aggregate' },
  rationale: {
    zh: 'HAVING 在分组之后才过滤：不含聚合函数、只涉及分组列的条件放在 HAVING 中，数据库要先读取并分组所有行再丢弃其中一部分；放在 WHERE 中则在分组前就过滤，还可以利用索引。两种写法结果相同（使用 ROLLUP/CUBE 时除外，本规则不检查这种情况）。分组列与字面量的简单比较会被自动移到 WHERE；含函数或 LIKE 的条件可能区分同一分组内“相等”的值（如大小写不同的字符串），只报告不改写。',
    en: 'HAVING filters after grouping: a condition with no aggregate that only involves grouping columns makes the database read and group every row before throwing some away, whereas in WHERE it filters before grouping and can use an index. Both give the same result (except with ROLLUP/CUBE, which this rule leaves alone). Plain comparisons of grouping columns with literals are moved to WHERE automatically; conditions with functions or LIKE can tell apart values the grouping treats as equal (strings differing in case, say) and are only reported.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      const having = child(query, 'having');
      if (!having || groupItems(query).length === 0 || hasGroupingSets(query)) continue;
      const groups = groupMeanings(query).filter((g) => columnRef(g));
      const aliases = new Set(
        selectItems(query)
          .map((i) => i.alias)
          .filter((a): a is string => !!a)
          .map((a) => unquote(a).toLowerCase()),
      );
      const reported: Array<{ condition: AstNode; match: RuleMatch; movable: boolean }> = [];
      for (const condition of chainOf(having, 'AND')) {
        if (containsAggregate(condition) || containsWindow(condition) || containsSubquery(condition)) continue;
        const columns: AstNode[] = [];
        visitExpression(condition, (node) => {
          if (columnRef(node)) columns.push(node);
        });
        if (columns.length === 0) continue;
        const movable = columns.every((column) => {
          const ref = columnRef(column)!;
          // An output alias (`HAVING n > 5` with `COUNT(*) AS n`) is not a table column: leave it.
          if (!ref.table && aliases.has(unquote(ref.column).toLowerCase())) return false;
          return groups.some((group) => sameColumn(group, column));
        });
        if (!movable) continue;
        const scope: Scope = { statement, schema, query, groups, needsSchema: false };
        const exact = groupConstant(condition, scope);
        const text = sourceText(statement.text, condition);
        const message: Localized = {
          zh: `${text ? `条件 ${text} ` : '这个条件'}只涉及分组列、不含聚合，请移到 WHERE 中，在分组前过滤。`,
          en: `${text ? `The condition ${text}` : 'This condition'} only involves grouping columns and no aggregate; move it to WHERE to filter before grouping.`,
        };
        if (!exact && scope.needsSchema) {
          message.zh += '（与数字比较的列需要表结构确认为数值类型，未自动移动。）';
          message.en +=
            ' (Not moved automatically: add the table structure showing the column compared with a number is numeric.)';
        } else if (!exact) {
          message.zh += '（条件中的函数或比较方式可能区分同一分组内相等的值，未自动移动。）';
          message.en +=
            ' (Not moved automatically: its functions or comparisons may tell apart values the grouping treats as equal.)';
        }
        reported.push({ condition, match: matchAt(condition, message, statement.text), movable: exact });
      }
      const moving = reported.filter((r) => r.movable).map((r) => r.condition);
      const change = moving.length > 0 ? moveToWhere(statement, query, moving) : undefined;
      // One change per query, carried by its first movable condition's finding.
      const carrier = reported.find((r) => r.movable);
      for (const r of reported) found.push({ match: r.match, change: r === carrier ? change : undefined });
    }
    return matchesWithEdits(statement, found);
  },
};

interface Scope {
  statement: ParsedStatement;
  schema: SchemaModel;
  query: AstNode;
  groups: AstNode[];
  /** Set when a MySQL column compared with a number is not known to be numeric. */
  needsSchema: boolean;
}

/** Whether the condition has one value on all rows of a group (see the rule's comment). */
function groupConstant(node: AstNode, scope: Scope): boolean {
  const operator = operatorOf(node);
  if (operator === 'AND' || operator === 'OR') {
    return groupConstant(child(node, 'left')!, scope) && groupConstant(child(node, 'right')!, scope);
  }
  if (isUnaryExpr(node) && String(node.operator).toUpperCase() === 'NOT') {
    const inner = node.expr;
    return !!inner && groupConstant(inner, scope);
  }
  const left = child(node, 'left');
  const right = child(node, 'right');
  if (comparisonOperators.has(operator)) {
    if (groupColumn(left, scope)) return literalFor(left!, right, scope);
    if (groupColumn(right, scope)) return literalFor(right!, left, scope);
    return false;
  }
  if (operator === 'IS' || operator === 'IS NOT') return groupColumn(left, scope) && isLiteralOf(right, 'null');
  if (['IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN'].includes(operator)) {
    const values = isExprList(right) ? children(right, 'value') : [];
    return groupColumn(left, scope) && values.length > 0 && values.every((v) => literalFor(left!, v, scope));
  }
  return false;
}

/** A column of the GROUP BY, named exactly as there (PostgreSQL's "A" is not a). */
function groupColumn(node: AstNode | undefined, { groups }: Scope): boolean {
  if (!columnRef(node)) return false;
  return groups.some(
    (group) =>
      columnRef(group) &&
      sameTree(group.column, node!.column) &&
      (!group.table || !node!.table || sameTree(group.table, node!.table)),
  );
}

/** A literal compared with the column in the column's own terms. */
function literalFor(column: AstNode, value: AstNode | undefined, scope: Scope): boolean {
  if (stringValue(value) !== undefined) return true;
  if (numberValue(value) === undefined) return false;
  if (scope.statement.dialect === 'postgresql') return true;
  const numeric = isNumeric(resolveColumn(scope.statement.ast, scope.schema, scope.query, columnRef(column)!)?.column);
  if (!numeric) scope.needsSchema = true;
  return numeric;
}

/** Moves the conditions from HAVING to WHERE (ANDed with any WHERE there is), dropping an emptied HAVING. */
function moveToWhere(statement: ParsedStatement, query: AstNode, moving: AstNode[]): Change | undefined {
  const view = tokenView(statement);
  const { tokens } = view;
  const having = child(query, 'having')!;
  const where = child(query, 'where');
  const ranges = moving.map((c) => nodeTokens(statement, c));
  if (ranges.some((r) => !r)) return undefined;
  const wrap = (node: AstNode, text: string) => (['OR', 'XOR', '||'].includes(operatorOf(node)) ? `(${text})` : text);
  const moved = moving.map((c, i) => wrap(c, textOf(statement, ranges[i]!))).join(' AND ');
  const conditions = moving.reduce((left, right) => ({ type: 'binary_expr', operator: 'AND', left, right }));
  const remaining = withReplacements(having, new Map(moving.map((c) => [c, null])));
  const replacement: AstNode = {
    ...query,
    where: where ? { type: 'binary_expr', operator: 'AND', left: where, right: conditions } : conditions,
    having: remaining,
  };
  const removeAll = chainOf(having, 'AND').length === moving.length;
  const candidates = selectCandidates(statement, query).flatMap((layout): Change[] => {
    const group = layout.clauses.get('GROUP');
    const havingAt = layout.clauses.get('HAVING');
    const whereAt = layout.clauses.get('WHERE');
    if (group === undefined || havingAt === undefined || (where && whereAt === undefined)) return [];
    const edits: TextEdit[] = [];
    if (removeAll) {
      edits.push({ start: tokens[havingAt - 1]!.end, end: tokens[clauseEnd(layout, havingAt)]!.end, replacement: '' });
    } else {
      const removals = removeAllFromAnd(view, ranges as Array<[number, number]>);
      if (!removals) return [];
      edits.push(...removals);
    }
    const at = tokens[group - 1]!.end;
    if (!where) edits.push({ start: at, end: at, replacement: ` WHERE ${moved}` });
    else if (['OR', 'XOR', '||'].includes(operatorOf(where))) {
      const open = tokens[whereAt! + 1]!.start;
      edits.push({ start: open, end: open, replacement: '(' }, { start: at, end: at, replacement: `) AND ${moved}` });
    } else edits.push({ start: at, end: at, replacement: ` AND ${moved}` });
    return [{ edits, replacements: new Map([[query, replacement]]) }];
  });
  return firstFaithful(statement, candidates);
}
