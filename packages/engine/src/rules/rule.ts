import type { Dialect, Localized, ScoreCategory, Severity } from '@sqltune/contracts';
import type { AstNode } from '../model/ast.ts';
import { isDelete, isSelect, isUpdate } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import type { SchemaModel } from '../schema/model.ts';
import type { TextEdit } from '../text/patch.ts';

/** What a rule sees: one parsed statement and the user's schema (empty when none was given). */
export interface RuleContext {
  statement: ParsedStatement;
  schema: SchemaModel;
}

/** One place a rule matched. `edits` (offsets in the statement text) make it a rewrite candidate. */
export interface RuleMatch {
  span?: { start: number; end: number };
  message: Localized;
  edits?: TextEdit[];
  /** The node found, when the parser gave it no location: the finding is then placed from its text (locate.ts). */
  node?: AstNode;
}

/**
 * A rule is one file: what it is called, why it matters, how to find it, and, for rewrites,
 * the edits that fix it. Rewrites are only shown after verification (see the optimize pipeline).
 */
export interface Rule {
  id: string;
  severity: Severity;
  /** The radar category this rule's findings count against. */
  category: ScoreCategory;
  dialects: readonly Dialect[];
  title: Localized;
  rationale: Localized;
  /** A statement the rule reports, and (when there is one) how it reads once fixed. */
  example: { bad: string; good?: string };
  /** True when matches carry edits that change the statement. */
  rewrites: boolean;
  /** True when the rule reads only the statement's text (tokens), so it also runs on a statement that does not parse. */
  tokenLevel?: boolean;
  detect(context: RuleContext): RuleMatch[];
}

export const allDialects: readonly Dialect[] = ['mysql', 'postgresql'];

/** The nearest enclosing SELECT/UPDATE/DELETE of a visited node, from its ancestor chain. */
export function enclosingQuery(ancestors: AstNode[]): AstNode | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const node = ancestors[i]!;
    if (isSelect(node) || isUpdate(node) || isDelete(node)) return node;
  }
  return undefined;
}

/** Whether a visited node sits in a filtering clause (WHERE, ON or HAVING) of its query. */
export function inFilter(visitKeyChain: string[]): boolean {
  return visitKeyChain.some((key) => key === 'where' || key === 'on' || key === 'having');
}
