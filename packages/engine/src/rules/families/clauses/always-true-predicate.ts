import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { constantTruth, filterPosition } from './helpers.ts';

/** `WHERE 1 = 1 AND ...`: a condition between two constants that is always true filters nothing. */
export const alwaysTruePredicate: Rule = {
  id: 'always-true-predicate',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE 1 = 1 AND o_custkey = 7',
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7',
  },
  rewrites: false,
  title: { zh: '恒为真的条件（如 1 = 1）', en: 'Always-true condition (such as 1 = 1)' },
  rationale: {
    zh: "1 = 1、'a' = 'a' 这类常量比较恒为真，用 AND 连接时不过滤任何行，通常是拼接 SQL 的程序留下的占位条件。优化器会把它消掉，对性能基本无影响，但它让语句更难读，也容易掩盖条件拼接中的错误。",
    en: "Comparisons between constants such as 1 = 1 or 'a' = 'a' are always true and, joined with AND, filter nothing; they are usually placeholders left by code that assembles SQL. The optimizer removes them, so performance hardly changes, but they make the statement harder to read and can hide mistakes in how conditions are assembled.",
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      if (constantTruth(node) !== true) return;
      const at = filterPosition(keys, ancestors);
      if (!at || (at.position !== 'root' && at.position !== 'and')) return;
      const text = sourceText(statement.text, node) || '1 = 1';
      const wholeUpdate = statement.kind === 'update' && at.position === 'root' && at.clause === 'where';
      matches.push(
        matchAt(
          node,
          wholeUpdate
            ? {
                zh: `${text} 恒为真，这条 UPDATE 实际上会修改表中的每一行。`,
                en: `${text} is always true, so this UPDATE changes every row of the table.`,
              }
            : {
                zh: `${text} 恒为真，不起过滤作用，可以删除。`,
                en: `${text} is always true and filters nothing; it can be removed.`,
              },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
