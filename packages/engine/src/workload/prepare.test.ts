import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSchema } from '../schema/parse-schema.ts';
import { MAX_PLANNED_STATEMENTS, prepareWorkload } from './prepare.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const schemaSql = `CREATE TABLE customers (id int PRIMARY KEY, email varchar(100) NOT NULL, country char(2) NOT NULL);
CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status varchar(10) NOT NULL,
  created_at date NOT NULL, total numeric(10,2) NOT NULL);`;

describe('prepareWorkload: what is planned, what is a write', () => {
  it('digest table: SELECTs and the UPDATE planned, writes on orders with the columns an UPDATE assigns', () => {
    const prepared = prepareWorkload(fixture('mysql-digest-table.txt'), 'mysql', parseSchema(schemaSql, 'mysql'));
    expect(prepared.weighting).toBe('time');
    const byKind = (kind: string) => prepared.statements.filter((s) => s.kind === kind);
    expect(byKind('select').every((s) => s.planned)).toBe(true);
    expect(byKind('update')[0]).toMatchObject({ planned: true, writes: { table: 'orders', columns: ['status'] } });
    // The INSERT's collapsed VALUES list does not parse; its table is read from its first words.
    expect(byKind('insert')[0]).toMatchObject({ planned: false, writes: { table: 'orders', columns: 'all' } });
    expect(byKind('delete')[0]).toMatchObject({ planned: false, writes: { table: 'orders', columns: 'all' } });
    // TRUNCATE of a performance_schema table reads no table of the structure.
    const other = prepared.statements.find((s) => /TRUNCATE/.test(s.entry.text))!;
    expect(other.planned).toBe(false);
    expect(other.skipped?.en).toMatch(/reads no table of the structure/);
  });

  it('pg_stat_statements: a MERGE is a write of every column of its target, not a query', () => {
    const text = [
      ' query | calls | total_exec_time',
      '-------+-------+----',
      ' MERGE INTO orders o USING customers c ON o.customer_id = c.id WHEN MATCHED THEN DELETE | 3 | 9',
      ' SELECT id FROM customers WHERE email = $1 | 5 | 7',
    ].join('\n');
    const prepared = prepareWorkload(text, 'postgresql', parseSchema(schemaSql, 'postgresql'));
    const [merge, select] = prepared.statements;
    expect(merge).toMatchObject({ kind: 'merge', planned: false, writes: { table: 'orders', columns: 'all' } });
    expect(merge!.skipped?.en).toMatch(/^A write/);
    expect(select).toMatchObject({ kind: 'select', planned: true });
    expect(select!.writes).toBeUndefined();
  });

  it('slow log: setup statements without tables of the structure are not planned', () => {
    const prepared = prepareWorkload(fixture('mariadb-slow.log'), 'mysql', parseSchema(schemaSql, 'mysql'));
    const planned = prepared.statements.filter((s) => s.planned).map((s) => s.sql);
    expect(planned).toContainEqual(expect.stringMatching(/^SELECT id, total FROM orders WHERE customer_id = \d+$/));
    expect(planned.some((sql) => /^(CREATE|ANALYZE|SELECT 1$|SELECT DATABASE)/i.test(sql))).toBe(false);
  });

  it(`keeps the ${MAX_PLANNED_STATEMENTS} statements that took the most time`, () => {
    const rows = Array.from(
      { length: MAX_PLANNED_STATEMENTS + 5 },
      (_, i) => ` SELECT id FROM orders WHERE id = ${i} | 1 | ${i + 1}`,
    );
    const text = [' query | calls | total_exec_time', '-------+-------+----', ...rows].join('\n');
    const prepared = prepareWorkload(text, 'postgresql', parseSchema(schemaSql, 'postgresql'));
    const left = prepared.statements.filter((s) => !s.planned);
    expect(left.map((s) => s.entry.totalMs)).toEqual([1, 2, 3, 4, 5]);
    expect(left[0]!.skipped?.en).toMatch(/Not among the 20 statements that took the most time/);
  });

  it('weighs by calls when a statement has no measured time (mysqldumpslow prints 0.00s)', () => {
    const prepared = prepareWorkload(fixture('mysqldumpslow.txt'), 'mysql', parseSchema(schemaSql, 'mysql'));
    const range = prepared.statements.find((s) => /status = 'S'/.test(s.entry.text))!;
    expect(range.entry.totalMs).toBe(0);
    expect(prepared.weighting).toBe('calls');
  });
});
