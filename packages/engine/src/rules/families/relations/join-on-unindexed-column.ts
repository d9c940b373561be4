import { type AstNode, child, columnRef } from '../../../model/ast.ts';
import { leadsIndex } from '../../../schema/model.ts';
import { ctesOf, ownedColumn, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { conjuncts, operatorOf } from './helpers.ts';

/**
 * `a.x = b.y` where neither x nor y starts any index: the join cannot look rows up on either side and
 * has to scan both tables (hash join or block nested loop). Reported as information: for large joins a
 * hash join is often right, but for a selective join an index on one side is usually what was meant.
 */
export const joinOnUnindexedColumn: Rule = {
  id: 'join-on-unindexed-column',
  category: 'Index Usage',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT s.s_name, c.c_name FROM supplier s JOIN customer c ON c.c_phone = s.s_phone',
    good: 'SELECT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
  },
  rewrites: false,
  title: { zh: '连接列两侧都没有索引', en: 'Join columns indexed on neither side' },
  rationale: {
    zh: '等值连接的两列都不是任何索引的首列时，数据库无法按连接键查找行，只能把两张表都扫描一遍再做哈希连接或块嵌套循环。大表之间的全量连接这样做可能是合理的；但如果连接很有选择性（例如外层只取少量行），请在被查找一侧的连接列上建立索引。',
    en: 'When neither column of an equality join starts an index, rows cannot be looked up by the join key: both tables are scanned and joined by hash or block nested loop. That can be right for a full join of large tables; for a selective join (few outer rows), index the join column on the looked-up side.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      if (sources.length < 2) continue;
      // A MERGE's ON is on the statement itself.
      const conditions = [
        child(query, 'where'),
        child(query, 'on'),
        ...sources.map((s) => child(s.node, 'on')),
      ].flatMap(conjuncts);
      // Grouped by pair of tables: one indexed column among their equalities is enough (a composite key).
      const pairs = new Map<string, { first: AstNode; a: string; b: string; indexed: boolean }>();
      for (const condition of conditions) {
        if (operatorOf(condition) !== '=') continue;
        const leftRef = columnRef(child(condition, 'left'));
        const rightRef = columnRef(child(condition, 'right'));
        const left = leftRef && ownedColumn(leftRef, sources);
        const right = rightRef && ownedColumn(rightRef, sources);
        if (!left || !right || left.source === right.source) continue;
        const indexed =
          leadsIndex(left.source.def!, left.column.name) || leadsIndex(right.source.def!, right.column.name);
        const key = [left.source.name, right.source.name].sort().join(' ');
        const pair = pairs.get(key);
        if (pair) pair.indexed ||= indexed;
        else {
          pairs.set(key, {
            first: condition,
            a: `${left.source.table}.${left.column.name}`,
            b: `${right.source.table}.${right.column.name}`,
            indexed,
          });
        }
      }
      for (const { first, a, b, indexed } of pairs.values()) {
        if (indexed) continue;
        matches.push(
          matchAt(
            first,
            {
              zh: `${a} 和 ${b} 都不是任何索引的首列，这个连接无法按键查找，只能扫描两张表。`,
              en: `Neither ${a} nor ${b} starts an index, so the join cannot look rows up and scans both tables.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};
