import { isNode } from '../../../model/ast.ts';
import { codeTokens, isKeyword, lex } from '../../../text/lexer.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

/** `UNION` de-duplicates the combined rows; when duplicates cannot occur, `UNION ALL` skips that work. */
export const unionWithoutAll: Rule = {
  id: 'union-without-all',
  category: 'Execution Plan',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT o_orderkey FROM orders WHERE o_orderstatus = 'O'",
    good: "SELECT o_orderkey FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey FROM orders WHERE o_orderstatus = 'O'",
  },
  rewrites: false,
  title: { zh: 'UNION 可能可以改为 UNION ALL', en: 'UNION where UNION ALL may do' },
  rationale: {
    zh: 'UNION 会对合并后的全部结果去重，需要额外的排序或哈希，结果集大时代价可观，还会阻止结果的流式返回。如果各分支的结果不可能重叠（例如按互斥条件拆分），或者重复行可以接受，请使用 UNION ALL；只有确实需要去重时才保留 UNION。',
    en: 'UNION removes duplicates from the combined result, which costs an extra sort or hash, can be expensive on large results, and keeps rows from streaming out. If the branches cannot overlap (split by mutually exclusive conditions, say) or duplicates are acceptable, use UNION ALL; keep UNION only when de-duplication is really needed.',
  },
  detect({ statement }) {
    const count = bareUnions(statement.ast);
    if (count === 0) return [];
    const message = {
      zh: 'UNION 会对结果去重；如果各分支不会产生重复行，请改用 UNION ALL。',
      en: 'UNION de-duplicates the result; if the branches cannot produce duplicates, use UNION ALL.',
    };
    // The parser gives set operators no location: find the bare UNION keywords in the text.
    const tokens = codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
    const bare = tokens.filter(
      (t, i) => isKeyword(t, 'UNION') && !isKeyword(tokens[i + 1], 'ALL') && !isKeyword(tokens[i + 1], 'DISTINCT'),
    );
    if (bare.length === count) return bare.map((t): RuleMatch => ({ span: { start: t.start, end: t.end }, message }));
    return Array.from({ length: count }, (): RuleMatch => ({ message }));
  },
};

/**
 * How many plain UNIONs the statement has. A recursive CTE's UNION is left out: there de-duplication is
 * what stops the recursion on cycles, so UNION ALL could make it run forever.
 */
function bareUnions(value: unknown, inRecursive = false): number {
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + bareUnions(v, inRecursive), 0);
  if (!isNode(value)) return 0;
  const recursive = inRecursive || value.recursive === true;
  let count = !recursive && String(value.set_op ?? '').toLowerCase() === 'union' ? 1 : 0;
  for (const [key, inner] of Object.entries(value)) if (key !== 'loc') count += bareUnions(inner, recursive);
  return count;
}
