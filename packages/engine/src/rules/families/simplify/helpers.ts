import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, functionName, isNode, span, subqueryOf, visitsOf } from '../../../model/ast.ts';
import { isBinaryExpr, isExprList, isSelect, isUnaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type ColumnDef, findColumn, type IndexDef, type SchemaModel, type TableDef } from '../../../schema/model.ts';
import { isAggregate } from '../../../semantics/functions.ts';
import { ctesOf, type Source as ScopeSource, sourcesOf } from '../../../semantics/scope.ts';
import { isNumeric, isTemporal } from '../../../semantics/types.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt } from '../../match-helpers.ts';
import { clauseEnd, type QueryLayout, selectCandidates } from '../../rewrite/layout.ts';
import { tokenView } from '../../rewrite/tokens.ts';
import { type Change, editsProduce, firstFaithful, matchesWithEdits, type Replacements } from '../../rewrite/verify.ts';
import type { RuleMatch } from '../../rule.ts';
import { columnKey, containsAggregate, groupItems, limitParts, selectItems } from '../clauses/helpers.ts';

/** Shared reading helpers of the simplify family: FROM sources with their schema, keys, set operations, edits. */

// ---------------------------------------------------------------------------------------------------
// FROM sources.

/** One FROM item as the rules here read it: the semantic layer's source, and whether an outer join NULL-extends it. */
export interface Source extends ScopeSource {
  /** On a side of an outer join that may be NULL-extended: its columns can be NULL whatever their definition. */
  nullable: boolean;
}

const knownJoins = new Set(['', 'INNER JOIN', 'LEFT JOIN', 'RIGHT JOIN', 'FULL JOIN', 'CROSS JOIN']);

/**
 * The query's FROM items, or undefined when the tree cannot be trusted to list them: the parser reads a
 * few forms wrongly (PostgreSQL's `a JOIN b ON x, c` puts `c` into the ON as a list, MySQL's
 * `FROM t UNION (SELECT ...)` makes the union a join), and a rule reasoning about rows must not go on then.
 */
export function querySources(statement: ParsedStatement, schema: SchemaModel, query: AstNode): Source[] | undefined {
  const items = children(query, 'from');
  const joins = items.map((item) => String(item.join ?? '').toUpperCase());
  if (joins.some((join) => !knownJoins.has(join))) return undefined;
  if (items.some((item) => isExprList(child(item, 'on')))) return undefined;
  return sourcesOf(query, schema, ctesOf(statement.ast)).map((source, i) => ({
    ...source,
    // `a RIGHT JOIN b` NULL-extends a (and whatever was joined before it, counting conservatively).
    nullable:
      joins[i] === 'LEFT JOIN' ||
      joins[i] === 'FULL JOIN' ||
      joins.slice(i + 1).some((j) => j === 'RIGHT JOIN' || j === 'FULL JOIN'),
  }));
}

/** The unique keys of a table, the primary key first (a partial unique index is unique only in its subset). */
export function uniqueKeys(table: TableDef): IndexDef[] {
  return table.indexes
    .filter((i) => i.unique && i.where === undefined)
    .sort((a, b) => Number(b.primary) - Number(a.primary));
}

/** A key whose columns are all declared NOT NULL (a primary key always is): no two rows share its value. */
export function isNotNullKey(table: TableDef, key: IndexDef): boolean {
  return key.columns.every((name) => findColumn(table, name)?.nullable === false);
}

export function keyText(key: IndexDef): string {
  return key.columns.join(', ');
}

/** Numbers, dates and times: compared by value, never by a collation. */
export function isNonText(column: ColumnDef | undefined): boolean {
  return isNumeric(column) || isTemporal(column);
}

// ---------------------------------------------------------------------------------------------------
// Query shapes.

/**
 * MySQL without ONLY_FULL_GROUP_BY returns an arbitrary row's value for a column that a grouped query
 * neither groups nor aggregates; which row can follow the order rows are read in.
 */
export function hasArbitraryColumns(query: AstNode): boolean {
  const grouped = groupItems(query).length > 0 || selectItems(query).some((i) => containsAggregate(i.expr));
  if (!grouped) return false;
  const groups = new Set(
    groupItems(query)
      .map(columnKey)
      .filter((k): k is string => !!k),
  );
  let found = false;
  const visit = (node: unknown): void => {
    if (found || !isNode(node)) return;
    if (isAggregate(node) || isSelect(node) || isNode(node.ast)) return;
    const key = columnKey(node);
    if (key) {
      const bare = `.${key.split('.').pop()}`;
      if (!groups.has(key) && !groups.has(bare)) found = true;
      return;
    }
    for (const [k, value] of Object.entries(node)) {
      if (k === 'loc') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  for (const part of [...selectItems(query).map((i) => i.expr), child(query, 'having')]) visit(part);
  return found;
}

/** DISTINCT ON (PostgreSQL): keeps the first row of each group in ORDER BY order. */
export function isDistinctOn(query: AstNode): boolean {
  return isNode(query.distinct) && String(query.distinct.type).toUpperCase() === 'DISTINCT ON';
}

/**
 * The subqueries of IN / NOT IN / EXISTS / NOT EXISTS (not set operations): subquery-distinct already
 * drops their DISTINCT and ORDER BY, so the rules here leave them to it.
 */
export function membershipSubqueries(ast: AstNode): Set<AstNode> {
  const found = new Set<AstNode>();
  for (const { node } of visitsOf(ast)) {
    let subquery: AstNode | undefined;
    const operator = isBinaryExpr(node) ? String(node.operator).toUpperCase() : '';
    if (operator === 'IN' || operator === 'NOT IN') subquery = subqueryOf(child(node, 'right'));
    else if (['EXISTS', 'NOT EXISTS'].includes(functionName(node) ?? '')) subquery = subqueryOf(child(node, 'args'));
    else if (isUnaryExpr(node) && String(node.operator).toUpperCase() === 'NOT EXISTS') {
      subquery = subqueryOf(node.expr);
    }
    if (subquery && !isNode(subquery._next) && !subquery.set_op) found.add(subquery);
  }
  return found;
}

export function hasLimit(query: AstNode): boolean {
  const { count, offset } = limitParts(query);
  return !!count || !!offset;
}

// ---------------------------------------------------------------------------------------------------
// Set operations.

/** A chain of set operations: `b0 op0 b1 op1 b2 ...`, the parser's `_next` list. */
export interface SetChain {
  branches: AstNode[];
  /** Lower case, operators[i] between branches[i] and branches[i + 1]: 'union', 'union all', 'intersect'... */
  operators: string[];
  /** The ORDER BY of the whole chain (after its last branch). */
  trailingOrder: AstNode[];
  trailingLimit: boolean;
  /** Whether the chain is the body of a CTE. */
  inCte: boolean;
}

/**
 * Every set operation chain of the statement. The parser puts a trailing ORDER BY/LIMIT on the last
 * branch when that branch is not parenthesized, and on the first branch as `_orderby`/`_limit` when it is:
 * so a branch's own ORDER BY/LIMIT is what it has, except for an unparenthesized last branch.
 */
export function setChains(ast: AstNode): SetChain[] {
  const chains: SetChain[] = [];
  for (const { node, key, keys } of visitsOf(ast)) {
    if (!isSelect(node) || !isNode(node._next) || key === '_next') continue;
    const branches: AstNode[] = [];
    for (let branch: AstNode | undefined = node; branch; branch = child(branch, '_next')) branches.push(branch);
    const last = branches[branches.length - 1]!;
    const closing = last.parentheses_symbol === true;
    chains.push({
      branches,
      operators: branches.slice(0, -1).map((b) => String(b.set_op ?? '').toLowerCase()),
      trailingOrder: closing ? children(node, '_orderby') : children(last, 'orderby'),
      trailingLimit: closing ? hasLimit({ limit: node._limit }) : hasLimit(last),
      inCte: keys.includes('with'),
    });
  }
  return chains;
}

/** A branch's own ORDER BY and LIMIT (not the chain's trailing ones). */
export function ownClauses(chain: SetChain, branch: AstNode): { order: AstNode[]; limited: boolean } {
  const last = branch === chain.branches[chain.branches.length - 1];
  if (last && branch.parentheses_symbol !== true) return { order: [], limited: false };
  return { order: children(branch, 'orderby'), limited: hasLimit(branch) };
}

/** `WITH RECURSIVE`: its UNION also decides when the recursion stops, so its branches are left alone. */
export function isRecursive(statement: ParsedStatement): boolean {
  const { tokens } = tokenView(statement);
  return tokens.some((t, i) => isKeyword(t, 'RECURSIVE') && isKeyword(tokens[i - 1], 'WITH'));
}

// ---------------------------------------------------------------------------------------------------
// Edits. By hand, not with replaceNode: they change a whole query (its DISTINCT, ORDER BY or GROUP BY) and keep the
// rest of its text as written, so the intended tree is the query with that one part changed.

/** Deletes a query's DISTINCT keyword (with the blank after it). */
export function dropDistinct(statement: ParsedStatement, query: AstNode): Change | undefined {
  const { tokens } = tokenView(statement);
  const replacements: Replacements = new Map([[query, { ...query, distinct: null }]]);
  return firstFaithful(
    statement,
    selectCandidates(statement, query).flatMap((layout) =>
      layout.distinct === undefined
        ? []
        : [
            {
              edits: [
                { start: tokens[layout.distinct]!.start, end: tokens[layout.distinct + 1]!.start, replacement: '' },
              ],
              replacements,
            },
          ],
    ),
  );
}

/** Deletes a query's own ORDER BY clause (up to its LIMIT, if any, or its end). */
export function dropOrderBy(statement: ParsedStatement, query: AstNode): Change | undefined {
  const { tokens } = tokenView(statement);
  const replacements: Replacements = new Map([[query, { ...query, orderby: null }]]);
  return firstFaithful(
    statement,
    selectCandidates(statement, query).flatMap((layout) => {
      const order = layout.clauses.get('ORDER');
      if (order === undefined || order === 0) return [];
      const end = tokens[clauseEnd(layout, order)]!.end;
      return [{ edits: [{ start: tokens[order - 1]!.end, end, replacement: '' }], replacements }];
    }),
  );
}

/**
 * A match on one of a query's keywords (its DISTINCT, its GROUP or ORDER clause). MySQL locates queries,
 * so its first candidate is the query's own SELECT; PostgreSQL does not, so there the keyword is only
 * pointed at when a single SELECT could be the query.
 */
export function keywordMatch(
  statement: ParsedStatement,
  query: AstNode,
  pick: (layout: QueryLayout) => number | undefined,
  message: Localized,
): RuleMatch {
  const { tokens } = tokenView(statement);
  const candidates = selectCandidates(statement, query).filter((l) => pick(l) !== undefined);
  const layout = span(query) || candidates.length === 1 ? candidates[0] : undefined;
  if (!layout) return matchAt(query, message, statement.text);
  const at = pick(layout)!;
  // A clause keyword comes with its BY.
  const last = isKeyword(tokens[at + 1], 'BY') ? at + 1 : at;
  return { span: { start: tokens[at]!.start, end: tokens[last]!.end }, message };
}

export function distinctMatch(statement: ParsedStatement, query: AstNode, message: Localized): RuleMatch {
  return keywordMatch(statement, query, (l) => l.distinct, message);
}

/**
 * For each wanted change, the first of its candidate placements that, applied with the ones kept before,
 * produces the intended tree. Used where the parser gives the changed node no location, so every
 * place in the text that could be it is a candidate and the verification picks the right one.
 */
export function acceptFirst(statement: ParsedStatement, candidates: Change[][]): Array<Change | undefined> {
  const kept: Change[] = [];
  return candidates.map((options) => {
    for (const option of options) {
      const together = [...kept, option];
      const edits = together.flatMap((c) => c.edits);
      const replacements: Replacements = new Map(together.flatMap((c) => [...c.replacements]));
      if (!editsProduce(statement, edits, replacements)) continue;
      kept.push(option);
      return option;
    }
    return undefined;
  });
}

/** Findings with the edits of the changes that check out together; an edited match without a span gets the edit's. */
export function settle(statement: ParsedStatement, found: Array<{ match: RuleMatch; change?: Change }>): RuleMatch[] {
  return matchesWithEdits(statement, found).map((match, i) =>
    match.edits && !match.span ? { ...match, span: editSpan(statement.text, found[i]!.change!) } : match,
  );
}

/** Where a change edits, without surrounding blanks: a position for a match the tree could not locate. */
function editSpan(text: string, change: Change): { start: number; end: number } | undefined {
  const edit = change.edits[0];
  if (!edit) return undefined;
  let { start, end } = edit;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : undefined;
}

/** Appends the reason a rewrite was not made to a message. */
export function withReason(message: Localized, reason: Localized | undefined): Localized {
  if (!reason) return message;
  return { zh: `${message.zh}${reason.zh}`, en: `${message.en} ${reason.en}` };
}
