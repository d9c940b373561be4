import { children } from '../../../model/ast.ts';
import { cteBody, cteName, cteReads, queryScopes } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { cteNameSpan } from './helpers.ts';

/**
 * A WITH entry that neither the query nor another CTE reads. A read-only CTE nobody reads is not even
 * evaluated, so this costs nothing at run time; it is dead text that misleads the reader (and often a
 * sign that the query reads the wrong name).
 */
export const cteUnused: Rule = {
  id: 'cte-unused',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "WITH recent AS (SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-01-01') SELECT o_orderkey FROM orders WHERE o_totalprice > 1000",
    good: "WITH recent AS (SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderdate >= '1998-01-01') SELECT o_orderkey FROM recent WHERE o_totalprice > 1000",
  },
  rewrites: false,
  title: { zh: '定义了却未使用的 CTE', en: 'CTE defined but never used' },
  rationale: {
    zh: 'WITH 中定义的这个 CTE 没有被主查询或其他 CTE 引用。只读的 CTE 不被引用时不会执行，所以不影响性能，但它是误导读者的无用代码，也常常说明查询引用错了名字。请删除它，或检查本该引用它的地方。',
    en: 'This WITH entry is read by neither the main query nor another CTE. An unreferenced read-only CTE is not evaluated, so it costs nothing, but it is dead code that misleads readers and often means the query reads the wrong name. Remove it, or check where it was meant to be used.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const readsOf = cteReads(statement.ast, schema);
    for (const { query } of queryScopes(statement.ast)) {
      const entries = children(query, 'with');
      entries.forEach((entry) => {
        const name = cteName(entry);
        const body = cteBody(entry);
        if (!name || !body) return;
        // Reads where this entry is in reach, its own body's (a recursive CTE reading itself) aside.
        const reads = readsOf.get(entry);
        if (reads && reads.total > reads.fromOwnBody) return;
        const span = cteNameSpan(statement.text, name, statement.dialect === 'mysql');
        matches.push({
          ...(span ? { span } : {}),
          message: {
            zh: `CTE ${name} 没有被任何地方引用。`,
            en: `CTE ${name} is not referenced anywhere.`,
          },
        });
      });
    }
    return matches;
  },
};
