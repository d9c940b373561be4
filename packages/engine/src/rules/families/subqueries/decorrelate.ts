/**
 * Decorrelation of scalar subqueries, shared by scalar-subquery-to-join (select list) and
 * scalar-subquery-in-where-to-join (WHERE): `(SELECT ... FROM t WHERE t.k = o.x AND p)` becomes a value
 * read from a LEFT JOIN added at the end of the outer FROM list. A LEFT JOIN that matches at most one
 * row keeps every outer row exactly once, so the value can replace the subquery wherever it stands.
 *
 * Two forms:
 *  - row: the subquery selects a column c of t and its equalities cover a unique key of t, so it finds at
 *    most one row: `LEFT JOIN t AS sq ON <its WHERE, t's columns qualified by sq>` and `sq.c`. No row
 *    gives NULL in both.
 *  - aggregate: the subquery selects an aggregate (no GROUP BY, so always one row):
 *    `LEFT JOIN (SELECT t.k, <aggregate> AS agg FROM t WHERE p GROUP BY t.k) AS sq ON sq.k = o.x` and
 *    `sq.agg`. The derived table has one row per key, each computed over exactly the rows the subquery
 *    would see, provided `k = x` is the equality GROUP BY uses (see sameEquality). For an outer row without
 *    a group the subquery computes its aggregate over no rows: COUNT gives 0 (so COALESCE(sq.agg, 0)), the
 *    others NULL, and arithmetic on NULL with constants stays NULL, which is what the LEFT JOIN gives; an
 *    expression mixing COUNT into arithmetic is not taken. SUM and AVG need exact-number arguments, since
 *    floating-point sums depend on the order rows are added in.
 */
import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, functionName, isNode, walk } from '../../../model/ast.ts';
import { isBinaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { coversUniqueKey, findColumn, type SchemaModel, unquote } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isAggregate, isNullOnEmptyAggregate } from '../../../semantics/functions.ts';
import { type Ctes, lastGroup, ownedColumn, type Source, sideOf, sourcesOf } from '../../../semantics/scope.ts';
import { isExactNumber } from '../../../semantics/types.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { clauseEnd, type QueryLayout } from '../../rewrite/layout.ts';
import { textOf, tokenView } from '../../rewrite/tokens.ts';
import {
  type Change,
  editedSlice,
  parseExpression,
  type Replacements,
  withReplacements,
} from '../../rewrite/verify.ts';
import { groupItems, numberValue } from '../clauses/helpers.ts';
import {
  type Correlation,
  containsSubquery,
  containsWindow,
  extraClauses,
  freshName,
  joinTargetProblem,
  nameText,
  type OneTableQuery,
  oneTableQuery,
  parenthesesOf,
  pinnedBy,
  qualifiedText,
  queryLayouts,
  type Ref,
  refOf,
  refsIn,
  refText,
  requalified,
  sameEquality,
  splitCorrelation,
  tableText,
  unqualifiedInner,
  unqualifiedNames,
} from './helpers.ts';
import { joinChange, removeConjuncts } from './joins.ts';

/** A scalar subquery to decorrelate: the node wrapping it in the outer query, and the subquery. */
export interface Site {
  host: AstNode;
  subquery: AstNode;
}

export interface Decorrelation {
  site: Site;
  one: OneTableQuery;
  correlations: Correlation[];
  local: AstNode[];
  /** The subquery's select expression. */
  value: AstNode;
  form: 'row' | 'aggregate';
  /** A bare COUNT: no rows gives 0, not NULL. */
  count: boolean;
}

/** The shape this module decorrelates, or undefined: a one-table subquery tied by column equalities. */
export function decorrelationOf(site: Site, schema: SchemaModel, ctes: Ctes): Decorrelation | Localized | undefined {
  const one = oneTableQuery(site.subquery, schema, ctes);
  if (!one) return undefined;
  const extra = extraClauses(site.subquery);
  const items = children(site.subquery, 'columns');
  const value = child(items[0] ?? {}, 'expr');
  if (extra.grouped || extra.limited || extra.ordered || extra.distinct || items.length !== 1 || !value)
    return undefined;
  if (items[0]!.as || containsSubquery(value) || containsWindow(value)) return undefined;
  const split = splitCorrelation(child(site.subquery, 'where'), one.source);
  if (split === 'unknown') return missingTable(one.source);
  if (!split || split.correlations.length === 0) return undefined;
  const form = formOf(value, one.source);
  if (!form) return undefined;
  return { site, one, ...split, value, ...form };
}

/**
 * Which form the subquery's value takes. It must read only the subquery's table: an outer column inside
 * an aggregate would not be visible in the derived table.
 */
function formOf(value: AstNode, source: Source): { form: 'row' | 'aggregate'; count: boolean } | undefined {
  const refs = refsIn(value);
  if (!refs || refs.some((ref) => sideOf(ref, source) === 'outer')) return undefined;
  if (typeof refOf(value) === 'object') return { form: 'row', count: false };
  if (isCount(value)) return { form: 'aggregate', count: true };
  return isNullStrictAggregate(value) ? { form: 'aggregate', count: false } : undefined;
}

function isCount(node: AstNode): boolean {
  return isAggregate(node) && functionName(node) === 'COUNT' && !node.over;
}

const arithmetic = new Set(['+', '-', '*', '/']);

/** Arithmetic of number literals and SUM/AVG/MIN/MAX calls (at least one): NULL when they all are. */
function isNullStrictAggregate(node: AstNode): boolean {
  let aggregates = 0;
  const strict = (n: AstNode): boolean => {
    if (isBinaryExpr(n) && arithmetic.has(String(n.operator))) {
      return strict(n.left ?? {}) && strict(n.right ?? {});
    }
    if (numberValue(n) !== undefined) return true;
    if (isAggregate(n) && isNullOnEmptyAggregate(functionName(n) ?? '')) {
      aggregates++;
      return true;
    }
    return false;
  };
  return strict(node) && aggregates > 0;
}

function missingTable(source: Source): Localized {
  return {
    zh: `表 ${source.table} 不在表结构中，无法判断子查询的列和唯一键`,
    en: `the table ${source.table} is not in the table structure, so the subquery's columns and keys cannot be checked`,
  };
}

/** Why this decorrelation cannot be proven exact in this outer query, or undefined when it can. */
export function decorrelationProblem(
  statement: ParsedStatement,
  query: AstNode,
  plan: Decorrelation,
  schema: SchemaModel,
  ctes: Ctes,
): Localized | undefined {
  const target = joinTargetProblem(query, statement.ast);
  if (target) return target;
  const { source } = plan.one;
  if (!source.def) return missingTable(source);
  const sources = sourcesOf(query, schema, ctes);
  for (const { inner, outer } of plan.correlations) {
    const problem = tieProblem(statement, inner, outer, source, sources);
    if (problem) return problem;
  }
  return plan.form === 'row' ? rowProblem(statement, query, plan) : aggregateProblem(plan);
}

function tieProblem(
  statement: ParsedStatement,
  inner: Ref,
  outer: Ref,
  source: Source,
  sources: Source[],
): Localized | undefined {
  const placed = ownedColumn(outer, sources);
  const innerColumn = findColumn(source.def, inner.column);
  if (!placed || !innerColumn) {
    return {
      zh: `无法从表结构确定外层列 ${outer.column} 属于外层查询的哪张表及其类型`,
      en: `the outer column ${outer.column} cannot be placed in the outer query's tables with its type`,
    };
  }
  if (!sameEquality(innerColumn, placed.column, statement.dialect)) {
    return {
      zh: `${inner.column} 与 ${outer.column} 的比较可能把不同的值视为相等（类型不同，或 MySQL 中两列的排序规则在表结构中不可见或不相同）`,
      en: `comparing ${inner.column} with ${outer.column} may treat different values as equal (different types, or MySQL text columns whose collations the table structure does not show to be the same)`,
    };
  }
  if (placed.source.group !== lastGroup(sources)) {
    return {
      zh: `${outer.column} 不属于 FROM 中最后一组（逗号分隔）表，JOIN 的 ON 条件看不到它`,
      en: `${outer.column} is not in the last comma-separated group of the FROM list, which is all a JOIN's ON can see`,
    };
  }
  return undefined;
}

function rowProblem(statement: ParsedStatement, query: AstNode, plan: Decorrelation): Localized | undefined {
  const { source } = plan.one;
  const bound = pinnedBy(plan.local, source, statement.dialect);
  for (const { inner } of plan.correlations) bound.add(unquote(inner.column).toLowerCase());
  if (!coversUniqueKey(source.def!, bound)) {
    return {
      zh: `子查询的等值条件没有覆盖表 ${source.table} 的主键或唯一键，无法确认它最多返回一行`,
      en: `the subquery's equalities do not cover a primary or unique key of ${source.table}, so it is not known to return at most one row`,
    };
  }
  const used = unqualifiedNames(query, new Set([plan.site.subquery]));
  const clash = source.def!.columns.find((c) => used.has(c.name.toLowerCase()));
  if (!clash) return undefined;
  return {
    zh: `外层查询使用了未加限定的列名 ${clash.name}，表 ${source.table} 也有这一列，连接后会产生歧义`,
    en: `the outer query uses the unqualified name ${clash.name}, which ${source.table} also has, so it would become ambiguous`,
  };
}

function aggregateProblem(plan: Decorrelation): Localized | undefined {
  const { source } = plan.one;
  let inexact: string | undefined;
  walk(plan.value, ({ node }) => {
    const name = functionName(node) ?? '';
    if (!isAggregate(node) || (name !== 'SUM' && name !== 'AVG')) return undefined;
    const refs = refsIn(child(node, 'args') ?? undefined) ?? [];
    const bad = refs.find((ref) => !isExactNumber(findColumn(source.def, ref.column)));
    if (bad || refs.length === 0) inexact = bad?.column ?? name;
    return false;
  });
  if (!inexact) return undefined;
  return {
    zh: `${inexact} 不是整数或定点小数列，浮点数求和的结果取决于相加的顺序`,
    en: `${inexact} is not an integer or fixed-point column, and floating-point sums depend on the order rows are added in`,
  };
}

// ---------------------------------------------------------------------------------------------------
// The change.

/** Names given to one decorrelation: the join's alias and, for the aggregate form, the derived columns. */
interface Named {
  plan: Decorrelation;
  alias: string;
  keys: string[];
  valueName: string;
}

/** A subquery the query can decorrelate, and the index of its finding among the rule's proposals. */
export interface PlannedSite {
  plan: Decorrelation;
  finding: number;
}

/**
 * Puts the query's one decorrelation change (all its planned subqueries together) on the finding of the first of
 * them; the others stay findings that the same edits resolve.
 */
export function attachDecorrelation(
  statement: ParsedStatement,
  query: AstNode,
  planned: PlannedSite[],
  taken: Set<string>,
  found: Array<{ change?: Change }>,
): void {
  if (planned.length === 0) return;
  const change = decorrelationChange(
    statement,
    query,
    planned.map((p) => p.plan),
    taken,
  );
  if (change) found[planned[0]!.finding]!.change = change;
}

/**
 * One change for the outer query: each subquery is replaced by its value and its join goes at the end
 * of FROM. Names are fresh (never used anywhere in the statement), so nothing in the query can mistake
 * the derived table's columns for its own.
 */
function decorrelationChange(
  statement: ParsedStatement,
  query: AstNode,
  plans: Decorrelation[],
  taken: Set<string>,
): Change | undefined {
  const named = plans.map((plan) => nameParts(plan, taken));
  const joins: string[] = [];
  const replacements: Replacements = new Map();
  const edits: TextEdit[] = [];
  for (const parts of named) {
    const join = parts.plan.form === 'row' ? rowJoin(statement, parts) : aggregateJoin(statement, parts);
    const value = valueChange(statement, parts);
    if (!join || !value) return undefined;
    joins.push(join);
    edits.push(value.edit);
    replacements.set(parts.plan.site.host, value.tree);
  }
  return joinChange(statement, {
    query,
    joins,
    joinsAreIntended: (entries) => entries.every((entry, i) => isIntendedJoin(entry, named[i]!)),
    otherEdits: () => edits,
    replacements,
  });
}

function nameParts(plan: Decorrelation, taken: Set<string>): Named {
  const alias = freshName(taken, 'sq');
  const keys = plan.correlations.map((c) => freshName(taken, `${alias}_${unquote(c.inner.column).toLowerCase()}`));
  const valueName = freshName(taken, `${alias}_value`);
  return { plan, alias, keys, valueName };
}

/** ` LEFT JOIN t AS sq ON <the subquery's WHERE, t's columns qualified by sq>`. */
function rowJoin(statement: ParsedStatement, { plan, alias }: Named): string | undefined {
  const table = tableText(statement, plan.one.source);
  const refs = refsIn(child(plan.site.subquery, 'where')) ?? [];
  const innerNames = unqualifiedInner(refs.filter((ref) => sideOf(ref, plan.one.source) === 'inner'));
  for (const layout of queryLayouts(statement, plan.site.subquery)) {
    const where = layout.clauses.get('WHERE');
    if (where === undefined || !table) continue;
    const range: [number, number] = [where + 1, clauseEnd(layout, where)];
    const on = qualifiedText(statement, range, plan.one.source.name, innerNames, alias);
    return ` LEFT JOIN ${table} AS ${alias} ON ${on}`;
  }
  return undefined;
}

/**
 * ` LEFT JOIN (SELECT t.k AS sq_k, <aggregate> AS agg FROM t WHERE p GROUP BY t.k) AS sq ON sq.sq_k = o.x`,
 * the derived table made from the subquery's own text: the ties leave its WHERE, the keys join its
 * select list and a GROUP BY.
 */
function aggregateJoin(statement: ParsedStatement, named: Named): string | undefined {
  const { plan, alias, keys, valueName } = named;
  const { tokens } = tokenView(statement);
  const keyTexts = plan.correlations.map((c) => refText(statement, c.inner));
  const outerTexts = plan.correlations.map((c) => refText(statement, c.outer));
  const value = nameText(valueName, statement.dialect);
  if (keyTexts.includes(undefined) || outerTexts.includes(undefined) || !value) return undefined;
  for (const layout of queryLayouts(statement, plan.site.subquery)) {
    const edits = derivedEdits(statement, layout, named, keyTexts as string[], value);
    if (!edits) continue;
    const start = tokens[layout.select]!.start;
    const derived = editedSlice(statement.text, start, tokens[layout.last]!.end, edits);
    const on = keys.map((key, i) => `${alias}.${key} = ${outerTexts[i]}`).join(' AND ');
    return ` LEFT JOIN (${derived}) AS ${alias} ON ${on}`;
  }
  return undefined;
}

function derivedEdits(
  statement: ParsedStatement,
  layout: QueryLayout,
  { plan, keys }: Named,
  keyTexts: string[],
  value: string,
): TextEdit[] | undefined {
  const view = tokenView(statement);
  const { tokens } = view;
  const from = layout.clauses.get('FROM');
  const where = layout.clauses.get('WHERE');
  if (from === undefined || where === undefined) return undefined;
  const list = [
    ...keyTexts.map((text, i) => `${text} AS ${keys[i]}`),
    `${textOf(statement, [layout.list, from - 1])} AS ${value}`,
  ];
  const ties = plan.correlations.map((c) => c.conjunct);
  const removal = removeConjuncts(statement, layout, ties, plan.local.length === 0);
  if (!removal) return undefined;
  const end = tokens[layout.last]!.end;
  return [
    { start: tokens[layout.list]!.start, end: tokens[from - 1]!.end, replacement: list.join(', ') },
    ...removal,
    { start: end, end, replacement: ` GROUP BY ${keyTexts.join(', ')}` },
  ];
}

/** The replacement of the subquery (with its parentheses) by the joined value, and the value's tree. */
function valueChange(statement: ParsedStatement, named: Named): { edit: TextEdit; tree: AstNode } | undefined {
  const { plan, alias, valueName } = named;
  const view = tokenView(statement);
  const column =
    plan.form === 'row'
      ? nameText(typeof refOf(plan.value) === 'object' ? (refOf(plan.value) as Ref).column : '', statement.dialect)
      : nameText(valueName, statement.dialect);
  if (!column) return undefined;
  const text = plan.count ? `COALESCE(${alias}.${column}, 0)` : `${alias}.${column}`;
  const tree = parseExpression(text, statement.dialect);
  if (!tree || !isIntendedValue(tree, named)) return undefined;
  for (const layout of queryLayouts(statement, plan.site.subquery)) {
    const parentheses = parenthesesOf(view, layout);
    if (!parentheses) continue;
    const edit = {
      start: view.tokens[parentheses[0]]!.start,
      end: view.tokens[parentheses[1]]!.end,
      replacement: text,
    };
    return { edit, tree };
  }
  return undefined;
}

function isIntendedValue(tree: AstNode, { plan, alias, valueName }: Named): boolean {
  const target = plan.count ? children(child(tree, 'args') ?? {}, 'value')[0] : tree;
  const ref = refOf(target);
  const wanted = plan.form === 'row' ? (refOf(plan.value) as Ref).column : valueName;
  if (typeof ref !== 'object' || ref.table !== alias || unquote(ref.column) !== unquote(wanted)) return false;
  if (!plan.count) return true;
  const args = children(child(tree, 'args') ?? {}, 'value');
  return functionName(tree) === 'COALESCE' && args.length === 2 && numberValue(args[1]) === 0;
}

/** The parsed join is the intended one: its ON (row form) or derived table and ON (aggregate form). */
function isIntendedJoin(entry: AstNode, named: Named): boolean {
  const { plan, alias } = named;
  if (String(entry.join).toUpperCase() !== 'LEFT JOIN' || entry.as !== alias) return false;
  if (plan.form === 'row') {
    const where = child(plan.site.subquery, 'where')!;
    const inner = (ref: Ref) => sideOf(ref, plan.one.source) === 'inner';
    return (
      unquote(String(entry.table)).toLowerCase() === plan.one.source.table!.toLowerCase() &&
      sameTree(child(entry, 'on'), requalified(where, alias, inner))
    );
  }
  const derived = child(child(entry, 'expr') ?? {}, 'ast');
  return !!derived && isIntendedDerived(derived, named) && isIntendedTie(child(entry, 'on'), named);
}

function isIntendedDerived(derived: AstNode, { plan, keys, valueName }: Named): boolean {
  const { subquery } = plan.site;
  const where = child(subquery, 'where')!;
  const expectedWhere = withReplacements(where, new Map(plan.correlations.map((c) => [c.conjunct, null])));
  const columns = children(derived, 'columns');
  const groups = groupItems(derived);
  const n = plan.correlations.length;
  return (
    sameTree(
      { ...derived, columns: null, where: null, groupby: null },
      { ...subquery, columns: null, where: null, groupby: null },
    ) &&
    sameTree(child(derived, 'where') ?? null, expectedWhere) &&
    columns.length === n + 1 &&
    groups.length === n &&
    plan.correlations.every(
      ({ inner }, i) =>
        sameTree(child(columns[i]!, 'expr'), inner.node) &&
        columns[i]!.as === keys[i] &&
        sameTree(groups[i], inner.node),
    ) &&
    sameTree(child(columns[n]!, 'expr'), plan.value) &&
    unquote(String(columns[n]!.as)) === valueName
  );
}

function isIntendedTie(on: AstNode | undefined, { plan, alias, keys }: Named): boolean {
  const ties = chainOfAnd(on);
  return (
    ties.length === keys.length &&
    ties.every((tie, i) => {
      const ref = refOf(child(tie, 'left'));
      return (
        String(tie.operator) === '=' &&
        typeof ref === 'object' &&
        ref.table === alias &&
        ref.column === keys[i] &&
        sameTree(child(tie, 'right'), plan.correlations[i]!.outer.node)
      );
    })
  );
}

function chainOfAnd(node: AstNode | undefined): AstNode[] {
  if (!node) return [];
  if (isBinaryExpr(node) && String(node.operator).toUpperCase() === 'AND') {
    return [...chainOfAnd(node.left), ...chainOfAnd(node.right)];
  }
  return isNode(node) ? [node] : [];
}
