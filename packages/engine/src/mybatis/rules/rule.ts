import type { Dialect, Localized, ScoreCategory, Severity, Span } from '@sqltune/contracts';
import { parseStatements } from '../../dialect/parse.ts';
import type { AstNode } from '../../model/ast.ts';
import type { SchemaModel } from '../../schema/model.ts';
import { codeTokens, lex } from '../../text/lexer.ts';
import type { VariantAnalysis } from '../analyze-mapper.ts';
import type { Framework, MapperStatement, SqlNode } from '../model.ts';
import { decisionPoints, type FragmentLookup, type Rendered, renderStatement } from '../render.ts';

/** What a mapper rule sees: the statement's tree, its analyzed variants, the table structure. */
export interface MapperRuleContext {
  readonly statement: MapperStatement;
  readonly variants: readonly VariantAnalysis[];
  readonly schema: SchemaModel;
  readonly dialect: Dialect;
  readonly fragments: FragmentLookup;
}

/** One place a mapper rule matched, in the XML. */
export interface MapperRuleMatch {
  readonly span: Span;
  readonly message: Localized;
}

/**
 * A rule about what only dynamic SQL has (conditions that can all be false, loops, text substitution). Like a
 * statement rule it is one file with its texts in both languages and an example, here a mapper fragment.
 */
export interface MapperRule {
  readonly id: string;
  readonly severity: Severity;
  readonly category: ScoreCategory;
  readonly frameworks: readonly Framework[];
  readonly title: Localized;
  readonly rationale: Localized;
  /** A mapper (MyBatis unless the rule is for iBatis only) the rule reports, and how it reads once fixed. */
  readonly example: { readonly bad: string; readonly good?: string };
  /**
   * Statement rules that say the same thing less precisely on a variant (DELETE without WHERE, on the variant whose
   * conditions are all false): when this rule reports a statement, their findings on it are left out.
   */
  readonly supersedes?: readonly string[];
  detect(context: MapperRuleContext): MapperRuleMatch[];
}

export const bothFrameworks: readonly Framework[] = ['mybatis', 'ibatis'];

/**
 * The statement with every condition false: no `<if>` or iBatis conditional renders, a `<choose>` takes its
 * `<otherwise>` (or nothing; `choose` can be forced to a branch), collections have one item.
 */
export function renderAllFalse(
  context: MapperRuleContext,
  exceptions: ReadonlyMap<SqlNode, boolean | number> = new Map(),
): Rendered {
  const forced = new Map<SqlNode, boolean | number>();
  for (const { node } of decisionPoints(context.statement, context.fragments)) {
    if (node.kind === 'if' || node.kind === 'condition') forced.set(node, false);
    else if (node.kind === 'choose') forced.set(node, node.otherwise ? node.whens.length : -1);
  }
  for (const [node, decision] of exceptions) forced.set(node, decision);
  return renderStatement(context.statement, { set: false, items: 1, forced }, context.fragments, context.dialect);
}

/** The statement's own WHERE and LIMIT (not a subquery's), read from its tree, else from its tokens. */
export function topLevelClauses(sql: string, dialect: Dialect): { where: boolean; limit: boolean } {
  try {
    const [statement] = parseStatements(sql, dialect);
    const ast = statement?.ast as AstNode & { where?: unknown; limit?: { value?: unknown[] } | null };
    if (ast) return { where: Boolean(ast.where), limit: Boolean(ast.limit?.value?.length) };
  } catch {
    // Read the tokens instead.
  }
  let depth = 0;
  const found = { where: false, limit: false };
  for (const token of codeTokens(lex(sql, { mysql: dialect === 'mysql' }))) {
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    else if (depth === 0 && /^where$/i.test(token.text)) found.where = true;
    else if (depth === 0 && /^(limit|fetch)$/i.test(token.text)) found.limit = true;
  }
  return found;
}

/** Every node of the statement, through its includes, with the nodes enclosing it. */
export function walkStatement(
  context: Pick<MapperRuleContext, 'statement' | 'fragments'>,
  visit: (node: SqlNode, ancestors: readonly SqlNode[]) => void,
): void {
  const seen = new Set<SqlNode>();
  const walk = (nodes: readonly SqlNode[], ancestors: readonly SqlNode[], namespace: string, depth: number) => {
    for (const node of nodes) {
      if (seen.has(node) || depth > 32) continue;
      seen.add(node);
      visit(node, ancestors);
      const inner = [...ancestors, node];
      if (node.kind === 'include') {
        const fragment = context.fragments(node.refid, namespace);
        if (fragment) walk(fragment.body, inner, fragment.namespace, depth + 1);
      } else if (node.kind === 'choose') {
        for (const when of node.whens) walk([when], inner, namespace, depth);
        if (node.otherwise) walk(node.otherwise.body, inner, namespace, depth);
      } else if ('body' in node) {
        walk(node.body, inner, namespace, depth);
      }
    }
  };
  walk(context.statement.body, [], context.statement.namespace, 0);
}
