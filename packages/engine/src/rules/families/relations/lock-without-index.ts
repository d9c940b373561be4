import { type AstNode, child, columnRef, literalValue } from '../../../model/ast.ts';
import { isUpdate } from '../../../model/nodes.ts';
import { leadsIndex } from '../../../schema/model.ts';
import { columnsIn, ctesOf, ownedSource, queryScopes, type Source, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { lockingRead, operatorOf } from './helpers.ts';

const indexable = new Set([
  '=',
  '<',
  '<=',
  '>',
  '>=',
  '<>',
  '!=',
  'IN',
  'NOT IN',
  'BETWEEN',
  'NOT BETWEEN',
  'LIKE',
  'IS',
  'IS NOT',
]);

/**
 * InnoDB locks every row it reads for a locking statement, not only the rows that match. A single-table
 * UPDATE or SELECT ... FOR UPDATE / LOCK IN SHARE MODE whose WHERE can use no index reads, and locks,
 * the whole table (with gap locks under repeatable read) until the transaction ends.
 */
export const lockWithoutIndex: Rule = {
  id: 'lock-without-index',
  category: 'Index Usage',
  severity: 'warning',
  dialects: ['mysql'],
  example: {
    bad: "UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_clerk = 'Clerk#000000951'",
    good: "UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_orderkey = 42",
  },
  rewrites: false,
  title: { zh: '加锁语句的条件无法使用索引', en: 'Locking statement whose WHERE uses no index' },
  rationale: {
    zh: 'InnoDB 对 UPDATE 和 SELECT ... FOR UPDATE / LOCK IN SHARE MODE 读到的每一行都加锁，而不只是满足条件的行。WHERE 中没有可用索引时，语句会扫描并锁住整张表（可重复读下还有间隙锁，插入也被阻塞），直到事务结束，并发写入全部等待。请为条件列建立索引，或先按主键查出要修改的行。',
    en: 'InnoDB locks every row an UPDATE or SELECT ... FOR UPDATE / LOCK IN SHARE MODE reads, not only the matching ones. When no index serves the WHERE, the statement scans and locks the whole table (plus gaps under repeatable read, which blocks inserts) until the transaction ends, and concurrent writers wait. Index the filtered column, or find the rows by primary key first.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const locking = isUpdate(query) || !!lockingRead(query);
      const where = child(query, 'where');
      if (!locking || !where) continue;
      const sources = sourcesOf(query, schema, ctes);
      const source = sources[0];
      if (sources.length !== 1 || !source?.def) continue;
      const columns = columnsIn(where);
      if (columns.length === 0 || columns.some(({ ref }) => ownedSource(ref, sources) !== source)) continue;
      if (usesIndex(where, source, sources)) continue;
      const unindexed = [...new Set(columns.map(({ ref }) => ref.column))].filter((c) => !leadsIndex(source.def!, c));
      const why =
        unindexed.length > 0
          ? { zh: `（${unindexed.join('、')} 上没有索引）`, en: ` (no index starts with ${unindexed.join(', ')})` }
          : { zh: '', en: '' };
      matches.push(
        matchAt(
          where,
          {
            zh: `${source.table} 的索引都用不上这个 WHERE 条件${why.zh}，语句会扫描并锁住整张表。`,
            en: `No index of ${source.table} serves this WHERE condition${why.en}, so the statement scans and locks the whole table.`,
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};

/** Whether some index of the table can narrow the rows read: a leading index column in an AND, in every OR branch. */
function usesIndex(expr: AstNode, source: Source, sources: Source[]): boolean {
  const operator = operatorOf(expr);
  if (operator === 'AND') {
    return usesIndex(child(expr, 'left')!, source, sources) || usesIndex(child(expr, 'right')!, source, sources);
  }
  if (operator === 'OR') {
    return usesIndex(child(expr, 'left')!, source, sources) && usesIndex(child(expr, 'right')!, source, sources);
  }
  if (!operator || !indexable.has(operator)) return false;
  const sides = [child(expr, 'left'), child(expr, 'right')];
  return sides.some((side, i) => {
    const ref = columnRef(side);
    if (!ref || ownedSource(ref, sources) !== source || !leadsIndex(source.def!, ref.column)) return false;
    // Only the left side of IN, BETWEEN, LIKE and IS is the column.
    if (i === 1 && !['=', '<', '<=', '>', '>=', '<>', '!='].includes(operator)) return false;
    const other = sides[1 - i];
    if (columnsIn(other).some(({ ref: r }) => ownedSource(r, sources) === source)) return false;
    if (operator === 'LIKE') {
      const pattern = literalValue(other);
      return typeof pattern !== 'string' || !/^[%_]/.test(pattern);
    }
    return true;
  });
}
