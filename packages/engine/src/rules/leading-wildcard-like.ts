import { type AstNode, functionArgs, functionName, literalValue } from '../model/ast.ts';
import { isBinaryExpr, isFunctionCall } from '../model/nodes.ts';
import { matchAt, sourceText, walkBinaryExpressions } from './match-helpers.ts';
import { allDialects, inFilter, type Rule, type RuleMatch } from './rule.ts';

/**
 * `LIKE '%x'`: a pattern that starts with a wildcard cannot use a B-tree index on the column. The pattern may be
 * built: `CONCAT('%', ?, '%')` (MySQL, MyBatis mappers' usual search) or `'%' || ? || '%'` (PostgreSQL).
 */
export const leadingWildcardLike: Rule = {
  id: 'leading-wildcard-like',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: "SELECT c_custkey FROM customer WHERE c_name LIKE '%Smith'",
    good: "SELECT c_custkey FROM customer WHERE c_name LIKE 'Smith%'",
  },
  rewrites: false,
  title: { zh: 'LIKE 以通配符开头', en: 'LIKE pattern starts with a wildcard' },
  rationale: {
    zh: '以 % 或 _ 开头的模式无法利用 B 树索引，只能全表扫描。考虑前缀匹配、全文索引或 PostgreSQL 的 pg_trgm。',
    en: 'A pattern that starts with % or _ cannot use a B-tree index and forces a full scan. Consider a prefix match, a full-text index, or pg_trgm on PostgreSQL.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node, keys }) => {
      if (!isBinaryExpr(node) || !inFilter(keys)) return;
      const operator = String(node.operator).toUpperCase();
      if (!['LIKE', 'ILIKE', 'NOT LIKE', 'NOT ILIKE'].includes(operator)) return;
      const pattern = patternStart(node.right);
      if (pattern !== undefined && /^[%_]/.test(pattern)) {
        // Quoted as written: a built pattern whole (`concat('%', #{name}, '%')`, MySQL's `"%"#{name}"%"`), whose
        // first piece alone ('%') or joined value says nothing.
        const quoted = sourceText(statement.text, node.right as AstNode) || `'${pattern}'`;
        // PostgreSQL's pg_trgm GIN serves it (the index advice proposes one): only a B-tree cannot.
        const trigram =
          statement.dialect === 'postgresql'
            ? { zh: '（PostgreSQL 的 pg_trgm GIN 索引可以）', en: ' (a pg_trgm GIN index on PostgreSQL can)' }
            : { zh: '', en: '' };
        matches.push(
          matchAt(node, {
            zh: `模式 ${quoted} 以通配符开头，B-tree 索引无法用于此条件${trigram.zh}。`,
            en: `The pattern ${quoted} starts with a wildcard, so no B-tree index can serve this condition${trigram.en}.`,
          }),
        );
      }
    });
    return matches;
  },
};

/** The literal text a pattern starts with: the pattern itself, or the first piece of a concatenation. */
function patternStart(node: AstNode | undefined): string | undefined {
  if (!node) return undefined;
  const value = literalValue(node);
  if (typeof value === 'string') return value;
  if (isFunctionCall(node) && functionName(node)?.toUpperCase() === 'CONCAT')
    return patternStart(functionArgs(node)[0]);
  if (isBinaryExpr(node) && node.operator === '||') return patternStart(node.left as AstNode);
  return undefined;
}
