import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, subqueryOf } from '../../../model/ast.ts';
import { isBinaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { type Ctes, ctesOf, selectQueries } from '../../../semantics/scope.ts';
import { isKeyword } from '../../../text/lexer.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { matchAt } from '../../match-helpers.ts';
import { layoutAt } from '../../rewrite/layout.ts';
import { editNode } from '../../rewrite/replace.ts';
import { nodeTokens, tokenView } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits, withReplacements } from '../../rewrite/verify.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import {
  type Correlation,
  containsAggregate,
  containsWindow,
  existsQuery,
  extraClauses,
  oneTableQuery,
  refText,
  splitCorrelation,
  whereConjuncts,
} from './helpers.ts';
import { removeConjuncts } from './joins.ts';

/**
 * `WHERE EXISTS (SELECT ... FROM t WHERE t.a = o.b AND p)` -> `WHERE o.b IN (SELECT t.a FROM t WHERE p)`.
 *
 * In a WHERE conjunct the two keep the same rows: EXISTS is true exactly when some row of t satisfies p
 * and t.a = o.b, which is when the IN is true; otherwise EXISTS is false and IN is false or NULL, and
 * WHERE drops the row either way. So only top-level conjuncts of WHERE are rewritten (never under NOT or
 * OR, and NOT EXISTS never becomes NOT IN). The subquery must read one table, be tied to the outer query
 * by exactly one equality of two columns, read nothing else of the outer query, and not aggregate (an
 * aggregate without GROUP BY always gives a row) or cut rows (GROUP BY, HAVING, LIMIT).
 */
export const existsToIn: Rule = {
  id: 'exists-to-in',
  category: 'Execution Plan',
  severity: 'info',
  // PostgreSQL pulls a correlated EXISTS up into the same semi-join as the IN (and an anti-join for NOT EXISTS):
  // there the rewrite changes nothing and the advice would mislead.
  dialects: ['mysql'],
  example: {
    bad: "SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F')",
    good: "SELECT c_name FROM customer c WHERE c.c_custkey IN (SELECT o.o_custkey FROM orders o WHERE o.o_orderstatus = 'F')",
  },
  rewrites: true,
  title: { zh: '关联 EXISTS 子查询可改写为 IN', en: 'Correlated EXISTS that can be an IN' },
  rationale: {
    zh: '只靠一个等值条件与外层关联的 EXISTS 子查询，等价于对该列的 IN 子查询（作为 WHERE 的 AND 条件时）。IN 子查询不依赖外层的行，优化器可以选择半连接的各种策略（物化、松散扫描、首次匹配等）；MySQL 5.7 对 EXISTS 只能逐行执行（DEPENDENT SUBQUERY）。NOT EXISTS 不会改写为 NOT IN，因为两者对 NULL 的处理不同。PostgreSQL 本身就把这样的 EXISTS 规划为半连接，所以本规则只用于 MySQL。',
    en: 'An EXISTS subquery tied to the outer query by a single equality is the same, as an AND condition of WHERE, as an IN subquery on that column. The IN form does not depend on the outer row, so the optimizer can choose among semi-join strategies (materialization, loose scan, first match); MySQL 5.7 runs EXISTS once per outer row (DEPENDENT SUBQUERY). NOT EXISTS is never turned into NOT IN: the two treat NULL differently. PostgreSQL already plans such an EXISTS as a semi-join, so the rule is for MySQL only.',
  },
  detect({ statement, schema }) {
    const ctes = ctesOf(statement.ast);
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      for (const conjunct of whereConjuncts(query)) {
        const subquery = existsQuery(conjunct);
        const plan = subquery ? planFor(subquery, schema, ctes) : undefined;
        if (!subquery || !plan) continue;
        if ('zh' in plan) {
          found.push({ match: matchAt(conjunct, adviceMessage(plan), statement.text) });
          continue;
        }
        found.push({
          match: matchAt(conjunct, rewriteMessage(statement, plan.correlation), statement.text),
          change: inChange(statement, conjunct, subquery, plan),
        });
      }
    }
    return matchesWithEdits(statement, found);
  },
};

interface Plan {
  correlation: Correlation;
  /** Whether other conditions stay in the subquery's WHERE. */
  keepsWhere: boolean;
}

/** The rewrite's plan, a reason it cannot be proven, or undefined when the EXISTS is not of this shape. */
function planFor(subquery: AstNode, schema: SchemaModel, ctes: Ctes): Plan | Localized | undefined {
  const one = oneTableQuery(subquery, schema, ctes);
  if (!one) return undefined;
  const { grouped, limited } = extraClauses(subquery);
  const items = children(subquery, 'columns').map((item) => child(item, 'expr'));
  if (grouped || limited || items.some((expr) => containsAggregate(expr) || containsWindow(expr))) return undefined;
  const split = splitCorrelation(child(subquery, 'where'), one.source);
  if (split === 'unknown') {
    return {
      zh: `表 ${one.source.table} 不在表结构中，无法判断子查询中未加限定的列属于哪张表`,
      en: `the table ${one.source.table} is not in the table structure, so the subquery's unqualified columns cannot be placed`,
    };
  }
  if (split?.correlations.length !== 1) return undefined;
  return { correlation: split.correlations[0]!, keepsWhere: split.local.length > 0 };
}

function rewriteMessage(statement: ParsedStatement, { inner, outer }: Correlation): Localized {
  const outerText = refText(statement, outer) ?? outer.column;
  const innerText = refText(statement, inner) ?? inner.column;
  return {
    zh: `这个 EXISTS 只通过 ${innerText} = ${outerText} 与外层关联，可以改写为 ${outerText} IN (SELECT ${innerText} ...)，便于优化器使用半连接。`,
    en: `This EXISTS is tied to the outer query only by ${innerText} = ${outerText}; as ${outerText} IN (SELECT ${innerText} ...) the optimizer can use a semi-join.`,
  };
}

function adviceMessage(reason: Localized): Localized {
  return {
    zh: `这个关联 EXISTS 也许可以改写为 IN 子查询以便使用半连接，但${reason.zh}，未自动改写。`,
    en: `This correlated EXISTS may be rewritable as an IN subquery (a semi-join), but ${reason.en}; it was not rewritten.`,
  };
}

/**
 * Turns `EXISTS (SELECT list FROM t WHERE corr AND p)` into `x IN (SELECT a FROM t WHERE p)` by small
 * edits, so the subquery keeps its layout and comments.
 */
function inChange(statement: ParsedStatement, conjunct: AstNode, subquery: AstNode, plan: Plan): Change | undefined {
  const range = nodeTokens(statement, conjunct);
  const view = tokenView(statement);
  const { tokens } = view;
  if (!range || !isKeyword(tokens[range[0]], 'EXISTS') || view.partner.get(range[0] + 1) !== range[1]) return undefined;
  const layout = layoutAt(view, range[0] + 2);
  const from = layout?.clauses.get('FROM');
  const { inner, outer } = plan.correlation;
  const innerText = refText(statement, inner);
  const outerText = refText(statement, outer);
  if (!layout || from === undefined || layout.last !== range[1] - 1 || !innerText || !outerText) return undefined;
  const removal = removeConjuncts(statement, layout, [plan.correlation.conjunct], !plan.keepsWhere);
  if (!removal) return undefined;
  const edits: TextEdit[] = [
    { start: tokens[range[0]]!.start, end: tokens[range[0]]!.end, replacement: `${outerText} IN` },
    { start: tokens[layout.list]!.start, end: tokens[from - 1]!.end, replacement: innerText },
    ...removal,
  ];
  const change = editNode(statement, conjunct, range, edits);
  return change && isIntended(change.tree, subquery, plan.correlation) ? change : undefined;
}

/** The new IN has the outer column on the left and the old subquery, selecting the inner column, without the tie. */
function isIntended(tree: AstNode, subquery: AstNode, { conjunct, inner, outer }: Correlation): boolean {
  const next = subqueryOf(child(tree, 'right'));
  const columns = next ? children(next, 'columns') : [];
  if (!isBinaryExpr(tree) || String(tree.operator).toUpperCase() !== 'IN' || !next || columns.length !== 1) {
    return false;
  }
  const oldWhere = child(subquery, 'where');
  const expectedWhere = oldWhere ? withReplacements(oldWhere, new Map([[conjunct, null]])) : null;
  return (
    sameTree(tree.left, outer.node) &&
    sameTree(child(columns[0]!, 'expr'), inner.node) &&
    !columns[0]!.as &&
    sameTree(next.where ?? null, expectedWhere) &&
    sameTree({ ...next, columns: null, where: null }, { ...subquery, columns: null, where: null })
  );
}
