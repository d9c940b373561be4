import { readFileSync } from 'node:fs';
import { AppError, type Dialect } from '@sqltune/contracts';
import { lex, parseStatements, positionAt, splitStatements } from '@sqltune/engine';

/**
 * The grammar coverage corpus (issue 11): one file of statements per dialect, written for SQLTune from the SELECT,
 * DML and CREATE TABLE / CREATE INDEX syntax of the MySQL 8.0 and MariaDB 10.11 manuals (mysql.sql) and of the
 * PostgreSQL 15-18 manual (postgresql.sql), every statement valid on its database (databases.test.ts runs them on
 * MariaDB and on PGlite against the tables of <dialect>-setup.sql). The engine's grammar.test.ts holds the engine to
 * reading every one; `npm run bench:engine` prints the rate. It lives here, beside the other shared test support, because
 * the engine's and the planner's tests both read it (through the engine's public API), and no package's test may
 * import another package's source.
 *
 * In the files, comment lines before a statement carry its metadata:
 *   `-- § <title>`        the manual section of the statements that follow (until the next one);
 *   `-- @mysql8: <why>`   MySQL 8 syntax that MariaDB 10.11 refuses (the database test checks that it does);
 *   `-- @mariadb: <why>`  MariaDB syntax MySQL 8 does not have;
 *   `-- @pg16: <why>` (`@pg17`, `@pg18`)  PostgreSQL syntax newer than 15 (PGlite runs PostgreSQL 18).
 */
export interface GrammarCase {
  dialect: Dialect;
  /** The statement as written, without its `;`. */
  sql: string;
  /** Line of the corpus file the statement starts on. */
  line: number;
  section: string;
  /** `mysql8`, `mariadb`, `pg16`, `pg17` or `pg18` with the reason given, when the statement is marked so. */
  only?: { tag: GrammarTag; reason: string };
}

export type GrammarTag = 'mysql8' | 'mariadb' | 'pg16' | 'pg17' | 'pg18';

const tags = new Set<GrammarTag>(['mysql8', 'mariadb', 'pg16', 'pg17', 'pg18']);

export const corpusFile = (dialect: Dialect): URL => new URL(`${dialect}.sql`, import.meta.url);
export const setupFile = (dialect: Dialect): URL => new URL(`${dialect}-setup.sql`, import.meta.url);

/** The database the MySQL corpus's tables live in (one statement names it: `grammar_corpus.customers`). */
export const MYSQL_DATABASE = 'grammar_corpus';

export function grammarCases(dialect: Dialect): GrammarCase[] {
  const text = readFileSync(corpusFile(dialect), 'utf8');
  const comments = lex(text, { mysql: dialect === 'mysql' }).filter((t) => t.kind === 'comment');
  const cases: GrammarCase[] = [];
  let section = '';
  let from = 0;
  for (const slice of splitStatements(text, dialect)) {
    let only: GrammarCase['only'];
    for (const comment of comments) {
      if (comment.start < from || comment.start >= slice.offset) continue;
      const sectionLine = /^-- § (.+)$/.exec(comment.text.trimEnd());
      if (sectionLine) section = sectionLine[1]!;
      const marker = /^-- @(\w+): (.+)$/.exec(comment.text.trimEnd());
      if (marker) {
        if (!tags.has(marker[1] as GrammarTag)) throw new Error(`${dialect}.sql: unknown marker @${marker[1]}`);
        only = { tag: marker[1] as GrammarTag, reason: marker[2]! };
      }
    }
    from = slice.offset + slice.text.length;
    cases.push({ dialect, sql: slice.text, line: positionAt(text, slice.offset).line, section, only });
  }
  return cases;
}

/** The statements of a setup file, in order. */
export function setupStatements(dialect: Dialect): string[] {
  return splitStatements(readFileSync(setupFile(dialect), 'utf8'), dialect).map((slice) => slice.text);
}

/** A corpus statement the engine did not read, with what it said. */
export interface GrammarFailure {
  grammarCase: GrammarCase;
  /** `<dialect>.sql:<line>: <code> <line:column of the error in the statement> <message>` */
  description: string;
}

/**
 * Reads every statement of the dialect's corpus as the engine reads input (parseStatements: the reader or the library
 * parser with the dialect layer's forms); the statements not read, each described with its place in the corpus file.
 */
export function readGrammarCorpus(dialect: Dialect): { cases: GrammarCase[]; failures: GrammarFailure[] } {
  const cases = grammarCases(dialect);
  const failures: GrammarFailure[] = [];
  for (const grammarCase of cases) {
    try {
      const statements = parseStatements(grammarCase.sql, dialect);
      if (statements.length !== 1) throw new Error(`read as ${statements.length} statements`);
    } catch (error) {
      failures.push({ grammarCase, description: `${dialect}.sql:${grammarCase.line}: ${describeError(error)}` });
    }
  }
  return { cases, failures };
}

function describeError(error: unknown): string {
  if (!(error instanceof AppError)) return `crash ${error instanceof Error ? error.message : String(error)}`;
  const { code, line, column, message } = error.detail;
  return `${code} at ${line ?? 1}:${column ?? 1} of the statement: ${message.en.split('\n')[0]}`;
}
