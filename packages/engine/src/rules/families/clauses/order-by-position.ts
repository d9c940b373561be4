import { child, children } from '../../../model/ast.ts';
import { selectQueries } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { numberValue, positionMatches } from './helpers.ts';

/** `ORDER BY 2`: sorting by a position in the select list breaks silently when the list changes. */
export const orderByPosition: Rule = {
  id: 'order-by-position',
  category: 'Other',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY 2 DESC',
    good: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_totalprice DESC',
  },
  rewrites: false,
  title: { zh: 'ORDER BY 使用列序号', en: 'ORDER BY column position' },
  rationale: {
    zh: 'ORDER BY 2 按选择列表中的第 2 列排序。一旦有人在选择列表中增删或调整列的顺序，排序依据就会悄悄改变而不报错。这种写法已从 SQL 标准中移除，MySQL 文档也已将其标记为弃用。请写出列名或别名。',
    en: 'ORDER BY 2 sorts by the second item of the select list. When someone adds, removes or reorders columns, the sort key changes silently, with no error. The form was dropped from the SQL standard and MySQL documents it as deprecated. Name the column or its alias.',
  },
  detect({ statement }) {
    const positions: number[] = [];
    for (const query of selectQueries(statement.ast)) {
      for (const item of children(query, 'orderby')) {
        const value = numberValue(child(item, 'expr'));
        if (value !== undefined && Number.isInteger(value)) positions.push(value);
      }
    }
    return positionMatches(statement, positions, 'ORDER', (n): RuleMatch['message'] => ({
      zh: `ORDER BY ${n} 依赖选择列表中列的位置，列表一改排序就会悄悄变化；请写出列名。`,
      en: `ORDER BY ${n} depends on where the column sits in the select list and changes silently when the list does; name the column.`,
    }));
  },
};
