import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { indexCandidateReport } from '../indexes/candidates.ts';
import { checkSchema } from './checks.ts';
import { withoutForeignData } from './foreign-data.ts';
import { findTable } from './model.ts';
import { parseSchema } from './parse-schema.ts';

/** What pg_dump prints for a database using postgres_fdw. */
const DUMP = `CREATE EXTENSION IF NOT EXISTS postgres_fdw WITH SCHEMA public;
CREATE SERVER remote_pg FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '10.0.0.5', port '5432', dbname 'sales');
ALTER SERVER remote_pg OWNER TO app;
CREATE USER MAPPING FOR app SERVER remote_pg OPTIONS (user 'app', password 's3cret-pass');
CREATE FOREIGN TABLE public.remote_orders (
    id integer OPTIONS (column_name 'id') NOT NULL,
    customer_id integer OPTIONS (column_name 'customer_id'),
    total numeric(10,2)
)
SERVER remote_pg
OPTIONS (schema_name 'public', table_name 'orders');
ALTER FOREIGN TABLE public.remote_orders OWNER TO app;
ALTER FOREIGN TABLE ONLY public.remote_orders ALTER COLUMN total OPTIONS (column_name 'total');
COMMENT ON FOREIGN TABLE public.remote_orders IS 'orders on the sales server';
IMPORT FOREIGN SCHEMA public LIMIT TO (invoices) FROM SERVER remote_pg INTO public;
CREATE TABLE customers (id integer PRIMARY KEY, name text);
-- sqltune:stats remote_orders rows=500000
-- sqltune:stats customers rows=100000
`;

describe('PostgreSQL foreign data in a table structure', () => {
  it('reads a foreign table as the table of its columns, and takes servers and user mappings out', () => {
    const schema = parseSchema(DUMP, 'postgresql');
    const orders = findTable(schema, 'remote_orders')!;
    expect(orders.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'INTEGER'],
      ['customer_id', 'INTEGER'],
      ['total', 'NUMERIC'],
    ]);
    expect(orders).toMatchObject({ line: 5, foreignTable: true });
    expect(findTable(schema, 'customers')?.foreignTable).toBeUndefined();
    // The sandbox's text: a CREATE TABLE at the same place, nothing of the server, its options or the password.
    expect(schema.ddl).toHaveLength(DUMP.length);
    expect(schema.ddl.split('\n')[4]).toMatch(/^CREATE\s+TABLE public\.remote_orders \($/);
    expect(schema.ddl).not.toMatch(/SERVER|MAPPING|OPTIONS|FOREIGN|s3cret|10\.0\.0\.5/);
    expect(schema.notes?.map((n) => n.en)).toEqual([
      expect.stringMatching(/^foreign table\(s\) public\.remote_orders \(line 5\) planned as ordinary tables/),
      'foreign server(s) remote_pg (line 2); user mapping(s) app@remote_pg (line 4); IMPORT FOREIGN SCHEMA public (line 15) in the table structure not run and never sent to a database: the sandbox connects to no foreign server',
    ]);
    expect(schema.notes?.[1]?.zh).toMatch(
      /^表结构中的 外部服务器 remote_pg（第 2 行）；用户映射 app@remote_pg（第 4 行）/,
    );
  });

  it('advises no index on a foreign table and does not ask it for a primary key', () => {
    const schema = parseSchema(DUMP, 'postgresql');
    const [statement] = parseStatements(
      'SELECT c.name FROM customers c JOIN remote_orders o ON o.customer_id = c.id WHERE o.total > 100',
      'postgresql',
    );
    const report = indexCandidateReport(statement!, schema);
    expect(report.candidates.map((c) => c.table)).not.toContain('remote_orders');
    expect(report.skipped).toContainEqual(expect.objectContaining({ table: 'remote_orders', reason: 'foreign-table' }));
    const plain = parseSchema(
      [
        'CREATE TABLE remote_orders (id integer NOT NULL, customer_id integer, total numeric(10,2));',
        'CREATE TABLE customers (id integer PRIMARY KEY, name text);',
        '-- sqltune:stats remote_orders rows=500000',
        '-- sqltune:stats customers rows=100000',
      ].join('\n'),
      'postgresql',
    );
    const plainReport = indexCandidateReport(statement!, plain);
    expect(plainReport.candidates.map((c) => c.table)).toContain('remote_orders');
    const missingKey = (s: typeof schema) =>
      checkSchema(s, 'postgresql').filter((f) => /remote_orders/.test(f.message.en));
    expect(missingKey(schema)).toEqual([]);
    expect(missingKey(plain)).not.toEqual([]);
  });

  it('leaves columns named options or server alone, and everything of a structure without foreign data', () => {
    const text =
      'CREATE FOREIGN TABLE f (options int, server text) SERVER s;\nCREATE TABLE t (options int, server text);';
    const { text: read } = withoutForeignData(text);
    expect(read.split('\n')).toEqual([
      `CREATE         TABLE f (options int, server text) ${' '.repeat('SERVER s'.length)};`,
      'CREATE TABLE t (options int, server text);',
    ]);
    const plain = 'CREATE TABLE t (a int);\nCOMMENT ON TABLE t IS $$SERVER s OPTIONS$$;';
    expect(withoutForeignData(plain)).toEqual({ text: plain, notes: [], foreignTables: [] });
  });

  it('is PostgreSQL only: MySQL keeps refusing such text', () => {
    expect(() => parseSchema("CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (HOST 'h');", 'mysql')).toThrow();
  });
});
