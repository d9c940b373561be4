/**
 * SQL that ORMs and query builders print in their logs, pasted as it is (`orm-sql/<orm>.<dialect>.sql`, each naming
 * its dialect and its schema file): Hibernate 5 and 6, Django, Rails (with marginalia), Prisma, Sequelize, TypeORM,
 * Knex, GORM, EF Core, Ecto, jOOQ and a MyBatis-Plus log. Each statement is read and planned with no error and shown
 * as written, and its findings and advised indexes are the ones written above it:
 *     -- expect rules: limit-without-order-by, select-star      (`none`: no finding)
 *     -- expect index: CREATE INDEX ... ;                         (one line each; `none`: no index advised)
 * On PostgreSQL every advised index is also made on a fresh PGlite with the schema: its DDL is valid as printed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Dialect } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { shutdownPlanners } from '../src/backends.ts';
import { mariadbPlanner } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner } from '../src/pglite/backend.ts';

const folder = new URL('./orm-sql/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, folder), 'utf8');

interface Expected {
  rules: string[];
  indexes: string[];
}

/** The expectations written in a statement's leading comments. */
function expectations(leading: string): Expected | undefined {
  const lines = leading.split('\n');
  const rules = lines.find((l) => l.startsWith('-- expect rules: '))?.slice('-- expect rules: '.length);
  const indexes = lines
    .filter((l) => l.startsWith('-- expect index: '))
    .map((l) => l.slice('-- expect index: '.length));
  if (rules === undefined || indexes.length === 0) return undefined;
  return {
    rules: rules === 'none' ? [] : rules.split(', ').sort(),
    indexes: indexes[0] === 'none' ? [] : indexes,
  };
}

const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql') && !name.endsWith('.schema.sql'))
  .map((name) => {
    const text = read(name);
    const header = (key: string) => new RegExp(`^-- ${key}: (\\S+)$`, 'm').exec(text)?.[1];
    return { name, text, dialect: header('dialect') as Dialect, schemaText: read(header('schema')!) };
  });

afterAll(async () => {
  await shutdownPlanners();
});

describe('ORM-generated SQL as pasted from logs', () => {
  it('holds a file for each ORM of the sweep, each naming its dialect', () => {
    expect(files.length).toBeGreaterThanOrEqual(13);
    for (const file of files) expect(['mysql', 'postgresql'], file.name).toContain(file.dialect);
  });

  const mariadb = serviceAvailable('MariaDB', mariadbBinary);
  for (const file of files) {
    const available = file.dialect === 'postgresql' || mariadb;
    it.runIf(available)(
      `${file.name}: read, planned, shown as written, with the findings and indexes expected`,
      async () => {
        const planners = file.dialect === 'mysql' ? { mysql: mariadbPlanner } : { postgresql: pglitePlanner };
        const report = await optimize(
          { dialect: file.dialect, schemaText: file.schemaText, sql: file.text },
          { planners, engineVersion: 'test' },
        );
        expect(report.statements.length).toBeGreaterThanOrEqual(6);
        const advised: string[] = [];
        for (const statement of report.statements) {
          const where = `${file.name}:${statement.location?.line}`;
          const expected = expectations(statement.leadingComments ?? '');
          expect(expected, `${where} has no expectations`).toBeDefined();
          expect(statement.errors, where).toEqual([]);
          expect(statement.plan.before, where).not.toBeNull();
          // The statement as submitted: its leading text and its own, marginalia comments included.
          expect(file.text, where).toContain(
            `${statement.leadingComments?.split('\n').at(-1) ?? ''}${statement.original}`,
          );
          expect([...statement.rules.map((r) => r.id)].sort(), where).toEqual(expected!.rules);
          expect(
            statement.indexes.map((i) => i.ddl),
            where,
          ).toEqual(expected!.indexes);
          advised.push(...statement.indexes.map((i) => i.ddl));
        }
        if (file.dialect === 'postgresql' && advised.length > 0) {
          const db = await PGlite.create();
          try {
            await db.exec(file.schemaText);
            for (const ddl of new Set(advised)) {
              await db.exec(ddl);
              await db.exec(`DROP INDEX ${/^CREATE INDEX (\S+)/.exec(ddl)![1]}`);
            }
          } finally {
            await db.close();
          }
        }
      },
      180_000,
    );
  }
});
