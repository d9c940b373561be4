import type { Localized } from '@sqltune/contracts';
import { type AstNode, type KeyedVisit, span, visitsOf } from '../model/ast.ts';
import type { RuleMatch } from './rule.ts';

/** Walks the statement and keeps the chain of keys from the root, so rules can ask "is this in WHERE?". */
export function walkWithKeys(ast: AstNode, visit: (v: KeyedVisit) => void): void {
  for (const v of visitsOf(ast)) visit(v);
}

/**
 * walkWithKeys over binary expressions only (comparisons, IN, LIKE, BETWEEN, AND/OR, arithmetic), where most
 * rules look: a tree has a few thousand nodes and a hundred rules walk it.
 */
export function walkBinaryExpressions(ast: AstNode, visit: (v: KeyedVisit) => void): void {
  for (const v of visitsOfType(ast, 'binary_expr')) visit(v);
}

const byType = new WeakMap<AstNode, Map<string, KeyedVisit[]>>();

function visitsOfType(ast: AstNode, type: string): KeyedVisit[] {
  let index = byType.get(ast);
  if (!index) {
    index = new Map();
    for (const v of visitsOf(ast)) {
      const key = String(v.node.type);
      const list = index.get(key);
      if (list) list.push(v);
      else index.set(key, [v]);
    }
    byType.set(ast, index);
  }
  return index.get(type) ?? [];
}

export function matchAt(node: AstNode, message: Localized, text?: string): RuleMatch {
  const at = span(node, text);
  return at ? { span: at, message } : { message, node };
}

/** The statement text a node covers, for quoting it in messages. */
export function sourceText(text: string, node: AstNode): string {
  const at = span(node, text);
  return at ? text.slice(at.start, at.end) : '';
}
