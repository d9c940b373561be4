import { selectQueries } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { groupItems, numberValue, positionMatches } from './helpers.ts';

/** `GROUP BY 1`: grouping by a position in the select list breaks silently when the list changes. */
export const groupByPosition: Rule = {
  id: 'group-by-position',
  category: 'Other',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY 1',
    good: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
  },
  rewrites: false,
  title: { zh: 'GROUP BY 使用列序号', en: 'GROUP BY column position' },
  rationale: {
    zh: 'GROUP BY 1 按选择列表中的第 1 列分组。调整选择列表时分组依据会悄悄改变，结果的含义随之不同，却不会有任何报错。这种写法不属于 SQL 标准，MySQL 文档也已将列序号写法标记为弃用。请写出列名或表达式。',
    en: 'GROUP BY 1 groups by the first item of the select list. Editing the select list silently changes what is grouped, and with it what the result means, with no error. The form is not standard SQL, and MySQL documents column positions as deprecated. Name the column or expression.',
  },
  detect({ statement }) {
    const positions: number[] = [];
    for (const query of selectQueries(statement.ast)) {
      for (const item of groupItems(query)) {
        const value = numberValue(item);
        if (value !== undefined && Number.isInteger(value)) positions.push(value);
      }
    }
    return positionMatches(statement, positions, 'GROUP', (n): RuleMatch['message'] => ({
      zh: `GROUP BY ${n} 依赖选择列表中列的位置，列表一改分组就会悄悄变化；请写出列名或表达式。`,
      en: `GROUP BY ${n} depends on where the column sits in the select list and changes silently when the list does; name the column or expression.`,
    }));
  },
};
