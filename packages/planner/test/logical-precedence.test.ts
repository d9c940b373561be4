import { PGlite } from '@electric-sql/pglite';
import type { Dialect } from '@sqltune/contracts';
import { parseStatements } from '@sqltune/engine';
import nodeSqlParser from 'node-sql-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { getAdminPool, shutdownMariaDb } from '../src/mariadb/server.ts';

/**
 * The engine reads AND, OR and NOT the way the databases evaluate them (node-sql-parser alone reads AND and OR
 * left to right with one precedence; see engine/src/dialect/logical-precedence.ts). Random conditions over three
 * boolean columns, with and without parentheses, are evaluated by the database on all 27 rows of TRUE, FALSE and
 * NULL, and by three-valued logic over the engine's tree; the two must agree on every row.
 */
type Truth = boolean | null;
type Row = [number, Truth, Truth, Truth];

const values: Truth[] = [true, false, null];
const rows: Row[] = values.flatMap((p, i) =>
  values.flatMap((q, j) => values.map((r, k): Row => [i * 9 + j * 3 + k, p, q, r])),
);

/** A deterministic generator (the same conditions on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function condition(next: () => number, dialect: Dialect, depth = 0): string {
  const operand = (): string => {
    const roll = next();
    if (roll < 0.15 && depth < 3) return `NOT ${operand()}`;
    if (roll < 0.35 && depth < 3) return `(${condition(next, dialect, depth + 1)})`;
    return ['p', 'q', 'r'][Math.floor(next() * 3)]!;
  };
  const operators = dialect === 'mysql' ? ['AND', 'OR', 'AND', 'OR', '&&'] : ['AND', 'OR'];
  let text = operand();
  const length = 1 + Math.floor(next() * 4);
  for (let i = 0; i < length; i++) text += ` ${operators[Math.floor(next() * operators.length)]} ${operand()}`;
  return text;
}

function conditions(dialect: Dialect): string[] {
  const next = random(dialect === 'mysql' ? 7 : 11);
  return Array.from({ length: 160 }, () => condition(next, dialect));
}

interface Node {
  type?: string;
  operator?: string;
  name?: { name?: Array<{ value?: string }> };
  args?: { value?: Node[] };
  left?: Node;
  right?: Node;
  expr?: Node;
  column?: string | { expr?: { value?: string } };
  value?: unknown;
}

/** SQL's three-valued logic over a condition tree. */
function evaluate(node: Node, row: Row): Truth {
  if (node.type === 'column_ref') {
    const name = typeof node.column === 'string' ? node.column : node.column?.expr?.value;
    return row[1 + ['p', 'q', 'r'].indexOf(String(name))] as Truth;
  }
  // `NOT (...)` comes from the parser as a function named NOT (the rules know that shape).
  const negated =
    node.type === 'unary_expr' ? node.expr : node.name?.name?.[0]?.value === 'NOT' ? node.args?.value?.[0] : undefined;
  if (negated) {
    const inner = evaluate(negated, row);
    return inner === null ? null : !inner;
  }
  const left = evaluate(node.left!, row);
  const right = evaluate(node.right!, row);
  if (node.operator === 'OR')
    return left === true || right === true ? true : left === null || right === null ? null : false;
  return left === false || right === false ? false : left === null || right === null ? null : true;
}

function engineTree(sql: string, dialect: Dialect): Node {
  return parseStatements(`SELECT id FROM v WHERE ${sql}`, dialect)[0]!.ast.where as Node;
}

function parserOnlyTree(sql: string, dialect: Dialect): Node {
  const ast = new nodeSqlParser.Parser().astify(`SELECT id FROM v WHERE ${sql}`, { database: dialect });
  const select = (Array.isArray(ast) ? ast[0] : ast) as unknown as { where: Node };
  return select.where;
}

/** Each condition's value on each row, as the database computes it (`SELECT id, c1, c2, ... FROM v`). */
async function databaseTruths(
  run: (sql: string) => Promise<unknown[][]>,
  texts: string[],
): Promise<Map<string, Truth[]>> {
  const truths = new Map<string, Truth[]>();
  for (let i = 0; i < texts.length; i += 40) {
    const batch = texts.slice(i, i + 40);
    const result = await run(`SELECT id, ${batch.map((t) => `(${t})`).join(', ')} FROM v ORDER BY id`);
    batch.forEach((text, j) => {
      truths.set(
        text,
        result.map((row) => (row[j + 1] === null ? null : Boolean(Number(row[j + 1])))),
      );
    });
  }
  return truths;
}

function disagreements(texts: string[], truths: Map<string, Truth[]>, tree: (sql: string) => Node): string[] {
  return texts.filter((text) => {
    const node = tree(text);
    return rows.some((row, i) => evaluate(node, row) !== truths.get(text)![i]);
  });
}

const rowValues = rows.map(
  ([id, ...flags]) => `(${id}, ${flags.map((f) => (f === null ? 'NULL' : String(f))).join(', ')})`,
);

describe('AND / OR / NOT precedence as the databases evaluate it', () => {
  it('generates conditions that mix AND and OR without parentheses', () => {
    for (const dialect of ['mysql', 'postgresql'] as const) {
      expect(conditions(dialect).filter((t) => /\w (AND|&&) \w+ OR|\w OR \w+ (AND|&&)/.test(t)).length).toBeGreaterThan(
        20,
      );
    }
  });

  describe('PostgreSQL (PGlite)', () => {
    let db: PGlite;
    let truths: Map<string, Truth[]>;
    const texts = conditions('postgresql');

    beforeAll(async () => {
      db = await PGlite.create();
      await db.exec(
        `CREATE TABLE v (id int, p boolean, q boolean, r boolean); INSERT INTO v VALUES ${rowValues.join(', ')}`,
      );
      truths = await databaseTruths(
        async (sql) => (await db.query<unknown[]>(sql, [], { rowMode: 'array' })).rows,
        texts,
      );
    });
    afterAll(async () => db?.close());

    it("the engine's tree gives the database's value on every row", () => {
      expect(disagreements(texts, truths, (t) => engineTree(t, 'postgresql'))).toEqual([]);
    });

    it("node-sql-parser's own tree does not (what the regrouping fixes)", () => {
      expect(disagreements(texts, truths, (t) => parserOnlyTree(t, 'postgresql')).length).toBeGreaterThan(0);
    });
  });

  describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('MySQL dialect (MariaDB)', () => {
    const texts = conditions('mysql');
    const database = `sqltune_precedence_${process.pid}_${Date.now()}`;
    let truths: Map<string, Truth[]>;

    beforeAll(async () => {
      const { pool } = await getAdminPool();
      const connection = await pool.getConnection();
      try {
        await connection.query(`CREATE DATABASE ${database}`);
        await connection.query(`USE ${database}`);
        await connection.query('CREATE TABLE v (id INT, p BOOLEAN, q BOOLEAN, r BOOLEAN)');
        await connection.query(`INSERT INTO v VALUES ${rowValues.join(', ')}`);
        truths = await databaseTruths(async (sql) => {
          const [result] = await connection.query({ sql, rowsAsArray: true });
          return result as unknown[][];
        }, texts);
        await connection.query(`DROP DATABASE ${database}`);
      } finally {
        connection.release();
      }
    });
    afterAll(async () => shutdownMariaDb());

    it("the engine's tree gives the database's value on every row", () => {
      expect(disagreements(texts, truths, (t) => engineTree(t, 'mysql'))).toEqual([]);
    });

    it("node-sql-parser's own tree does not (what the regrouping fixes)", () => {
      expect(disagreements(texts, truths, (t) => parserOnlyTree(t, 'mysql')).length).toBeGreaterThan(0);
    });
  });
});
