import { analyze, statementRules } from '@sqltune/engine';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../test-support/corpus.ts';
import { loadRuleFixtures } from '../../../test-support/rule-fixtures.ts';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { getAdminPool, shutdownMariaDb } from '../src/mariadb/server.ts';
import { TPCH_SCHEMA, tpchRows } from '../src/test-support/tpch.ts';
import { EVENTS_ROWS, eventsSchema, LABELS_ROWS } from './rewrite-cases.ts';

/**
 * The MySQL-dialect rewrites on real rows, as rewrites-on-tpch.test.ts does for PostgreSQL: the TPC-H
 * sample and the small `events` table (NULLs, repeats, day boundaries, a DATETIME and a TIMESTAMP column)
 * loaded into a fresh database on the MariaDB sandbox, each statement run before and after the engine's
 * rewrite, results compared as multisets. DATE(...) is MySQL's; the rest checks MySQL's own semantics
 * (collations, type conversions, HAVING's name resolution) against the rewrites. The statements are the rules'
 * fixture cases marked `-- verify: true` or `only` for MySQL (each rule's .sql file, test-support/rule-fixtures.ts).
 */
const cases = loadRuleFixtures().equivalenceCases.filter((c) => c.dialect === 'mysql');

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

    it.each(cases)('$rule: $sql', async ({ rule, sql, source }) => {
      const analysis = analyze({ sql, dialect: 'mysql', schemaText });
      const step = analysis.statements[0]!.steps.find((s) => s.rule.id === rule);
      expect(step, `the rewrite fires (${source})`).toBeDefined();
      const [before] = await connection.query({ sql: step!.before, rowsAsArray: true });
      const [after] = await connection.query({ sql: step!.after, rowsAsArray: true });
      expect((before as unknown[]).length, `a non-empty result (${source})`).toBeGreaterThan(0);
      expect(multiset(after as unknown[]), source).toEqual(multiset(before as unknown[]));
    });
  },
);

function multiset(rows: unknown[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}
