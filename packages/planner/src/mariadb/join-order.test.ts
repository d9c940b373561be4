import { describe, expect, it } from 'vitest';
import { forceJoinOrder, topBlockJoinOrder } from './join-order.ts';
import { explainTable } from './plan-json.ts';

const row = (id: number, selectType: string, table: string) => ({ id, select_type: selectType, table, type: 'ALL' });

describe('topBlockJoinOrder', () => {
  it("reads the top block's tables in the order the tabular EXPLAIN lists them", () => {
    const raw = explainTable([
      row(1, 'PRIMARY', 'n2'),
      row(1, 'PRIMARY', 'orders'),
      row(1, 'PRIMARY', 'customer'),
      row(2, 'DEPENDENT SUBQUERY', 'lineitem'),
    ]);
    expect(topBlockJoinOrder(raw)).toEqual(['n2', 'orders', 'customer']);
  });

  it('gives nothing when the block joins a materialized subquery or derived table, or for other text', () => {
    expect(topBlockJoinOrder(explainTable([row(1, 'PRIMARY', 'orders'), row(1, 'PRIMARY', '<subquery2>')]))).toBe(
      undefined,
    );
    expect(topBlockJoinOrder(explainTable([row(1, 'PRIMARY', '<derived2>')]))).toBe(undefined);
    expect(topBlockJoinOrder('Seq Scan on orders')).toBe(undefined);
    expect(topBlockJoinOrder('')).toBe(undefined);
  });
});

describe('forceJoinOrder', () => {
  const q7 = `select supp_nation, sum(volume) from (
  select n1.n_name as supp_nation, l_extendedprice as volume
  from supplier, lineitem, orders, customer, nation n1, nation n2
  where s_suppkey = l_suppkey and o_orderkey = l_orderkey and c_custkey = o_custkey
    and s_nationkey = n1.n_nationkey and c_nationkey = n2.n_nationkey
) as shipping group by supp_nation`;

  it('rewrites the one FROM list naming exactly the tables as STRAIGHT_JOINs in that order', () => {
    const forced = forceJoinOrder(q7, ['n2', 'orders', 'customer', 'lineitem', 'supplier', 'n1']);
    expect(forced).toBe(
      q7.replace(
        'from supplier, lineitem, orders, customer, nation n1, nation n2',
        'from nation n2 STRAIGHT_JOIN orders STRAIGHT_JOIN customer STRAIGHT_JOIN lineitem STRAIGHT_JOIN supplier STRAIGHT_JOIN nation n1',
      ),
    );
  });

  it('reads aliases with AS, quoted and qualified names', () => {
    const sql = 'SELECT 1 FROM shop.orders AS o, `line items` l WHERE o.id = l.order_id';
    expect(forceJoinOrder(sql, ['l', 'o'])).toBe(
      'SELECT 1 FROM `line items` l STRAIGHT_JOIN shop.orders AS o WHERE o.id = l.order_id',
    );
  });

  it("moves inner joins' ON conditions into the WHERE clause, where they mean the same", () => {
    expect(
      forceJoinOrder(
        'SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id INNER JOIN items i ON i.order_id = o.id WHERE c.city = 1 ORDER BY o.id',
        ['c', 'i', 'o'],
      ),
    ).toBe(
      'SELECT o.id FROM customers c STRAIGHT_JOIN items i STRAIGHT_JOIN orders o WHERE (c.id = o.customer_id) AND (i.order_id = o.id) AND (c.city = 1) ORDER BY o.id',
    );
    expect(forceJoinOrder('SELECT 1 FROM a JOIN b ON (a.id = b.id AND b.x > 0) GROUP BY a.k', ['b', 'a'])).toBe(
      'SELECT 1 FROM b STRAIGHT_JOIN a WHERE ((a.id = b.id AND b.x > 0)) GROUP BY a.k',
    );
    expect(forceJoinOrder('SELECT 1 FROM a CROSS JOIN b', ['b', 'a'])).toBe('SELECT 1 FROM b STRAIGHT_JOIN a');
  });

  it('leaves statements it cannot hold to the order', () => {
    // Not the same tables, an outer, USING or natural join, a derived table in the list, duplicate names, two
    // matching lists.
    expect(forceJoinOrder(q7, ['n2', 'orders', 'customer', 'lineitem', 'supplier'])).toBe(undefined);
    expect(forceJoinOrder('SELECT 1 FROM a LEFT JOIN b ON a.id = b.id', ['b', 'a'])).toBe(undefined);
    expect(forceJoinOrder('SELECT 1 FROM a JOIN b USING (id)', ['b', 'a'])).toBe(undefined);
    expect(forceJoinOrder('SELECT 1 FROM a NATURAL JOIN b', ['b', 'a'])).toBe(undefined);
    expect(forceJoinOrder('SELECT 1 FROM a, (SELECT 1 AS id) b', ['b', 'a'])).toBe(undefined);
    expect(forceJoinOrder('SELECT 1 FROM a, b', ['a', 'a'])).toBe(undefined);
    expect(forceJoinOrder('SELECT 1 FROM a, b UNION SELECT 1 FROM b, a', ['b', 'a'])).toBe(undefined);
  });
});
