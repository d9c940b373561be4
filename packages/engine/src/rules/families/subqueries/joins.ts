import type { Dialect } from '@sqltune/contracts';
import { parseStatements } from '../../../dialect/parse.ts';
import { type AstNode, children } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { removeAllFromAnd } from '../../rewrite/and-chain.ts';
import { clauseEnd, type QueryLayout } from '../../rewrite/layout.ts';
import { nodeTokens, tokenView } from '../../rewrite/tokens.ts';
import { type Change, firstFaithful, type Replacements } from '../../rewrite/verify.ts';
import { queryLayouts } from './helpers.ts';

/**
 * Changes that add joins at the end of a query's FROM clause: the joins' text, how each parsed join must
 * look, the other edits of the change (made for a given layout of the query), and the tree they produce.
 */
export interface JoinAddition {
  query: AstNode;
  /** Text of each join, starting with a blank: ` JOIN t AS sq ON ...`. */
  joins: string[];
  /** Whether the parsed join entries are the intended ones (the checks of the moved text). */
  joinsAreIntended: (entries: AstNode[]) => boolean;
  /** The change's other edits, for one layout of the query (undefined when they cannot be made there). */
  otherEdits: (layout: QueryLayout) => TextEdit[] | undefined;
  /** The tree changes of the other edits. */
  replacements: Replacements;
}

/** The join entries a run of join texts parses to, after a placeholder first table. */
function parseJoins(joins: string[], dialect: Dialect): AstNode[] | undefined {
  try {
    const [statement] = parseStatements(`SELECT 1 FROM placeholder${joins.join('')}`, dialect);
    const from = statement ? children(statement.ast, 'from') : [];
    return from.length === joins.length + 1 ? from.slice(1) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The change adding the joins: tried at each place the query may start (PostgreSQL's grammar does not
 * locate queries), kept only where the edited statement parses to the original tree with the joins
 * appended to the query's FROM list and the other replacements made.
 */
export function joinChange(statement: ParsedStatement, addition: JoinAddition): Change | undefined {
  const entries = parseJoins(addition.joins, statement.dialect);
  if (!entries || !addition.joinsAreIntended(entries)) return undefined;
  const { query } = addition;
  const replacements: Replacements = new Map(addition.replacements);
  replacements.set(query, { ...query, from: [...children(query, 'from'), ...entries] });
  const { tokens } = tokenView(statement);
  const candidates: Change[] = [];
  for (const layout of queryLayouts(statement, query)) {
    const from = layout.clauses.get('FROM');
    const others = addition.otherEdits(layout);
    if (from === undefined || !others) continue;
    const at = tokens[clauseEnd(layout, from)]!.end;
    const text = addition.joins.join('');
    // An edit starting right where the joins go (removing the WHERE clause) takes them in front.
    const touching = others.find((e) => e.start === at);
    const edits = touching
      ? others.map((e) => (e === touching ? { ...e, replacement: text + e.replacement } : e))
      : [...others, { start: at, end: at, replacement: text }];
    candidates.push({ edits, replacements });
  }
  return firstFaithful(statement, candidates);
}

/**
 * Edits removing some conjuncts of a query's WHERE: with their ANDs, or the whole clause when none stays.
 */
export function removeConjuncts(
  statement: ParsedStatement,
  layout: QueryLayout,
  conjuncts: AstNode[],
  all: boolean,
): TextEdit[] | undefined {
  const view = tokenView(statement);
  if (all) {
    const where = layout.clauses.get('WHERE');
    if (where === undefined) return undefined;
    return [{ start: view.tokens[where - 1]!.end, end: view.tokens[clauseEnd(layout, where)]!.end, replacement: '' }];
  }
  const ranges = conjuncts.map((c) => nodeTokens(statement, c));
  if (ranges.some((r) => !r)) return undefined;
  return removeAllFromAnd(view, ranges as Array<[number, number]>);
}
