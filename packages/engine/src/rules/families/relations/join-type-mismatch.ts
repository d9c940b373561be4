import { child, columnRef } from '../../../model/ast.ts';
import { ctesOf, ownedColumn, ownWalk, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { comparisonFamily } from '../../../semantics/types.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, inFilter, type Rule, type RuleMatch } from '../../rule.ts';
import { comparisonOperators, operatorOf } from './helpers.ts';

const familyNames = {
  number: { zh: '数值', en: 'numeric' },
  text: { zh: '字符串', en: 'string' },
  time: { zh: '日期时间', en: 'date/time' },
};

/**
 * Two tables joined on columns of different kinds (a number with a string, a date with a string):
 * MySQL converts one side for every row, so the index on it is not used; PostgreSQL has no such
 * operator and rejects the statement.
 */
export const joinTypeMismatch: Rule = {
  id: 'join-type-mismatch',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_phone = o.o_custkey',
    good: 'SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
  },
  rewrites: false,
  title: { zh: '连接列类型不一致', en: 'Join columns of different types' },
  rationale: {
    zh: '用不同类型的列（数值与字符串、日期与字符串）做连接时，MySQL 会对其中一侧逐行做类型转换，该列上的索引无法用于连接，而且 "12" 与 "012" 这类值的匹配结果可能出乎意料；PostgreSQL 则没有对应的比较运算符，语句直接报错。请让两边的列类型一致，或显式转换常量较少的一侧。',
    en: 'Joining columns of different kinds (a number with a string, a date with a string) makes MySQL convert one side for every row, so the index on that column cannot serve the join, and values such as "12" and "012" may match unexpectedly; PostgreSQL has no such comparison operator and rejects the statement. Give both columns the same type, or cast one side explicitly.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    const postgres = statement.dialect === 'postgresql';
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      if (sources.length < 2) continue;
      ownWalk(query, ({ node, keys }) => {
        if (!comparisonOperators.has(operatorOf(node)) || !inFilter(keys)) return undefined;
        const leftRef = columnRef(child(node, 'left'));
        const rightRef = columnRef(child(node, 'right'));
        if (!leftRef || !rightRef) return undefined;
        const left = ownedColumn(leftRef, sources);
        const right = ownedColumn(rightRef, sources);
        if (!left || !right || left.source === right.source) return undefined;
        const leftFamily = comparisonFamily(left.column);
        const rightFamily = comparisonFamily(right.column);
        if (!leftFamily || !rightFamily || leftFamily === rightFamily) return undefined;
        const a = `${left.source.table}.${left.column.name} (${left.column.type})`;
        const b = `${right.source.table}.${right.column.name} (${right.column.type})`;
        matches.push(
          matchAt(
            node,
            postgres
              ? {
                  zh: `${a} 与 ${b} 类型不同（${familyNames[leftFamily].zh}与${familyNames[rightFamily].zh}），PostgreSQL 会因缺少比较运算符而报错。`,
                  en: `${a} and ${b} differ in type (${familyNames[leftFamily].en} and ${familyNames[rightFamily].en}); PostgreSQL rejects the comparison.`,
                }
              : {
                  zh: `${a} 与 ${b} 类型不同（${familyNames[leftFamily].zh}与${familyNames[rightFamily].zh}），比较时逐行转换类型，索引无法用于连接。`,
                  en: `${a} and ${b} differ in type (${familyNames[leftFamily].en} and ${familyNames[rightFamily].en}); values are converted row by row and the index cannot serve the join.`,
                },
            statement.text,
          ),
        );
        return undefined;
      });
    }
    return matches;
  },
};
