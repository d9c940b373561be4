import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';

/**
 * Issue 11: a statement copied out of a MyBatis mapper, `#{}` parameters and all, pasted as plain SQL. MariaDB reads
 * `#{id} AND ...` as a comment to the end of the line, so the sandbox refused it (1064 at the line's end). The
 * optimizer now gets them as `?` and plans them as parameters, with a note; the report keeps the text as written.
 */
const schemaText = [
  'CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(16) NOT NULL, created DATE NOT NULL);',
  '-- sqltune:stats orders rows=2000000',
  '-- sqltune:stats orders.customer_id distinct=200000',
].join('\n');

const available = serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary);

afterAll(() => shutdownMariaDb());

describe.runIf(available)('MyBatis #{} parameters in SQL pasted on MariaDB', { timeout: 120_000 }, () => {
  it('are planned as parameters, with an index advised and a note', async () => {
    const sql = 'SELECT id, status FROM orders WHERE customer_id = #{customerId} AND created > #{since,jdbcType=DATE}';
    const report = await optimize(
      { sql, dialect: 'mysql', schemaText },
      { planners: { mysql: mariadbPlanner }, engineVersion: 'test' },
    );
    const [statement] = report.statements;
    expect(statement!.errors).toEqual([]);
    expect(statement!.original).toBe(sql);
    expect(statement!.plan.before?.root).toBeDefined();
    expect(statement!.indexes.map((i) => i.columns[0])).toContain('customer_id');
    const notes = report.warnings.map((w) => w.message.en).join('\n');
    expect(notes).toContain('#{customerId}, #{since,jdbcType=DATE} were treated as bind parameters (?)');
  });

  it('leave ${} text to the database, which says where it fails', async () => {
    const sql = 'SELECT id FROM orders WHERE customer_id = 7 ORDER BY ${column}';
    const report = await optimize(
      { sql, dialect: 'mysql', schemaText },
      { planners: { mysql: mariadbPlanner }, engineVersion: 'test', statementErrors: 'report' },
    );
    const [statement] = report.statements;
    expect(statement!.plan.before).toBeNull();
    expect(statement!.errors[0]?.code).toBe(4202);
    expect(statement!.rules.map((f) => f.id)).toContain('template-placeholder-in-sql');
  });
});
