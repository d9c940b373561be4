import { child, columnRef } from '../../../model/ast.ts';
import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, inFilter, type Rule, type RuleMatch } from '../../rule.ts';
import { columnKey, comparisonOperators, operatorOf } from './helpers.ts';

/** `o.o_custkey = o.o_custkey`: a column compared with itself, usually a typo for another table's column. */
export const selfComparison: Rule = {
  id: 'self-comparison',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c.c_name, o.o_orderkey FROM customer c JOIN orders o ON o.o_custkey = o.o_custkey',
    good: 'SELECT c.c_name, o.o_orderkey FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey',
  },
  rewrites: false,
  title: { zh: '列与自身比较', en: 'Column compared with itself' },
  rationale: {
    zh: 'a = a 对所有非空行都成立（a <> a、a < a 则永远不成立），这样的条件不起过滤或连接作用。它几乎总是笔误，例如连接条件两边写成了同一个表的别名，结果会让连接退化为笛卡尔积或丢失所有行。',
    en: 'a = a holds for every non-NULL row (a <> a and a < a never hold), so the condition neither filters nor joins anything. It is almost always a typo, typically both sides of a join condition naming the same table alias, which turns the join into a Cartesian product or loses every row.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, keys }) => {
      if (!comparisonOperators.has(operatorOf(node)) || !inFilter(keys)) return;
      const left = child(node, 'left');
      const key = columnKey(left);
      if (!key || key !== columnKey(child(node, 'right'))) return;
      const ref = columnRef(left)!;
      const text =
        sourceText(statement.text, node) || `${ref.table ? `${ref.table}.` : ''}${ref.column} ${operatorOf(node)} …`;
      matches.push(
        matchAt(
          node,
          {
            zh: `${text} 把列与它自己比较，可能本想比较另一个表的列。`,
            en: `${text} compares a column with itself; another table's column was probably meant.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
