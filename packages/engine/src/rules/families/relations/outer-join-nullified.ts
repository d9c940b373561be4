import { type AstNode, child, columnRef, subqueryOf } from '../../../model/ast.ts';
import { isLiteralOf } from '../../../model/nodes.ts';
import { ctesOf, ownedSource, queryScopes, type Source, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt, sourceText } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { conjuncts, label, operatorOf } from './helpers.ts';

/**
 * `a LEFT JOIN b ... WHERE b.x = 1`: the rows the outer join adds for unmatched `a` have NULL in every
 * column of b, and the WHERE condition rejects them, so the query returns what an inner join returns.
 * Either the condition belongs in ON (keep unmatched rows) or the join should be written as JOIN.
 */
export const outerJoinNullified: Rule = {
  id: 'outer-join-nullified',
  category: 'SQL Complexity',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: "SELECT c.c_name, o.o_orderkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderstatus = 'F'",
    good: "SELECT c.c_name, o.o_orderkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F'",
  },
  rewrites: false,
  title: { zh: 'WHERE 条件使外连接退化为内连接', en: 'WHERE condition turns an outer join into an inner join' },
  rationale: {
    zh: '外连接为没有匹配的行补出的列全是 NULL，而 WHERE 中对这些列的比较（=、<、IN、LIKE、IS NOT NULL 等）会把这些行全部过滤掉，结果与内连接相同。如果想保留没有匹配的行，请把条件移到 ON 中；否则直接写成 JOIN，意图更清楚。',
    en: 'The rows an outer join adds for unmatched rows have NULL in every column of the joined table, and a WHERE comparison on those columns (=, <, IN, LIKE, IS NOT NULL, ...) rejects them all, so the result is that of an inner join. To keep unmatched rows, move the condition into ON; otherwise write JOIN so the intent is clear.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      const nullable = nullableSources(sources);
      if (nullable.size === 0) continue;
      const reported = new Set<Source>();
      for (const condition of conjuncts(child(query, 'where'))) {
        const source = rejectedSources(condition, sources).find((s) => nullable.has(s));
        if (!source || reported.has(source)) continue;
        reported.add(source);
        const text = sourceText(statement.text, condition);
        const quoted = text ? ` ${text}` : '';
        matches.push(
          matchAt(
            condition,
            {
              zh: `WHERE 条件${quoted} 会滤掉外连接为 ${label(source)} 补出的 NULL 行，这个外连接实际等同于内连接。`,
              en: `The WHERE condition${quoted} rejects the NULL rows the outer join adds for ${label(source)}, so the outer join acts as an inner join.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};

/** Sources whose columns an outer join may fill with NULL; none when a FULL JOIN makes that unclear. */
function nullableSources(sources: Source[]): Set<Source> {
  const nullable = new Set<Source>();
  if (sources.some((s) => s.join.startsWith('FULL'))) return nullable;
  sources.forEach((source, i) => {
    if (source.join.startsWith('LEFT')) nullable.add(source);
    if (source.join.startsWith('RIGHT')) for (const earlier of sources.slice(0, i)) nullable.add(earlier);
  });
  return nullable;
}

const rejecting = new Set([
  '=',
  '<>',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'NOT ILIKE',
  'IN',
  'NOT IN',
  'BETWEEN',
  'NOT BETWEEN',
  'REGEXP',
  'RLIKE',
]);

/** The sources a condition rejects NULL rows of: a bare column of theirs under a NULL-rejecting operator. */
function rejectedSources(condition: AstNode, sources: Source[]): Source[] {
  const operator = operatorOf(condition);
  if (!operator) return [];
  const left = child(condition, 'left');
  const right = child(condition, 'right');
  const owner = (node: AstNode | undefined) => {
    const ref = columnRef(node);
    return ref && ref.column !== '*' ? ownedSource(ref, sources) : undefined;
  };
  const found = (...candidates: Array<Source | undefined>) => candidates.filter((s): s is Source => !!s);
  if (operator === 'IS NOT') return isLiteralOf(right, 'null') ? found(owner(left)) : [];
  if (!rejecting.has(operator)) return [];
  // NULL NOT IN (an empty subquery) is true: that one does not reject.
  if (operator === 'NOT IN' && subqueryOf(right)) return [];
  return found(owner(left), ['=', '<>', '!=', '<', '<=', '>', '>='].includes(operator) ? owner(right) : undefined);
}
