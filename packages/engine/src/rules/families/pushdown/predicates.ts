import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isVolatile } from '../../../semantics/functions.ts';
import {
  type CteReads,
  cteBody,
  cteName,
  cteReads,
  querySources,
  resolveColumn,
  selectQueries,
} from '../../../semantics/scope.ts';
import { canonicalType, isNumeric } from '../../../semantics/types.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { matchAt } from '../../match-helpers.ts';
import { removeAllFromAnd } from '../../rewrite/and-chain.ts';
import { clauseEnd, type QueryLayout, selectCandidates } from '../../rewrite/layout.ts';
import { nodeTokens, tokenView } from '../../rewrite/tokens.ts';
import {
  acceptChanges,
  type Change,
  firstFaithful,
  type Replacements,
  withReplacements,
} from '../../rewrite/verify.ts';
import type { RuleContext, RuleMatch } from '../../rule.ts';
import { chainOf, groupMeanings, numberValue, operatorOf } from '../clauses/helpers.ts';
import {
  aggregates,
  andOf,
  asConjunct,
  branchesOf,
  columnNodes,
  groupConstant,
  grouped,
  hasDistinctOn,
  hasSideEffects,
  hasSubquery,
  hasSuperGroups,
  isDistinct,
  limited,
  nodeText,
  nullExtended,
  ordered,
  outputColumns,
  positionalParameters,
  printColumn,
  reasons,
  replaceRuns,
  sameName,
  setOperatorsOf,
  whereClauseTokens,
  windowed,
  writtenColumns,
} from './helpers.ts';

/**
 * The machinery shared by predicate-pushdown-derived and predicate-pushdown-union: an outer WHERE
 * condition that only reads columns of one derived table (or of a CTE used once) moves into the WHERE
 * of the query that produces those columns (of every branch, for a UNION).
 *
 * Why it keeps the result: the outer WHERE keeps the derived rows for which the condition is true; when
 * every column it reads is a plain column of the derived query, the same condition on the same values
 * decides the same rows before they leave the derived query, provided nothing in that query depends on
 * which rows come in: no LIMIT/OFFSET, no window function, no DISTINCT ON, no aggregate over all rows.
 * Grouping, DISTINCT and UNION (without ALL) keep one row per set of "equal" values, which may not be
 * identical ('a' and 'A' under a case-insensitive collation): there the condition must treat equal values
 * alike (comparisons of the column with literals), and the column must be a grouping column. A derived
 * table on the NULL side of an outer join is left alone: there the outer WHERE also drops the rows the
 * join pads with NULLs, which a condition inside would turn into padded rows instead.
 */

export type PushdownMode = 'single' | 'union';

/** A derived table or a CTE used once, in the FROM list of a query. */
interface Target {
  /** The query whose WHERE holds the conditions. */
  query: AstNode;
  /** What the query calls it (alias, or the CTE's name). */
  name: string;
  /** The branches of its query (one unless it is a UNION). */
  branches: AstNode[];
  /** Output column names by position. */
  names: Array<string | null>;
  /** Whether it is the only FROM entry of the query (unqualified columns are then its own). */
  sole: boolean;
  kind: 'derived' | 'cte';
}

interface Assessment {
  target: Target;
  conjunct: AstNode;
  /** Why the condition was not moved, when it was not. */
  refusal?: Localized;
  /** For each branch, the column each referenced output position stands for. */
  columns?: Map<number, AstNode[]>;
}

const refusals = {
  functions: {
    zh: '条件中的函数或比较方式可能区分分组（或去重）时视为相等的值',
    en: 'its functions or comparisons may tell apart values that grouping (or de-duplication) treats as equal',
  },
  numericSchema: {
    zh: '与数字比较的列需要表结构确认为数值类型',
    en: 'the table structure must show that the column compared with a number is numeric',
  },
  typesUnknown: {
    zh: '需要表结构确认 UNION 各分支中对应列的类型相同',
    en: 'the table structure must show that the matching columns of every UNION branch have the same type',
  },
  typesDiffer: {
    zh: 'UNION 各分支中对应列的类型不同，条件在合并后的类型上比较',
    en: 'the matching columns of the UNION branches have different types, and the condition compares values of the combined type',
  },
} satisfies Record<string, Localized>;

/** Findings (and one rewrite per outer query) of either pushdown rule. */
export function pushdownMatches({ statement, schema }: RuleContext, mode: PushdownMode): RuleMatch[] {
  const found: Array<{ match: RuleMatch; change?: Change; moved: boolean; query: AstNode }> = [];
  const reads = cteReads(statement.ast, schema);
  for (const query of selectQueries(statement.ast)) {
    const conjuncts = chainOf(child(query, 'where'), 'AND');
    if (conjuncts.length === 0) continue;
    const targets = targetsOf(statement, schema, query, reads).filter(
      (t) => (mode === 'union') === t.branches.length > 1,
    );
    const assessed: Assessment[] = [];
    for (const conjunct of conjuncts) {
      for (const target of targets) {
        const assessment = assess(statement, schema, target, conjunct, mode);
        if (assessment) assessed.push(assessment);
      }
    }
    const moving = assessed.filter((a) => !a.refusal);
    const change = moving.length > 0 ? pushdownChange(statement, query, moving) : undefined;
    // One change per query, carried by the finding of its first moving condition.
    const carrier = moving[0];
    for (const a of assessed) {
      const match = matchAt(a.conjunct, message(statement, a, mode), statement.text);
      found.push({ match, change: a === carrier ? change : undefined, moved: !a.refusal, query });
    }
  }
  const accepted = acceptChanges(
    statement,
    found.map((f) => f.change),
  );
  const rewritten = new Set(found.filter((_, i) => accepted[i]).map((f) => f.query));
  return found.map(({ match, change, moved, query }, i) => {
    if (accepted[i]) return { ...match, edits: change!.edits };
    // The moves of one query go together: when its change fails, each of its findings says so.
    if (moved && !rewritten.has(query)) return { ...match, message: withRefusal(match.message, reasons.text) };
    return match;
  });
}

function message(statement: ParsedStatement, a: Assessment, mode: PushdownMode): Localized {
  const text = nodeText(statement, a.conjunct);
  const quoted = text && text.length <= 120 ? text : undefined;
  const subject: Localized = quoted
    ? { zh: `条件 ${quoted} `, en: `The condition ${quoted}` }
    : { zh: '这个条件', en: 'This condition' };
  const owner: Localized =
    a.target.kind === 'cte'
      ? { zh: `CTE ${a.target.name}`, en: `the CTE ${a.target.name}` }
      : { zh: `派生表 ${a.target.name}`, en: `the derived table ${a.target.name}` };
  const base: Localized =
    mode === 'union'
      ? {
          zh: `${subject.zh}只涉及${owner.zh} 的列，可以下推到其 UNION 的每个分支中，在合并之前过滤。`,
          en: `${subject.en} only reads columns of ${owner.en}; push it into every branch of its UNION to filter before the branches are combined.`,
        }
      : {
          zh: `${subject.zh}只涉及${owner.zh} 的列，可以下推到其查询的 WHERE 中，在物化、连接或分组之前过滤。`,
          en: `${subject.en} only reads columns of ${owner.en}; push it into that query's WHERE to filter before rows are materialized, joined or grouped.`,
        };
  return a.refusal ? withRefusal(base, a.refusal) : base;
}

function withRefusal(base: Localized, reason: Localized): Localized {
  return {
    zh: `${base.zh}（${reason.zh}，未自动改写。）`,
    en: `${base.en} (Not rewritten automatically: ${reason.en}.)`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Targets.

/**
 * The derived tables and once-read CTEs (in the query's reach, see ctesVisibleIn) of a query's FROM list that a
 * condition may move into.
 */
function targetsOf(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  reads: ReadonlyMap<AstNode, CteReads>,
): Target[] {
  const sources = querySources(statement.ast, schema, query);
  const nullable = nullExtended(sources.map((source) => source.node));
  const sole = sources.length === 1;
  const targets: Target[] = [];
  sources.forEach((source, i) => {
    const { node } = source;
    if (nullable.has(i) || node.prefix) return;
    const derived = child(child(node, 'expr') ?? {}, 'ast');
    let target: Target | undefined;
    if (isSelect(derived) && typeof node.as === 'string') {
      const names = outputColumns(derived)?.map((c) => c.name);
      if (names) target = { query, name: node.as, branches: branchesOf(derived), names, sole, kind: 'derived' };
    } else if (source.cte && source.definition && source.table !== null) {
      const cte = source.definition;
      const body = cteBody(cte);
      // Spelled exactly as defined: a MySQL server may tell `C` (a table) from `c` (the CTE) apart.
      if (body && cteName(cte) === source.table && reads.get(cte)?.total === 1) {
        const listed = children(cte, 'columns').map((c) => columnRef(c)?.column ?? null);
        const names = listed.length > 0 ? listed : outputColumns(body)?.map((c) => c.name);
        const name = typeof node.as === 'string' ? node.as : String(node.table);
        if (names) target = { query, name, branches: branchesOf(body), names, sole, kind: 'cte' };
      }
    }
    if (target && movableInto(target)) targets.push(target);
  });
  return targets;
}

/** Whether anything in the target's query depends on which rows come in (then nothing moves). */
function movableInto(target: Target): boolean {
  const { branches } = target;
  const operators = setOperatorsOf(branches[0]!);
  if (!operators.every((op) => op === 'union' || op === 'union all' || op === 'union distinct')) return false;
  return branches.every((branch) => {
    const columns = outputColumns(branch);
    if (!columns || columns.length !== target.names.length) return false;
    // A UNION branch's ORDER BY/LIMIT would be the whole union's; a lone query may keep an ORDER BY.
    if (limited(branch) || (branches.length > 1 && ordered(branch))) return false;
    if (branch.parentheses_symbol || children(branch, 'with').length > 0 || hasSideEffects(branch)) return false;
    if (hasDistinctOn(branch) || windowed(branch) || hasSuperGroups(branch)) return false;
    if (aggregates(branch) && !grouped(branch)) return false;
    return !isVolatile({ columns: branch.columns, from: branch.from, where: branch.where });
  });
}

// ---------------------------------------------------------------------------------------------------
// Conditions.

/** Whether a condition reads only this target's columns, and whether (or why not) it can move. */
function assess(
  statement: ParsedStatement,
  schema: SchemaModel,
  target: Target,
  conjunct: AstNode,
  mode: PushdownMode,
): Assessment | undefined {
  const { dialect } = statement;
  if (hasSubquery(conjunct) || isVolatile(conjunct)) return undefined;
  const refs = columnNodes(conjunct);
  if (refs.length === 0) return undefined;
  const positions = new Map<AstNode, number>();
  for (const node of refs) {
    const position = positionOf(target, columnRef(node)!, dialect);
    if (position === undefined) return undefined;
    positions.set(node, position);
  }
  const used = [...new Set(positions.values())];
  const columns = new Map<number, AstNode[]>();
  for (const position of used) {
    const perBranch: AstNode[] = [];
    for (const branch of target.branches) {
      const expr = outputColumns(branch)![position]!.expr;
      if (!columnRef(expr) || (grouped(branch) && !isGroupColumn(branch, expr, position))) return undefined;
      perBranch.push(expr);
    }
    columns.set(position, perBranch);
  }
  const result: Assessment = { target, conjunct, columns };
  const distinctUnion = setOperatorsOf(target.branches[0]!).some((op) => op !== 'union all');
  const collapses = distinctUnion || target.branches.some((b) => grouped(b) || isDistinct(b));
  if (mode === 'union') {
    const typing = sameTypes(statement.ast, schema, target, used, columns);
    if (typing) return { ...result, refusal: typing };
  }
  if (collapses) {
    let needsSchema = false;
    const fits = (column: AstNode, literal: AstNode) => {
      if (numberValue(literal) === undefined || dialect === 'postgresql') return true;
      const position = positions.get(column);
      const numeric =
        position !== undefined &&
        target.branches.every((branch, b) =>
          isNumeric(resolveColumn(statement.ast, schema, branch, columnRef(columns.get(position)![b])!)?.column),
        );
      if (!numeric) needsSchema = true;
      return numeric;
    };
    if (!groupConstant(conjunct, fits)) {
      return { ...result, refusal: needsSchema ? refusals.numericSchema : refusals.functions };
    }
  }
  const printable = [...columns.values()].every((list) => list.every((expr) => printColumn(expr, dialect)));
  if (!printable) return { ...result, refusal: reasons.names };
  // A `?` binds by position: it may move only when it is the statement's only kind of `?` around.
  const own = positionalParameters(conjunct);
  const copied = own > 0 && target.branches.length > 1;
  if (copied || (own > 0 && positionalParameters(statement.ast) > own))
    return { ...result, refusal: reasons.parameters };
  return result;
}

/** The output position a column reference of the outer query names in the target, if it is the target's. */
function positionOf(
  target: Target,
  ref: { table: string | null; column: string },
  dialect: ParsedStatement['dialect'],
) {
  if (ref.table ? !sameName(ref.table, target.name, dialect) : !target.sole) return undefined;
  const matching = target.names.flatMap((name, i) => (name !== null && sameName(name, ref.column, dialect) ? [i] : []));
  return matching.length === 1 ? matching[0] : undefined;
}

/** Whether a select item of a grouped query is one of its GROUP BY columns. */
function isGroupColumn(branch: AstNode, expr: AstNode, position: number): boolean {
  return groupMeanings(branch).some((group) => sameTree(group, expr)) || groupedByPosition(branch, position);
}

function groupedByPosition(branch: AstNode, position: number): boolean {
  const groupby = branch.groupby;
  const items = Array.isArray(groupby) ? groupby : children(child(branch, 'groupby') ?? {}, 'columns');
  return items.some((item) => numberValue(item as AstNode) === position + 1);
}

/** Why the branches' columns cannot be shown to share a type, or undefined when they do. */
function sameTypes(
  ast: AstNode,
  schema: SchemaModel,
  target: Target,
  used: number[],
  columns: Map<number, AstNode[]>,
): Localized | undefined {
  for (const position of used) {
    const types = target.branches.map((branch, b) => {
      const type = resolveColumn(ast, schema, branch, columnRef(columns.get(position)![b])!)?.column.type;
      return type === undefined ? undefined : canonicalType(type);
    });
    if (types.some((t) => t === undefined)) return refusals.typesUnknown;
    if (new Set(types).size > 1) return refusals.typesDiffer;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// The rewrite.

/**
 * Removes the moving conditions from the query's WHERE (the whole clause when all go) and adds each,
 * with the target's own column names, to the WHERE of every branch it moves into. The edits must parse
 * to exactly that tree.
 */
function pushdownChange(statement: ParsedStatement, query: AstNode, moving: Assessment[]): Change | undefined {
  const view = tokenView(statement);
  const { tokens } = view;
  const where = child(query, 'where')!;
  const removal: TextEdit[] = [];
  if (moving.length === chainOf(where, 'AND').length) {
    const clause = whereClauseTokens(statement, where);
    if (!clause || clause[0] === 0) return undefined;
    removal.push({ start: tokens[clause[0] - 1]!.end, end: tokens[clause[1]]!.end, replacement: '' });
  } else {
    const ranges = moving.map((m) => nodeTokens(statement, m.conjunct));
    if (ranges.some((r) => !r)) return undefined;
    const edits = removeAllFromAnd(view, ranges as Array<[number, number]>);
    if (!edits) return undefined;
    removal.push(...edits);
  }
  const replacements: Replacements = new Map(moving.map((m) => [m.conjunct, null]));
  const insertions: Array<{ branch: AstNode; text: string }> = [];
  for (const target of new Set(moving.map((m) => m.target))) {
    const mine = moving.filter((m) => m.target === target);
    for (let b = 0; b < target.branches.length; b++) {
      const branch = target.branches[b]!;
      const texts: string[] = [];
      const trees: AstNode[] = [];
      for (const m of mine) {
        const mapped = mappedCondition(statement, m, b);
        if (!mapped) return undefined;
        texts.push(mapped.text);
        trees.push(mapped.tree);
      }
      insertions.push({ branch, text: texts.join(' AND ') });
      replacements.set(branch, {
        ...branch,
        where: andOf([...(branch.where ? [child(branch, 'where')!] : []), ...trees]),
      });
    }
  }
  const options = insertions.map(({ branch, text }) =>
    selectCandidates(statement, branch).flatMap((layout) => {
      const edits = insertionEdits(statement, layout, branch, text);
      return edits ? [edits] : [];
    }),
  );
  const candidates = combinations(options, 64).map((chosen) => ({
    edits: [...removal, ...chosen.flat()],
    replacements,
  }));
  return firstFaithful(statement, candidates);
}

/** A moving condition written (and built) with one branch's own columns. */
function mappedCondition(
  statement: ParsedStatement,
  m: Assessment,
  branch: number,
): { text: string; tree: AstNode } | undefined {
  const { dialect } = statement;
  const range = nodeTokens(statement, m.conjunct);
  if (!range) return undefined;
  const view = tokenView(statement);
  const runs: Array<{ first: number; last: number; text: string }> = [];
  for (const written of writtenColumns(view, range, dialect)) {
    const position = positionOf(m.target, { table: written.qualifier, column: written.name }, dialect);
    if (position === undefined) {
      // A qualified name of the target that is not one of its columns: leave it to the check to refuse.
      continue;
    }
    const expr = m.columns!.get(position)?.[branch];
    const text = expr ? printColumn(expr, dialect) : undefined;
    if (!text) return undefined;
    runs.push({ first: written.first, last: written.last, text });
  }
  const tree = withReplacements(
    m.conjunct,
    new Map(
      columnNodes(m.conjunct).map((node) => {
        const position = positionOf(m.target, columnRef(node)!, dialect)!;
        return [node, m.columns!.get(position)![branch]!];
      }),
    ),
  );
  if (!tree) return undefined;
  return { text: asConjunct(m.conjunct, replaceRuns(statement, range, runs)), tree };
}

/** The edits adding a condition to one branch: `AND ...` after its WHERE, or a new WHERE after its FROM. */
function insertionEdits(
  statement: ParsedStatement,
  layout: QueryLayout,
  branch: AstNode,
  text: string,
): TextEdit[] | undefined {
  const { tokens } = tokenView(statement);
  const whereAt = layout.clauses.get('WHERE');
  const where = child(branch, 'where');
  if (where && whereAt !== undefined) {
    const end = tokens[clauseEnd(layout, whereAt)]!.end;
    if (['OR', 'XOR', '||'].includes(operatorOf(where))) {
      const open = tokens[whereAt + 1]!.start;
      return [
        { start: open, end: open, replacement: '(' },
        { start: end, end, replacement: `) AND ${text}` },
      ];
    }
    return [{ start: end, end, replacement: ` AND ${text}` }];
  }
  const fromAt = layout.clauses.get('FROM');
  if (where || fromAt === undefined) return undefined;
  const end = tokens[clauseEnd(layout, fromAt)]!.end;
  return [{ start: end, end, replacement: ` WHERE ${text}` }];
}

/** Every way to pick one option per slot, at most `limit` of them. */
function combinations<T>(options: T[][], limit: number): T[][] {
  let result: T[][] = [[]];
  for (const slot of options) {
    result = result.flatMap((picked) => slot.map((option) => [...picked, option])).slice(0, limit);
  }
  return result;
}
