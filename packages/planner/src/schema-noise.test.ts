import type { Dialect } from '@sqltune/contracts';
import { parseSchema } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { classifyDdl as classifyMariaDb } from './mariadb/ddl.ts';
import { classifyDdl as classifyPostgres } from './pglite/ddl.ts';
import { tokenize } from './sql-text.ts';

/**
 * The structure check (engine) and the sandboxes' allow lists decide alone which statements of a structure script are
 * noise. If they disagree, a structure the check accepted fails with 4203 only when it is planned (`RESET` and `END`
 * in a MySQL script did, `USE db` in a PostgreSQL one). Both read one list now; this holds them together.
 */
const SCRIPT_STATEMENTS = [
  'SET x = 1',
  'RESET ALL',
  'USE db',
  'LOCK TABLES t WRITE',
  'UNLOCK TABLES',
  'BEGIN',
  'COMMIT',
  'START TRANSACTION',
  'END',
  'ROLLBACK',
  'GRANT SELECT ON t TO u',
  'REVOKE SELECT ON t FROM u',
  'SOURCE x.sql',
  'FLUSH LOGS',
  // A dump's rows (INSERT ... VALUES), a history's data steps (INSERT ... SELECT, UPDATE, DELETE, TRUNCATE) and
  // code are blanked before, with a note (dump-data.ts, skipped-code.ts): no sandbox sees them.
  'CALL refresh()',
];

const sandboxes: Record<Dialect, typeof classifyPostgres> = {
  postgresql: classifyPostgres,
  mysql: classifyMariaDb,
};

function checkAccepts(statement: string, dialect: Dialect): boolean {
  try {
    parseSchema(`CREATE TABLE t (a int);\n${statement};`, dialect);
    return true;
  } catch {
    return false;
  }
}

describe('structure noise: the check and the sandbox agree', () => {
  it.each(['postgresql', 'mysql'] as const)('%s: a statement the check passes as noise is skipped unrun', (dialect) => {
    const disagreements = SCRIPT_STATEMENTS.flatMap((statement) => {
      const accepted = checkAccepts(statement, dialect);
      const skipped = sandboxes[dialect](tokenize(statement, dialect)).action === 'skip';
      return accepted === skipped
        ? []
        : [`${statement}: check ${accepted ? 'accepts' : 'refuses'}, sandbox ${skipped ? 'skips' : 'does not skip'}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('takes statements of the other dialect as what they are there', () => {
    expect(checkAccepts('USE db', 'mysql')).toBe(true);
    expect(checkAccepts('USE db', 'postgresql')).toBe(false);
    expect(checkAccepts('RESET ALL', 'postgresql')).toBe(true);
    expect(checkAccepts('RESET ALL', 'mysql')).toBe(false);
  });
});
