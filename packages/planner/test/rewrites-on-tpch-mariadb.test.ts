import { analyze, statementRules } from '@sqltune/engine';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../test-support/corpus.ts';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { getAdminPool, shutdownMariaDb } from '../src/mariadb/server.ts';
import { TPCH_SCHEMA, tpchRows } from '../src/test-support/tpch.ts';
import type { EquivalenceCase } from './equivalence/case.ts';
import { familyMysqlCases } from './equivalence/index.ts';
import { EVENTS_ROWS, eventsSchema, LABELS_ROWS } from './rewrite-cases.ts';

/**
 * The MySQL-dialect rewrites on real rows, as rewrites-on-tpch.test.ts does for PostgreSQL: the TPC-H
 * sample and the small `events` table (NULLs, repeats, day boundaries, a DATETIME and a TIMESTAMP column)
 * loaded into a fresh database on the MariaDB sandbox, each statement run before and after the engine's
 * rewrite, results compared as multisets. DATE(...) is MySQL's; the rest checks MySQL's own semantics
 * (collations, type conversions, HAVING's name resolution) against the rewrites.
 */
const coreCases: EquivalenceCase[] = [
  { rule: 'year-to-range', sql: 'SELECT o_orderkey, o_orderdate FROM orders WHERE YEAR(o_orderdate) = 1995' },
  {
    rule: 'subquery-distinct',
    sql: "SELECT c_custkey FROM customer WHERE c_custkey IN (SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F')",
  },
  // date-function-to-range
  { rule: 'redundant-date-cast', sql: "SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) = '1996-01-02'" },
  {
    rule: 'redundant-date-cast',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS DATE) <= '1992-04-30'",
  },
  { rule: 'date-function-to-range', sql: "SELECT id FROM events WHERE DATE(ts) = '2024-02-29'" },
  {
    rule: 'date-function-to-range',
    sql: "SELECT id FROM events WHERE DATE(tz) = '2024-02-29' OR DATE(tz) = '2024-01-01'",
  },
  {
    rule: 'date-function-to-range',
    sql: "SELECT id FROM events WHERE DATE(ts) <= '2023-12-31' OR CAST(ts AS DATE) > '2024-02-29'",
  },
  {
    rule: 'date-function-to-range',
    sql: "SELECT id FROM events WHERE '2024-02-28' < DATE(ts) AND DATE(tz) < '2024-03-01'",
  },
  // move-arithmetic-to-constant
  { rule: 'move-arithmetic-to-constant', sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey + 10 <= 3829674' },
  {
    rule: 'move-arithmetic-to-constant',
    sql: 'SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_quantity - 5 >= 40 AND 1 + l_linenumber = 3',
  },
  { rule: 'move-arithmetic-to-constant', sql: 'SELECT id FROM events WHERE grp + 1 > 2 OR amount - 5 <= 10' },
  // or-same-column
  {
    rule: 'or-same-column',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' OR o_orderpriority = '5-LOW'",
  },
  { rule: 'or-same-column', sql: "SELECT id, label = 'a' OR label = 'b' OR label = 'c' AS listed FROM events" },
  // in-list-duplicates
  {
    rule: 'in-list-duplicates',
    sql: "SELECT c_custkey FROM customer WHERE c_mktsegment IN ('BUILDING', 'MACHINERY', 'BUILDING')",
  },
  { rule: 'in-list-duplicates', sql: 'SELECT id, grp NOT IN (1, 4, 1) AS other FROM events' },
  // always-true-predicate
  { rule: 'always-true-predicate', sql: 'SELECT n_name FROM nation WHERE 1 = 1 AND n_regionkey = 2' },
  { rule: 'always-true-predicate', sql: 'SELECT id FROM events WHERE grp IS NULL AND (1 = 1)' },
  // count-for-existence
  {
    rule: 'count-for-existence',
    sql: 'SELECT s_suppkey FROM supplier s WHERE (SELECT COUNT(*) FROM partsupp ps WHERE ps.ps_suppkey = s.s_suppkey) > 0',
  },
  {
    rule: 'count-for-existence',
    sql: 'SELECT e.id, (SELECT COUNT(*) FROM events f WHERE f.grp = e.grp AND f.id <> e.id) = 0 AS alone FROM events e',
  },
  // distinct-with-group-by
  { rule: 'distinct-with-group-by', sql: 'SELECT DISTINCT o_orderstatus, COUNT(*) FROM orders GROUP BY o_orderstatus' },
  { rule: 'distinct-with-group-by', sql: 'SELECT DISTINCT label, COUNT(*) FROM events GROUP BY label' },
  // having-without-aggregate (with the schema, so numbers compare with numeric columns)
  {
    rule: 'having-without-aggregate',
    sql: "SELECT o_custkey, COUNT(*) FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'P' GROUP BY o_custkey HAVING o_custkey < 50000",
  },
  // 'a' and 'A' are one group under the sandbox's case-insensitive collation: = treats them alike too.
  {
    rule: 'having-without-aggregate',
    sql: "SELECT label, COUNT(*) FROM events GROUP BY label HAVING (label = 'a' OR label IS NULL) AND COUNT(*) >= 1",
  },
  // order-by-in-derived-table
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.o_orderstatus, COUNT(*), SUM(x.o_totalprice) FROM (SELECT o_orderstatus, o_totalprice FROM orders ORDER BY o_totalprice DESC) x GROUP BY x.o_orderstatus',
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.grp, COUNT(*) FROM (SELECT grp FROM events ORDER BY ts) x GROUP BY x.grp ORDER BY x.grp',
  },
  // not-in-subquery
  {
    rule: 'not-in-subquery',
    sql: "SELECT s_suppkey FROM supplier WHERE s_suppkey NOT IN (SELECT ps_suppkey FROM partsupp WHERE ps_availqty > 5000 OR ps_comment LIKE '%final%')",
  },
  { rule: 'not-in-subquery', sql: 'SELECT id FROM events WHERE flag NOT IN (SELECT id FROM events WHERE grp = 1)' },
  // select-star
  { rule: 'select-star', sql: 'SELECT * FROM nation WHERE n_regionkey = 1' },
  { rule: 'select-star', sql: 'SELECT e.*, n_name FROM events e, nation WHERE n_nationkey = e.grp' },
];
const cases = [...coreCases, ...familyMysqlCases];

const tables = ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem'];
const schemaText = `${TPCH_SCHEMA}\n${eventsSchema('mysql')}`;
const database = `sqltune_rewrites_${process.pid}_${Date.now()}`;

describe.runIf(serviceAvailable('MariaDB', mariadbBinary) && corpusAvailable())(
  'rewrites keep results on the TPC-H sample data (MariaDB)',
  () => {
    let connection: mysql.PoolConnection;

    beforeAll(async () => {
      const { pool } = await getAdminPool();
      connection = await pool.getConnection();
      await connection.query(`CREATE DATABASE ${database}`);
      await connection.query(`USE ${database}`);
      // The sample is a slice of each table: its foreign keys need not hold.
      await connection.query('SET foreign_key_checks = 0');
      for (const statement of schemaText.split(';').filter((s) => s.trim() && !/^\s*(--[^\n]*\s*)*$/.test(s))) {
        await connection.query(statement);
      }
      for (const table of tables) {
        const { columns, rows } = tpchRows(table);
        for (let i = 0; i < rows.length; i += 500) {
          const values = rows
            .slice(i, i + 500)
            .map(
              (row) =>
                `(${row.map((v) => (v === '' ? 'NULL' : `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`)).join(', ')})`,
            );
          await connection.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`);
        }
      }
      await connection.query(`INSERT INTO events VALUES ${EVENTS_ROWS}`);
      await connection.query(`INSERT INTO labels VALUES ${LABELS_ROWS}`);
    });

    afterAll(async () => {
      if (connection) {
        await connection.query(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
        connection.release();
      }
      await shutdownMariaDb();
    });

    it('has a case for every rewriting rule', () => {
      const rewriting = statementRules.filter((r) => r.rewrites && r.dialects.includes('mysql')).map((r) => r.id);
      expect(rewriting.filter((id) => !cases.some((c) => c.rule === id))).toEqual([]);
    });

    it.each(cases)('$rule: $sql', async ({ rule, sql }) => {
      const analysis = analyze({ sql, dialect: 'mysql', schemaText });
      const step = analysis.statements[0]!.steps.find((s) => s.rule.id === rule);
      expect(step, 'the rewrite fires').toBeDefined();
      const [before] = await connection.query({ sql: step!.before, rowsAsArray: true });
      const [after] = await connection.query({ sql: step!.after, rowsAsArray: true });
      expect((before as unknown[]).length, 'a non-empty result').toBeGreaterThan(0);
      expect(multiset(after as unknown[])).toEqual(multiset(before as unknown[]));
    });
  },
);

function multiset(rows: unknown[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}
