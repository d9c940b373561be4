import { type AstNode, child, children, functionName, span, subqueryOf } from '../model/ast.ts';
import { isBinaryExpr, isUnaryExpr } from '../model/nodes.ts';
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
  example: {
    bad: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT DISTINCT o_custkey FROM orders)',
    good: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders)',
  },
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
    const found: Array<{ node: AstNode; subquery: AstNode }> = [];
    walkWithKeys(statement.ast, ({ node }) => {
      const subquery = membershipSubquery(node);
      if (subquery) found.push({ node, subquery });
    });
    const starts = subqueryStarts(statement.text, found, mysql);
    const matches: RuleMatch[] = [];
    found.forEach(({ subquery }, i) => {
      const start = starts[i];
      if (start === undefined) return;
      const edits = editsFor(statement.text, start, subquery, mysql);
      if (edits.length === 0) return;
      const removed = edits.map((e) => statement.text.slice(e.start, e.end).trim()).join(' + ');
      matches.push({
        span: { start, end: start + 6 },
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
 * Where each subquery's SELECT starts. MySQL's grammar records it; PostgreSQL's often does not, so then
 * the `IN (SELECT` / `EXISTS (SELECT` openings of the text are paired with the subqueries in tree order,
 * which follows source order. When the counts differ nothing is paired, and nothing is rewritten.
 */
function subqueryStarts(text: string, found: Array<{ subquery: AstNode }>, mysql: boolean): Array<number | undefined> {
  const own = found.map(({ subquery }) => span(subquery, text)?.start);
  if (own.every((start) => start !== undefined)) return own;
  const tokens = codeTokens(lex(text, { mysql }));
  const openings: number[] = [];
  tokens.forEach((token, i) => {
    if (
      token.text === '(' &&
      isKeyword(tokens[i + 1], 'SELECT') &&
      (isKeyword(tokens[i - 1], 'IN') || isKeyword(tokens[i - 1], 'EXISTS'))
    ) {
      openings.push(tokens[i + 1]!.start);
    }
  });
  return openings.length === found.length ? openings : found.map(() => undefined);
}

/** The subquery of `IN (...)`, `NOT IN (...)` or `EXISTS (...)`, when the node is one of those. */
function membershipSubquery(node: AstNode): AstNode | undefined {
  if (isBinaryExpr(node) && ['IN', 'NOT IN'].includes(String(node.operator).toUpperCase())) {
    return subqueryOf(node.right);
  }
  if (['EXISTS', 'NOT EXISTS'].includes(functionName(node) ?? '')) return subqueryOf(child(node, 'args'));
  if (isUnaryExpr(node) && String(node.operator).toUpperCase() === 'NOT EXISTS') {
    return subqueryOf(node.expr);
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
