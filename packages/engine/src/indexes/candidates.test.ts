import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { indexCandidates } from './candidates.ts';

const schema = parseSchema(
  `CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT, o_status CHAR(1), o_orderdate DATE, o_clerk VARCHAR(15), KEY k_clerk (o_clerk));`,
  'mysql',
);

function candidates(sql: string) {
  return indexCandidates(parseStatements(sql, 'mysql')[0]!, schema).map((c) => c.ddl);
}

describe('index candidates', () => {
  it('puts equality columns first, then one range column', () => {
    expect(
      candidates("SELECT 1 FROM orders WHERE o_custkey = 7 AND o_status = 'F' AND o_orderdate > '1995-01-01'")[0],
    ).toBe(
      'CREATE INDEX `idx_orders_o_custkey_o_status_o_orderdate` ON `orders` (`o_custkey`, `o_status`, `o_orderdate`);',
    );
  });

  it('skips columns an existing index already leads with', () => {
    expect(candidates("SELECT 1 FROM orders WHERE o_clerk = 'x'")).toEqual([]);
    expect(candidates('SELECT 1 FROM orders WHERE o_orderkey = 1')).toEqual([]);
  });

  it('counts a prefix LIKE as a range and ignores a leading wildcard', () => {
    expect(candidates("SELECT 1 FROM orders o WHERE o.o_status LIKE 'F%'")).toEqual([
      'CREATE INDEX `idx_orders_o_status` ON `orders` (`o_status`);',
    ]);
    expect(candidates("SELECT 1 FROM orders WHERE o_status LIKE '%F'")).toEqual([]);
  });

  it('proposes nothing that a unique key already pins to one row', () => {
    // o_orderkey is the primary key: (o_orderkey, o_status) finds the same single row as the key itself.
    expect(candidates("SELECT 1 FROM orders WHERE o_orderkey = 7 AND o_status = 'F'")).toEqual([
      'CREATE INDEX `idx_orders_o_status` ON `orders` (`o_status`);',
    ]);
  });

  it('proposes nothing on a table the statistics say is tiny', () => {
    const small = parseSchema(
      'CREATE TABLE nation (n_nationkey INT PRIMARY KEY, n_name CHAR(25));\n-- sqltune:stats nation rows=25',
      'mysql',
    );
    const big = parseSchema(
      'CREATE TABLE nation (n_nationkey INT PRIMARY KEY, n_name CHAR(25));\n-- sqltune:stats nation rows=25000',
      'mysql',
    );
    const sql = "SELECT 1 FROM nation WHERE n_name = 'FRANCE'";
    expect(indexCandidates(parseStatements(sql, 'mysql')[0]!, small)).toEqual([]);
    expect(indexCandidates(parseStatements(sql, 'mysql')[0]!, big)).toHaveLength(1);
  });

  it('proposes nothing for columns it cannot place in the schema', () => {
    expect(candidates('SELECT 1 FROM lineitem WHERE l_orderkey = 1')).toEqual([]);
  });
});
