import { type AstNode, child, children, functionName, span, subqueryOf } from '../model/ast.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import type { TextEdit } from '../text/patch.ts';
import { walkWithKeys } from './match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from './rule.ts';

/**
 * `x IN (SELECT DISTINCT y ... ORDER BY y)` and `EXISTS (SELECT DISTINCT ...)`: IN and EXISTS only ask
 * whether a value is there, so duplicates and order in the subquery cannot change the answer, but
 * DISTINCT costs a sort or hash and ORDER BY a sort. Dropping them is safe whatever the schema.
 * ORDER BY stays when the subquery has LIMIT/OFFSET (then it decides which rows are in).
 */
export const subqueryDistinct: Rule = {
  id: 'subquery-distinct',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  rewrites: true,
  title: {
    zh: '去掉 IN/EXISTS 子查询中的 DISTINCT 和 ORDER BY',
    en: 'Drop DISTINCT and ORDER BY in IN/EXISTS subqueries',
  },
  rationale: {
    zh: 'IN 和 EXISTS 只判断值是否存在，子查询中的去重和排序不会改变结果，却需要额外的排序或哈希。',
    en: 'IN and EXISTS only test whether a value is present; de-duplicating or ordering the subquery cannot change the result but costs a sort or hash.',
  },
  detect({ statement }) {
    const mysql = statement.dialect === 'mysql';
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node }) => {
      const subquery = membershipSubquery(node);
      const at = subquery && subquerySpan(statement.text, node, subquery, mysql);
      if (!subquery || !at) return;
      const edits = editsFor(statement.text, at.start, subquery, mysql);
      if (edits.length === 0) return;
      const removed = edits.map((e) => statement.text.slice(e.start, e.end).trim()).join(' + ');
      matches.push({
        span: at,
        message: {
          zh: `子查询中的 ${removed} 不影响结果，可以去掉。`,
          en: `${removed} in the subquery cannot change the result and can be removed.`,
        },
        edits,
      });
    });
    return matches;
  },
};

/**
 * Where the subquery's SELECT starts. The PostgreSQL grammar gives subqueries no location, so then
 * the first `( SELECT` inside the IN/EXISTS expression marks it.
 */
function subquerySpan(text: string, node: AstNode, subquery: AstNode, mysql: boolean) {
  const own = span(subquery, text);
  if (own) return own;
  const outer = span(node, text);
  if (!outer) return undefined;
  const tokens = codeTokens(lex(text.slice(outer.start, outer.end), { mysql }));
  const open = tokens.findIndex((t, i) => t.text === '(' && isKeyword(tokens[i + 1], 'SELECT'));
  if (open < 0) return undefined;
  return { start: outer.start + tokens[open + 1]!.start, end: outer.end };
}

/** The subquery of `IN (...)`, `NOT IN (...)` or `EXISTS (...)`, when the node is one of those. */
function membershipSubquery(node: AstNode): AstNode | undefined {
  if (node.type === 'binary_expr' && ['IN', 'NOT IN'].includes(String(node.operator).toUpperCase())) {
    return subqueryOf(child(node, 'right'));
  }
  if (['EXISTS', 'NOT EXISTS'].includes(functionName(node) ?? '')) return subqueryOf(child(node, 'args'));
  if (node.type === 'unary_expr' && String(node.operator).toUpperCase() === 'NOT EXISTS') {
    return subqueryOf(child(node, 'expr'));
  }
  return undefined;
}

function editsFor(text: string, start: number, subquery: AstNode, mysql: boolean): TextEdit[] {
  const tokens: Token[] = codeTokens(lex(text.slice(start), { mysql })).map((t) => ({
    ...t,
    start: t.start + start,
    end: t.end + start,
  }));
  const edits: TextEdit[] = [];
  // A set operation (UNION, ...) would need both branches checked; leave those alone.
  if (subquery._next || subquery.set_op) return edits;
  if (isKeyword(tokens[0], 'SELECT') && isKeyword(tokens[1], 'DISTINCT') && !isKeyword(tokens[2], 'ON')) {
    edits.push({ start: tokens[1]!.start, end: tokens[2]?.start ?? tokens[1]!.end, replacement: '' });
  }
  const hasLimit = child(subquery, 'limit') && children(child(subquery, 'limit')!, 'value').length > 0;
  if (children(subquery, 'orderby').length > 0 && !hasLimit) {
    const orderBy = topLevelOrderBy(tokens);
    if (orderBy) edits.push({ start: orderBy.start, end: orderBy.end, replacement: '' });
  }
  return edits;
}

/** From the subquery's own ORDER BY up to its closing parenthesis, skipping nested parentheses. */
function topLevelOrderBy(tokens: Token[]) {
  let depth = 0;
  let from = -1;
  let lastEnd = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    if (token.text === ')') {
      if (depth === 0) break;
      depth--;
    }
    if (depth === 0 && isKeyword(token, 'ORDER') && isKeyword(tokens[i + 1], 'BY')) {
      from = i > 0 ? tokens[i - 1]!.end : token.start;
    }
    lastEnd = token.end;
  }
  return from >= 0 ? { start: from, end: lastEnd } : undefined;
}
