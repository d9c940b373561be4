import type { Localized } from '@sqltune/contracts';
import { type AstNode, type KeyedVisit, span, visitsOf } from '../model/ast.ts';
import type { RuleMatch } from './rule.ts';

/** Walks the statement and keeps the chain of keys from the root, so rules can ask "is this in WHERE?". */
export function walkWithKeys(ast: AstNode, visit: (v: KeyedVisit) => void): void {
  for (const v of visitsOf(ast)) visit(v);
}

export function matchAt(node: AstNode, message: Localized, text?: string): RuleMatch {
  const at = span(node, text);
  return at ? { span: at, message } : { message };
}

/** The statement text a node covers, for quoting it in messages. */
export function sourceText(text: string, node: AstNode): string {
  const at = span(node, text);
  return at ? text.slice(at.start, at.end) : '';
}
