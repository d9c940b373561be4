import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, subqueryOf } from '../../../model/ast.ts';
import { isBinaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { coversUniqueKey, findColumn, type SchemaModel, unquote } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import {
  type Ctes,
  ctesOf,
  lastGroup,
  ownedColumn,
  selectQueries,
  sideOf,
  sourcesOf,
} from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { clauseEnd } from '../../rewrite/layout.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  extraClauses,
  freshName,
  joinTargetProblem,
  nameText,
  type OneTableQuery,
  oneTableQuery,
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
  takenNames,
  unqualifiedInner,
  unqualifiedNames,
  whereConjuncts,
} from './helpers.ts';
import { joinChange, removeConjuncts } from './joins.ts';

/**
 * `WHERE x IN (SELECT k FROM t WHERE p)` -> `FROM ... JOIN t AS sq ON sq.k = x AND (p) WHERE ...`.
 *
 * An IN keeps each outer row once however many subquery rows match; a join repeats it per match. They
 * agree when at most one row of t can equal x: k is a unique key of t (or completes one with columns p
 * pins to constants), and `k = x` is the equality the unique index uses (see sameEquality: MySQL's
 * text keys without one collation the structure shows, and mixed text/number comparisons, can match several
 * rows, so those stay advice). NULLs
 * agree too: a NULL x or a NULL p drops the row in both. Only top-level WHERE conjuncts of a SELECT are
 * rewritten, and only uncorrelated one-table subqueries without GROUP BY, HAVING or LIMIT.
 *
 * The joined table gets a fresh alias and the moved condition's columns are qualified with it. The
 * outer query must not use SELECT * (the new columns would appear) nor unqualified names that t also
 * has (they would become ambiguous, or be captured in a nested query), and x must belong to the last
 * comma-separated group of the FROM list (a JOIN binds tighter than a comma, so its ON sees only that
 * group).
 */
export const inSubqueryToJoin: Rule = {
  id: 'in-subquery-to-join',
  category: 'Execution Plan',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_nationkey = 3)',
    good: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey AND (sq.c_nationkey = 3)',
  },
  rewrites: true,
  title: { zh: '按唯一键的 IN 子查询可改写为连接', en: 'IN subquery on a unique key that can be a join' },
  rationale: {
    zh: '子查询选出的是表的主键或唯一键时，外层每一行最多匹配子查询的一行，IN 与内连接返回相同的行。写成 JOIN 后优化器可以自由选择连接顺序（例如从小表出发再按索引查找），而 IN 子查询在一些版本中只能先执行外层再逐行检查，或先物化整个子查询。无法从表结构确认唯一性、或者列的比较可能匹配多行时，只给出建议。',
    en: 'When the subquery selects a primary or unique key, each outer row matches at most one subquery row, so IN and an inner join return the same rows. As a JOIN the optimizer is free to pick the join order (start from the smaller table and look the other up by index), whereas an IN subquery is, in some versions, checked row by row or materialized first. When the table structure does not prove uniqueness, or the comparison could match several rows, this is only advice.',
  },
  detect({ statement, schema }) {
    const ctes = ctesOf(statement.ast);
    const taken = takenNames(statement.ast);
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      const conjuncts = whereConjuncts(query);
      const candidates = conjuncts.flatMap((conjunct) => candidateOf(conjunct, schema, ctes) ?? []);
      // Uncorrelated subqueries over schema tables resolve their unqualified names inside: they cannot clash.
      const selfContained = new Set(candidates.filter((c) => c.subquery.source.def).map((c) => c.subquery.query));
      const plans: Plan[] = [];
      for (const candidate of candidates) {
        const problem = problemOf(statement, query, candidate, { schema, ctes, selfContained });
        const message = problem ? adviceMessage(problem) : rewriteMessage(candidate);
        found.push({ match: matchAt(candidate.conjunct, message, statement.text) });
        if (!problem) plans.push({ ...candidate, alias: freshName(taken, 'sq'), finding: found.length - 1 });
      }
      const all = plans.length === conjuncts.length;
      const change = plans.length > 0 ? joinInChange(statement, query, plans, all) : undefined;
      // One change per query, carried by its first rewritten finding.
      if (change) found[plans[0]!.finding]!.change = change;
    }
    return matchesWithEdits(statement, found);
  },
};

interface Candidate {
  conjunct: AstNode;
  subquery: OneTableQuery;
  /** The column left of IN, and the one the subquery selects. */
  outer: Ref;
  key: Ref;
  /** The subquery's WHERE conjuncts (all read only its table). */
  local: AstNode[];
}

interface Plan extends Candidate {
  alias: string;
  finding: number;
}

/** An `x IN (SELECT k FROM t ...)` of the rule's shape: uncorrelated, one table, no grouping or LIMIT. */
function candidateOf(conjunct: AstNode, schema: SchemaModel, ctes: Ctes): Candidate | undefined {
  if (!isBinaryExpr(conjunct) || String(conjunct.operator).toUpperCase() !== 'IN') return undefined;
  const outer = refOf(conjunct.left);
  const query = subqueryOf(conjunct.right);
  const subquery = query ? oneTableQuery(query, schema, ctes) : undefined;
  if (typeof outer !== 'object' || !query || !subquery) return undefined;
  const { grouped, limited } = extraClauses(query);
  const columns = children(query, 'columns');
  const key = refOf(child(columns[0] ?? {}, 'expr'));
  if (grouped || limited || columns.length !== 1 || typeof key !== 'object') return undefined;
  if (sideOf(key, subquery.source) === 'outer') return undefined;
  const split = splitCorrelation(child(query, 'where'), subquery.source);
  // Without its table in the schema nothing can be placed: reported as advice. A correlated IN is not ours.
  if (split === 'unknown' && !subquery.source.def) return { conjunct, subquery, outer, key, local: [] };
  if (!split || split === 'unknown' || split.correlations.length > 0) return undefined;
  return { conjunct, subquery, outer, key, local: split.local };
}

interface Context {
  schema: SchemaModel;
  ctes: Ctes;
  /** Subqueries whose unqualified names cannot clash with the joined table's (see clashProblem). */
  selfContained: Set<AstNode>;
}

/** Why the candidate cannot be rewritten, or undefined when it can. */
function problemOf(
  statement: ParsedStatement,
  query: AstNode,
  { subquery, outer, key, local }: Candidate,
  context: Context,
): Localized | undefined {
  const { source } = subquery;
  const def = source.def;
  const keyColumn = def ? findColumn(def, key.column) : undefined;
  if (!def || !keyColumn) {
    return {
      zh: `表结构中没有表 ${source.table} 或列 ${key.column}，无法确认它唯一`,
      en: `the table structure has no table ${source.table} or column ${key.column}, so it cannot be shown unique`,
    };
  }
  const bound = pinnedBy(local, source, statement.dialect);
  bound.add(keyColumn.name.toLowerCase());
  if (!coversUniqueKey(def, bound)) {
    return {
      zh: `${key.column} 不是表 ${source.table} 的主键或唯一键，连接可能使外层的行重复`,
      en: `${key.column} is not a primary or unique key of ${source.table}, so a join could repeat outer rows`,
    };
  }
  return outerProblem(statement, query, subquery, outer, keyColumn, context);
}

function outerProblem(
  statement: ParsedStatement,
  query: AstNode,
  subquery: OneTableQuery,
  outer: Ref,
  keyColumn: NonNullable<ReturnType<typeof findColumn>>,
  context: Context,
): Localized | undefined {
  const target = joinTargetProblem(query, statement.ast);
  if (target) return target;
  const sources = sourcesOf(query, context.schema, context.ctes);
  const placed = ownedColumn(outer, sources);
  if (!placed) {
    return {
      zh: `无法从表结构确定外层列 ${outer.column} 的类型`,
      en: `the type of the outer column ${outer.column} cannot be read from the table structure`,
    };
  }
  if (!sameEquality(keyColumn, placed.column, statement.dialect)) {
    return {
      zh: `${outer.column} 与 ${keyColumn.name} 的类型比较可能匹配多行（类型不同，或 MySQL 中两列的排序规则在表结构中不可见或不相同）`,
      en: `comparing ${outer.column} with ${keyColumn.name} may match several rows (different types, or MySQL text columns whose collations the table structure does not show to be the same)`,
    };
  }
  if (placed.source.group !== lastGroup(sources)) {
    return {
      zh: `${outer.column} 不属于 FROM 中最后一组（逗号分隔）表，JOIN 的 ON 条件看不到它`,
      en: `${outer.column} is not in the last comma-separated group of the FROM list, which is all a JOIN's ON can see`,
    };
  }
  return clashProblem(query, subquery, context.selfContained);
}

/** Unqualified names of the outer query that the joined table also has would become ambiguous. */
function clashProblem(
  query: AstNode,
  { query: subquery, source }: OneTableQuery,
  skip: Set<AstNode>,
): Localized | undefined {
  const used = unqualifiedNames(query, new Set([subquery, ...skip]));
  const clash = source.def!.columns.find((c) => used.has(c.name.toLowerCase()));
  if (!clash) return undefined;
  return {
    zh: `外层查询使用了未加限定的列名 ${clash.name}，表 ${source.table} 也有这一列，连接后会产生歧义`,
    en: `the outer query uses the unqualified name ${clash.name}, which ${source.table} also has, so it would become ambiguous`,
  };
}

function rewriteMessage({ key, subquery }: Candidate): Localized {
  return {
    zh: `子查询选出的 ${key.column} 是表 ${subquery.source.table} 的唯一键，这个 IN 可以改写为内连接。`,
    en: `The subquery selects ${key.column}, a unique key of ${subquery.source.table}, so this IN can be an inner join.`,
  };
}

function adviceMessage(reason: Localized): Localized {
  return {
    zh: `这个 IN 子查询也许可以改写为连接，但${reason.zh}，未自动改写。`,
    en: `This IN subquery might be written as a join, but ${reason.en}; it was not rewritten.`,
  };
}

/** One change for the query: every planned IN leaves WHERE and becomes a join at the end of FROM. */
function joinInChange(statement: ParsedStatement, query: AstNode, plans: Plan[], all: boolean): Change | undefined {
  const joins: string[] = [];
  for (const plan of plans) {
    const text = joinText(statement, plan);
    if (!text) return undefined;
    joins.push(text);
  }
  return joinChange(statement, {
    query,
    joins,
    joinsAreIntended: (entries) => entries.every((entry, i) => isIntendedJoin(entry, plans[i]!)),
    otherEdits: (layout) =>
      removeConjuncts(
        statement,
        layout,
        plans.map((p) => p.conjunct),
        all,
      ),
    replacements: new Map(plans.map((p) => [p.conjunct, null])),
  });
}

/** ` JOIN t AS sq ON sq.k = x AND (p with t's columns qualified by sq)`. */
function joinText(statement: ParsedStatement, plan: Plan): string | undefined {
  const { subquery, alias, key, outer } = plan;
  const table = tableText(statement, subquery.source);
  const keyText = nameText(key.column, statement.dialect);
  const outerText = refText(statement, outer);
  if (!table || !keyText || !outerText) return undefined;
  const head = ` JOIN ${table} AS ${alias} ON ${alias}.${keyText} = ${outerText}`;
  const where = child(subquery.query, 'where');
  if (!where) return head;
  const condition = movedCondition(statement, plan);
  return condition ? `${head} AND (${condition})` : undefined;
}

/** The subquery's WHERE text with its columns qualified by the new alias. */
function movedCondition(statement: ParsedStatement, { subquery, alias }: Plan): string | undefined {
  const refs = refsIn(child(subquery.query, 'where')) ?? [];
  for (const layout of queryLayouts(statement, subquery.query)) {
    const where = layout.clauses.get('WHERE');
    if (where !== undefined) {
      const range: [number, number] = [where + 1, clauseEnd(layout, where)];
      return qualifiedText(statement, range, subquery.source.name, unqualifiedInner(refs), alias);
    }
  }
  return undefined;
}

/** The parsed join is `JOIN t AS alias ON alias.k = x [AND p']` with p' the subquery's WHERE, requalified. */
function isIntendedJoin(entry: AstNode, { subquery, alias, key, outer }: Plan): boolean {
  const on = child(entry, 'on');
  const where = child(subquery.query, 'where');
  const equality = where ? child(on ?? {}, 'left') : on;
  const ref = refOf(child(equality ?? {}, 'left'));
  return (
    String(entry.join).toUpperCase() === 'INNER JOIN' &&
    unquote(String(entry.table)).toLowerCase() === subquery.source.table!.toLowerCase() &&
    entry.as === alias &&
    String(equality?.operator) === '=' &&
    typeof ref === 'object' &&
    ref.table === alias &&
    unquote(ref.column).toLowerCase() === unquote(key.column).toLowerCase() &&
    sameTree(child(equality!, 'right'), outer.node) &&
    (!where ||
      (String(on?.operator).toUpperCase() === 'AND' &&
        sameTree(
          child(on!, 'right'),
          requalified(where, alias, () => true),
        )))
  );
}
