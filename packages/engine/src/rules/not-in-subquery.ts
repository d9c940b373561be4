import type { Localized } from '@sqltune/contracts';
import { type AstNode, type ColumnRef, child, children, columnRef, isNode, subqueryOf } from '../model/ast.ts';
import { isBinaryExpr, isColumnRefNode, isSelect } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { type ColumnDef, type SchemaModel, unquote } from '../schema/model.ts';
import { sameTree } from '../semantics/equality.ts';
import { ctesOf, ownedColumn, resolveColumn, sourcesOf } from '../semantics/scope.ts';
import { isKeyword } from '../text/lexer.ts';
import type { TextEdit } from '../text/patch.ts';
import { limitParts } from './families/clauses/helpers.ts';
import { matchAt, walkBinaryExpressions, walkWithKeys } from './match-helpers.ts';
import { identifier } from './rewrite/identifiers.ts';
import { layoutAt } from './rewrite/layout.ts';
import { editNode } from './rewrite/replace.ts';
import { nodeTokens, tokenView } from './rewrite/tokens.ts';
import { type Change, matchesWithEdits } from './rewrite/verify.ts';
import { allDialects, enclosingQuery, type Rule, type RuleMatch } from './rule.ts';

/**
 * `x NOT IN (SELECT y ...)` returns no rows at all once one y is NULL, and planners handle it worse
 * than NOT EXISTS.
 *
 * `x NOT IN (SELECT y FROM t WHERE p)` is `NOT EXISTS (SELECT 1 FROM t WHERE p AND t.y = x)` exactly when
 * neither side can be NULL: then every `x = y` is true or false, and "no y equals x" is what both say.
 * So it is rewritten only when the schema shows x and y NOT NULL, x's table is not on the NULL side of an
 * outer join, and the subquery is a plain single-table SELECT of one column (no GROUP BY, HAVING, LIMIT,
 * DISTINCT ON, ORDER BY, set operation or join). The new condition names both columns with qualifiers that
 * resolve the same way inside the subquery; when the subquery's table would hide the outer one, the
 * subquery's table gets an alias.
 */
export const notInSubquery: Rule = {
  id: 'not-in-subquery',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name FROM customer WHERE c_custkey NOT IN (SELECT o_custkey FROM orders)',
    good: 'SELECT c_name FROM customer c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey)',
  },
  rewrites: true,
  title: { zh: 'NOT IN 子查询', en: 'NOT IN with a subquery' },
  rationale: {
    zh: '子查询结果中只要有一个 NULL，NOT IN 就不返回任何行；优化器对 NOT IN 的处理也通常不如 NOT EXISTS（反连接）。只有两边的列都不可能为 NULL 时两者才等价：表结构显示两列都是 NOT NULL、且子查询是简单的单表查询时自动改写为 NOT EXISTS。',
    en: 'A single NULL in the subquery makes NOT IN return no rows, and optimizers usually plan NOT IN worse than NOT EXISTS (an anti-join). The two only agree when neither column can be NULL: when the table structure shows both NOT NULL and the subquery is a plain single-table query, it is rewritten to NOT EXISTS.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node, ancestors }) => {
      if (!isBinaryExpr(node) || String(node.operator).toUpperCase() !== 'NOT IN') return;
      const subquery = subqueryOf(node.right);
      if (!subquery) return;
      const selected = columnRef(child(children(subquery, 'columns')[0] ?? {}, 'expr'));
      const resolved = selected ? resolveColumn(statement.ast, schema, subquery, selected) : undefined;
      const nullable = resolved ? resolved.column.nullable : undefined;
      const plan =
        nullable === false ? rewritePlan(statement, schema, enclosingQuery(ancestors), node, subquery) : undefined;
      const refusal = nullable === false && typeof plan === 'object' && 'zh' in plan ? plan : undefined;
      let message: Localized = {
        zh:
          nullable === false
            ? `子查询列 ${selected?.column} 非空，可以安全地改写为 NOT EXISTS。`
            : '子查询列可能为 NULL：改写为 NOT EXISTS 之前请确认语义，或在子查询中排除 NULL。',
        en:
          nullable === false
            ? `The subquery column ${selected?.column} is NOT NULL, so NOT EXISTS is a safe replacement.`
            : 'The subquery column may be NULL: check the meaning before switching to NOT EXISTS, or filter NULLs out in the subquery.',
      };
      if (refusal) {
        message = {
          zh: `子查询列 ${selected?.column} 非空，但${refusal.zh}，未自动改写为 NOT EXISTS。`,
          en: `The subquery column ${selected?.column} is NOT NULL, but ${refusal.en}, so it was not rewritten to NOT EXISTS.`,
        };
      }
      const change = plan && !refusal ? notExistsChange(statement, node, subquery, plan as Plan) : undefined;
      found.push({ match: matchAt(node, message), change });
    });
    return matchesWithEdits(statement, found);
  },
};

interface Plan {
  /** What the outer column is called inside the subquery (qualified). */
  outer: string;
  /** What the subquery's column is called in the new condition (qualified). */
  inner: string;
  /** An alias to give the subquery's table, when its name would hide the outer table. */
  alias?: string;
}

/** The qualifiers of the new condition, or why there is no rewrite. */
function rewritePlan(
  statement: ParsedStatement,
  schema: SchemaModel,
  outerQuery: AstNode | undefined,
  node: AstNode,
  subquery: AstNode,
): Plan | Localized {
  const simple = simpleSubquery(subquery);
  if (!simple) {
    return {
      zh: '子查询不是简单的单表查询（含连接、分组、LIMIT、排序或集合运算）',
      en: 'the subquery is not a plain single-table query (it has a join, grouping, LIMIT, ORDER BY or a set operation)',
    };
  }
  const x = columnRef(child(node, 'left'));
  const outer = x && outerQuery ? outerSource(statement, schema, outerQuery, x) : undefined;
  if (!x || !outer) {
    return {
      zh: '无法从表结构确定左侧的列',
      en: 'the column on the left cannot be placed in the table structure',
    };
  }
  if (outer.column.nullable || outer.nullSide) {
    return {
      zh: '左侧的列可能为 NULL（可为空，或来自外连接的可空一侧）',
      en: 'the column on the left may be NULL (nullable, or on the NULL side of an outer join)',
    };
  }
  const { dialect } = statement;
  const innerName = simple.source.as ?? String(simple.source.table);
  const outerQualifier = x.table ?? outer.name;
  const outerText = identifier(unquote(outerQualifier), dialect);
  const outerColumn = identifier(unquote(x.column), dialect);
  const innerColumn = identifier(unquote(simple.column.column), dialect);
  if (!outerText || !outerColumn || !innerColumn) {
    return { zh: '列名或表名需要加引号', en: 'a table or column name would need quoting' };
  }
  const hidden = unquote(innerName).toLowerCase() === unquote(outerQualifier).toLowerCase();
  if (hidden && (simple.source.as || usesQualifier(subquery, innerName))) {
    return {
      zh: '子查询中的表名或别名与外层的相同',
      en: 'the subquery names its table as the outer query does',
    };
  }
  const alias = hidden ? freshAlias(allNames(statement.ast)) : undefined;
  const innerText = alias ?? identifier(unquote(innerName), dialect);
  if (!innerText) return { zh: '表名或别名需要加引号', en: 'a table name or alias would need quoting' };
  return { outer: `${outerText}.${outerColumn}`, inner: `${innerText}.${innerColumn}`, alias };
}

/** The subquery's one table and column, when it is a plain single-table SELECT of a column. */
function simpleSubquery(subquery: AstNode): { source: { table: unknown; as?: string }; column: ColumnRef } | undefined {
  if (isNode(subquery._next) || subquery.set_op || children(subquery, 'with').length > 0) return undefined;
  const from = children(subquery, 'from');
  const columns = children(subquery, 'columns');
  const column = columnRef(child(columns[0] ?? {}, 'expr'));
  const { count, offset } = limitParts(subquery);
  const distinct = subquery.distinct;
  const distinctOn = isNode(distinct) && String(distinct.type).toUpperCase().startsWith('DISTINCT ON');
  if (
    from.length !== 1 ||
    typeof from[0]!.table !== 'string' ||
    from[0]!.expr ||
    columns.length !== 1 ||
    !column ||
    column.column === '*' ||
    (column.table &&
      unquote(column.table).toLowerCase() !== unquote(String(from[0]!.as ?? from[0]!.table)).toLowerCase()) ||
    child(subquery, 'having') ||
    (Array.isArray(subquery.groupby) ? subquery.groupby.length > 0 : isNode(subquery.groupby)) ||
    children(subquery, 'orderby').length > 0 ||
    count ||
    offset ||
    distinctOn
  ) {
    return undefined;
  }
  const source = { table: from[0]!.table, as: typeof from[0]!.as === 'string' ? from[0]!.as : undefined };
  return { source, column };
}

/** The outer query's table the column belongs to, and whether an outer join can make it NULL. */
function outerSource(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  ref: ColumnRef,
): { name: string; column: ColumnDef; nullSide: boolean } | undefined {
  const sources = sourcesOf(query, schema, ctesOf(statement.ast));
  const found = ownedColumn(ref, sources);
  if (!found) return undefined;
  const i = sources.indexOf(found.source);
  const joins = sources.map((source) => source.join);
  const nullSide =
    /LEFT|FULL/.test(joins[i]!) || joins.slice(i + 1).some((join) => join.includes('RIGHT') || join.includes('FULL'));
  const { node } = found.source;
  return { name: String(typeof node.as === 'string' ? node.as : node.table), column: found.column, nullSide };
}

/** Whether the subquery qualifies a column with this name (`t.col`), which an alias would break. */
function usesQualifier(subquery: AstNode, name: string): boolean {
  const wanted = unquote(name).toLowerCase();
  let used = false;
  walkWithKeys(subquery, ({ node }) => {
    const ref = columnRef(node);
    if (ref?.table && unquote(ref.table).toLowerCase() === wanted) used = true;
    if (isColumnRefNode(node) && isNode(node.table)) used = true;
  });
  return used;
}

/** Every table name, alias and column qualifier of the statement, lower case. */
function allNames(ast: AstNode): Set<string> {
  const names = new Set<string>();
  walkWithKeys(ast, ({ node }) => {
    for (const name of [node.table, node.as, node.name]) if (typeof name === 'string') names.add(name.toLowerCase());
  });
  return names;
}

function freshAlias(taken: Set<string>): string {
  for (let i = 1; ; i++) {
    const name = i === 1 ? 'sq' : `sq${i}`;
    if (!taken.has(name)) return name;
  }
}

/**
 * Turns `x NOT IN (SELECT y FROM t WHERE p)` into `NOT EXISTS (SELECT 1 FROM t WHERE (p) AND t.y = x)` by
 * small edits, so the subquery keeps its layout and comments.
 */
function notExistsChange(statement: ParsedStatement, node: AstNode, subquery: AstNode, plan: Plan): Change | undefined {
  const range = nodeTokens(statement, node);
  if (!range) return undefined;
  const view = tokenView(statement);
  const { tokens } = view;
  let open = -1;
  for (let i = range[0]; i < range[1]; i++) {
    if (
      view.depth[i] === view.depth[range[0]] &&
      isKeyword(tokens[i], 'NOT') &&
      isKeyword(tokens[i + 1], 'IN') &&
      tokens[i + 2]?.text === '('
    ) {
      open = i + 2;
      break;
    }
  }
  const close = view.partner.get(open);
  if (open < 0 || close !== range[1]) return undefined;
  const layout = layoutAt(view, open + 1);
  const from = layout?.clauses.get('FROM');
  const where = layout?.clauses.get('WHERE');
  const others = [...(layout?.clauses.keys() ?? [])].filter((k) => k !== 'FROM' && k !== 'WHERE');
  if (!layout || from === undefined || layout.last !== close - 1 || others.length > 0) return undefined;
  const original = child(subquery, 'where');
  const wrap = original && ['OR', 'XOR', '||'].includes(String(original.operator ?? '').toUpperCase());
  const condition = `${plan.inner} = ${plan.outer}`;
  const fromEnd = tokens[where === undefined ? layout.last : where - 1]!.end;
  const last = tokens[layout.last]!.end;
  const edits: TextEdit[] = [
    { start: tokens[range[0]]!.start, end: tokens[open - 1]!.end, replacement: 'NOT EXISTS' },
    { start: tokens[layout.list]!.start, end: tokens[from - 1]!.end, replacement: '1' },
  ];
  if (plan.alias) edits.push({ start: fromEnd, end: fromEnd, replacement: ` ${plan.alias}` });
  if (where === undefined) edits.push({ start: last, end: last, replacement: ` WHERE ${condition}` });
  else {
    if (wrap) edits.push({ start: tokens[where + 1]!.start, end: tokens[where + 1]!.start, replacement: '(' });
    edits.push({ start: last, end: last, replacement: `${wrap ? ')' : ''} AND ${condition}` });
  }
  const change = editNode(statement, node, range, edits);
  const tree = change?.tree;
  // The new subquery keeps the old FROM and WHERE, and adds exactly the equality of the two columns.
  const inner = tree && walkFirstSelect(tree);
  const added = inner && (original ? child(child(inner, 'where') ?? {}, 'right') : child(inner, 'where'));
  const kept = inner && original ? child(child(inner, 'where') ?? {}, 'left') : undefined;
  const x = child(node, 'left')!;
  const y = child(children(subquery, 'columns')[0]!, 'expr')!;
  if (
    !inner ||
    !added ||
    String(added.operator) !== '=' ||
    (original && !sameTree(kept, original)) ||
    (!plan.alias && !sameTree(children(inner, 'from'), children(subquery, 'from'))) ||
    !sameTree(child(added, 'left')?.column, y.column) ||
    !sameTree(child(added, 'right')?.column, x.column)
  ) {
    return undefined;
  }
  return change;
}

function walkFirstSelect(tree: AstNode): AstNode | undefined {
  let found: AstNode | undefined;
  walkWithKeys(tree, ({ node }) => {
    if (!found && isSelect(node)) found = node;
  });
  return found;
}
