import { allDialects, type Rule } from '../../rule.ts';
import { keyDefinitions, keyLabel, keyPartSpan, matchIn } from './ddl.ts';

/** Past this many columns a composite index rarely serves a query better than a shorter one. */
export const MAX_INDEX_COLUMNS = 5;

/** A primary key, unique key or index of more than five columns, in CREATE TABLE, ALTER TABLE or CREATE INDEX. */
export const indexTooManyColumns: Rule = {
  id: 'index-too-many-columns',
  category: 'Other',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'CREATE INDEX idx_orders_everything ON orders (o_custkey, o_orderstatus, o_orderdate, o_orderpriority, o_clerk, o_shippriority)',
    good: 'CREATE INDEX idx_orders_cust_date ON orders (o_custkey, o_orderdate)',
  },
  rewrites: false,
  title: { zh: '索引包含的列过多', en: 'Index with too many columns' },
  rationale: {
    zh: `超过 ${MAX_INDEX_COLUMNS} 列的复合索引很少比更短的索引更有用：查询只能按最左前缀使用它，后面的列往往用不上；键越长，每页容纳的条目越少，索引更大更深；每次写入都要维护所有这些列。在 InnoDB 中每个二级索引还附带主键列，过长的主键会让所有二级索引一起变大。请按实际查询的等值列和范围/排序列设计较短的索引。`,
    en: `A composite index of more than ${MAX_INDEX_COLUMNS} columns rarely beats a shorter one: queries use it by its leftmost prefix only, so the trailing columns seldom help; longer keys fit fewer entries a page, making the index bigger and deeper; and every write maintains all those columns. In InnoDB every secondary index also carries the primary key, so a long primary key inflates every other index. Design shorter indexes from the equality columns, then the range or sort column, of real queries.`,
  },
  detect({ statement }) {
    return keyDefinitions(statement.ast)
      .filter((key) => key.kind !== 'foreign' && key.parts.length > MAX_INDEX_COLUMNS)
      .map((key) =>
        matchIn(keyPartSpan(statement, key.parts[0]!), {
          zh: `索引 ${keyLabel(key)} 有 ${key.parts.length} 列，超过 ${MAX_INDEX_COLUMNS} 列。`,
          en: `Index ${keyLabel(key)} has ${key.parts.length} columns, more than ${MAX_INDEX_COLUMNS}.`,
        }),
      );
  },
};
