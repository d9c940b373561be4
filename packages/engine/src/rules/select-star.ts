import { child, children, columnRef } from '../model/ast.ts';
import { matchAt } from './match-helpers.ts';
import { allDialects, type Rule } from './rule.ts';

/** `SELECT *` in the outermost query: reads and ships every column, and defeats covering indexes. */
export const selectStar: Rule = {
  id: 'select-star',
  category: 'Network Transport',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT * FROM orders WHERE o_custkey = 7',
    good: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 7',
  },
  rewrites: false,
  title: { zh: '避免 SELECT *', en: 'Avoid SELECT *' },
  rationale: {
    zh: 'SELECT * 读取并传输所有列，无法使用覆盖索引，表结构变化时结果也会变化。请只列出需要的列。',
    en: 'SELECT * reads and transfers every column, rules out covering indexes, and changes when the table does. List the columns you need.',
  },
  detect({ statement }) {
    if (statement.kind !== 'select') return [];
    return children(statement.ast, 'columns')
      .filter((column) => columnRef(child(column, 'expr'))?.column === '*')
      .map((column) =>
        matchAt(column, {
          zh: '查询返回了所有列，请改为列出实际需要的列。',
          en: 'The query returns every column; list only the columns you need.',
        }),
      );
  },
};
