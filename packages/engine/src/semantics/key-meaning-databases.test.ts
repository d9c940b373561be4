import { execFileSync } from 'node:child_process';
import type { Dialect } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mariadbBinary,
  postgresBinDir,
  type RunningMariadb,
  type RunningPostgres,
  serviceAvailable,
  startMariadb,
  startPostgres,
} from '../../../../test-support/services.ts';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, columnRef } from '../model/ast.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { groupKeyMeaning, type KeyMeaning, orderKeyMeaning, querySources } from './scope.ts';

/**
 * What an ORDER BY / GROUP BY name means, held to the databases themselves: for each statement, what
 * orderKeyMeaning / groupKeyMeaning say it sorts or groups by, and the server's rows, which must be those of the
 * statement written with that meaning and not those of the other reading. The rows are chosen so the two readings
 * differ (orders.total and status sort the ids differently; total % 2 and total group them differently).
 */
const setup = `CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, total INT, status INT);
INSERT INTO orders VALUES (1, 1, 100, 5), (2, 1, 1, 1), (3, 2, 50, 9), (4, 3, 7, 2), (5, 3, 8, 3), (6, 3, 9, 4);`;

interface Case {
  what: string;
  clause: 'order' | 'group';
  sql: string;
  /** The meaning of the clause's first key: `item`/`input` and the column it reads or the expression's node type. */
  meaning: string;
  /** The statement as the meaning reads it: the same rows. */
  same: string;
  /** The other reading: other rows. */
  other: string;
}

const grouped = 'SELECT customer_id, COUNT(*) AS total FROM orders GROUP BY customer_id';
const cases: Case[] = [
  {
    what: 'an ORDER BY name is the output column before the table column of that name',
    clause: 'order',
    sql: 'SELECT id, status AS total FROM orders ORDER BY total, id',
    meaning: 'item status',
    same: 'SELECT id, status AS total FROM orders ORDER BY status, id',
    other: 'SELECT id, status AS total FROM orders ORDER BY orders.total, id',
  },
  {
    what: 'an ORDER BY name that is an aggregate alias sorts by the aggregate',
    clause: 'order',
    sql: `${grouped} ORDER BY total DESC, customer_id`,
    meaning: 'item aggr_func',
    same: `${grouped} ORDER BY COUNT(*) DESC, customer_id`,
    other: `${grouped} ORDER BY customer_id`,
  },
  {
    what: 'a name inside an ORDER BY expression is the table column',
    clause: 'order',
    sql: 'SELECT id, status AS total FROM orders ORDER BY total + 0, id',
    meaning: 'input binary_expr',
    same: 'SELECT id, status AS total FROM orders ORDER BY orders.total + 0, id',
    other: 'SELECT id, status AS total FROM orders ORDER BY status + 0, id',
  },
  {
    what: 'an ORDER BY position is that select item',
    clause: 'order',
    sql: 'SELECT id, status FROM orders ORDER BY 2, 1',
    meaning: 'item status',
    same: 'SELECT id, status FROM orders ORDER BY status, id',
    other: 'SELECT id, status FROM orders ORDER BY id',
  },
  {
    what: 'a GROUP BY name is the table column before the output column of that name',
    clause: 'group',
    sql: 'SELECT total % 2 AS total, COUNT(*) AS n FROM orders GROUP BY total ORDER BY 1, 2',
    meaning: 'input total',
    same: 'SELECT total % 2 AS total, COUNT(*) AS n FROM orders GROUP BY orders.total ORDER BY 1, 2',
    other: 'SELECT total % 2 AS total, COUNT(*) AS n FROM orders GROUP BY total % 2 ORDER BY 1, 2',
  },
  {
    what: 'a GROUP BY name no table has is the output column',
    clause: 'group',
    sql: 'SELECT status % 2 AS parity, COUNT(*) AS n FROM orders GROUP BY parity ORDER BY 1, 2',
    meaning: 'item binary_expr',
    same: 'SELECT status % 2 AS parity, COUNT(*) AS n FROM orders GROUP BY status % 2 ORDER BY 1, 2',
    other: 'SELECT status % 2 AS parity, COUNT(*) AS n FROM orders GROUP BY status ORDER BY 1, 2',
  },
];

function engineMeaning(sql: string, clause: Case['clause'], dialect: Dialect): string {
  const schema = parseSchema(setup, dialect);
  const query = parseStatements(sql, dialect)[0]!.ast;
  let meaning: KeyMeaning | undefined;
  if (clause === 'order') {
    meaning = orderKeyMeaning(query, (query.orderby as AstNode[])[0]!.expr as AstNode);
  } else {
    const groupby = query.groupby as AstNode;
    const keys = (Array.isArray(groupby) ? groupby : groupby.columns) as AstNode[];
    meaning = groupKeyMeaning(query, keys[0]!, querySources(query, schema, query));
  }
  if (!meaning) return 'unknown';
  const ref = columnRef(meaning.expr);
  return `${meaning.item ? 'item' : 'input'} ${ref ? ref.column : meaning.expr.type}`;
}

function heldToTheDatabase(dialect: Dialect, run: (sql: string) => string) {
  it.each(cases)('$what', ({ sql, clause, meaning, same, other }) => {
    expect(engineMeaning(sql, clause, dialect)).toBe(meaning);
    const rows = run(sql);
    expect(rows).toBe(run(same));
    expect(rows).not.toBe(run(other));
  });
}

describe.skipIf(!serviceAvailable('PostgreSQL', postgresBinDir))('ORDER BY and GROUP BY names on PostgreSQL', () => {
  let server: RunningPostgres;
  const psql = (sql: string) => execFileSync('psql', [server.url, '-XAtq', '-c', sql], { encoding: 'utf8' });
  beforeAll(async () => {
    server = await startPostgres();
    psql(setup);
  });
  afterAll(async () => server?.stop());
  heldToTheDatabase('postgresql', psql);
});

describe.skipIf(!serviceAvailable('MariaDB', mariadbBinary))('ORDER BY and GROUP BY names on MariaDB', () => {
  let server: RunningMariadb;
  const mariadb = (sql: string) =>
    execFileSync('mariadb', ['--no-defaults', `--socket=${server.socket}`, '-uroot', '-B', 'test', '-e', sql], {
      encoding: 'utf8',
    });
  beforeAll(async () => {
    server = await startMariadb();
    mariadb(setup);
  });
  afterAll(async () => server?.stop());
  heldToTheDatabase('mysql', mariadb);
});
