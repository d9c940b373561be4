import type { Dialect } from '@sqltune/contracts';
import { withAnalysisCaches } from '../text/analysis-caches.ts';
import { lex } from '../text/lexer.ts';
import { normalizeNewlines } from '../text/position.ts';
import { type OutputTable, readClientOutput } from './client-output.ts';
import { readDdlStatements } from './ddl-statements.ts';
import { withoutMysqlDumpData, withoutPgDumpData } from './dump-data.ts';
import { withoutForeignData } from './foreign-data.ts';
import { findTable, type SchemaModel } from './model.ts';
import { classifyOutput } from './output-kinds.ts';
import { DdlText, readPastedStructure } from './pasted-structure.ts';
import { withPostgresObjectsPlanned } from './postgres-objects.ts';
import { describedTables } from './psql-describe.ts';
import { skippedCode } from './skipped-code.ts';
import { applyFacts, noFacts } from './statistics-facts.ts';
import { statsCommentFacts } from './stats-comments.ts';

/**
 * Reads the user's table structure. Accepted, in any order and mixed:
 *  - CREATE TABLE and CREATE INDEX statements in the dialect, with optional statistics lines
 *      -- sqltune:stats orders rows=1500000
 *      -- sqltune:stats orders.o_custkey distinct=99996 nulls=0.0 width=4
 *  - (MySQL) SHOW CREATE TABLE output as the mysql client prints it: boxed, tab-separated, or vertical (\G);
 *  - (MySQL) SHOW INDEX / information_schema.STATISTICS output: indexes, and distinct counts from Cardinality;
 *  - (PostgreSQL) psql's `\d table` output, read into the DDL of the same table and indexes (psql-describe.ts).
 * Prompts and "N rows in set" lines of a pasted session are skipped, and so is a dump's data (dump-data.ts: a plain
 * pg_dump's COPY blocks, mysqldump's INSERT rows, which `notes` then mentions), and its code and permissions
 * (skipped-code.ts: functions, triggers, procedures, events, ..., each named in `notes`; a PostgreSQL domain's
 * columns are read with its base type), a PostgreSQL dump's foreign servers and user mappings (foreign-data.ts:
 * a foreign table is read as the table of its columns), and PostgreSQL objects a sandbox does not make as written
 * (postgres-objects.ts: collations, text search configurations, range types naming functions, each planned with the
 * nearest it has).
 * A migration history is read to its end state (migration-steps.ts: columns, indexes and tables changed, renamed or
 * dropped by later steps), its data steps skipped with the code (data-steps.ts: UPDATE, DELETE, INSERT ... SELECT).
 * Anything else (TRUNCATE, DROP of a schema or a role, statistics results) is rejected with 4203 and its position,
 * so nothing runs that the user did not mean as structure.
 * `ddl` is the text the planners run: the input itself when it is plain DDL, otherwise equivalent DDL.
 */
export function parseSchema(input: string, dialect: Dialect): SchemaModel {
  return withAnalysisCaches(() => parseSchemaIn(input, dialect));
}

function parseSchemaIn(input: string, dialect: Dialect): SchemaModel {
  const pasted = normalizeNewlines(input);
  // mysqldump's routines go first: an INSERT of constants in a trigger's body is code, not a dump's data.
  const mysqlCode = dialect === 'mysql' ? skippedCode(pasted, dialect) : undefined;
  const data = mysqlCode ? withoutMysqlDumpData(mysqlCode.text) : withoutPgDumpData(pasted);
  const code = mysqlCode ?? skippedCode(withoutPsqlMetaCommands(data.text), dialect);
  // A foreign table is planned as the table of its columns; servers and user mappings never reach a sandbox.
  const foreign = mysqlCode ? undefined : withoutForeignData(code.text);
  const objects = foreign ? withPostgresObjectsPlanned(foreign.text) : undefined;
  const text = objects?.text ?? data.text;
  const { pieces, noise } = readClientOutput(text, classifyOutput);
  const schema: SchemaModel = { tables: [], ddl: text };
  const ddl = new DdlText();
  const facts = noFacts();
  const described = dialect === 'postgresql' ? describedTables(pieces) : new Map<OutputTable, string>();
  for (const piece of pieces) {
    const describedText = piece.kind === 'table' ? described.get(piece.table) : undefined;
    // A `\d` column of a domain, range type or collation the paste defines is planned as the dump's would be.
    const resolved = describedText === undefined ? undefined : code.resolve(describedText);
    const describedDdl = resolved !== undefined && objects ? objects.resolve(resolved) : resolved;
    if (piece.kind === 'table' && describedDdl !== undefined) {
      readDdlStatements(schema, describedDdl, piece.table.line, dialect);
      ddl.add(piece.table.line, describedDdl);
      continue;
    }
    if (piece.kind === 'table') {
      readPastedStructure(schema, piece.table, dialect, ddl, facts);
      continue;
    }
    readDdlStatements(schema, piece.text, piece.line, dialect);
    statsCommentFacts(piece.text, piece.line, 'schema', facts);
    if (piece.text.trim()) ddl.add(piece.line, terminated(piece.text, dialect));
  }
  if (noise || pieces.some((piece) => piece.kind === 'table')) schema.ddl = ddl.text();
  const notes = [
    ...(data.note ? [data.note] : []),
    ...code.notes(),
    ...(foreign?.notes ?? []),
    ...(objects?.notes() ?? []),
  ];
  if (notes.length > 0) schema.notes = notes;
  applyFacts(schema, facts, 'schema');
  for (const name of foreign?.foreignTables ?? []) {
    const table = findTable(schema, name);
    if (table) table.foreignTable = true;
  }
  return schema;
}

/** DDL text whose last statement ends with `;`, so the next piece's statements do not run into it. */
function terminated(text: string, dialect: Dialect): string {
  const code = lex(text, { mysql: dialect === 'mysql' }).filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  const last = code.at(-1);
  return !last || (last.kind === 'symbol' && last.text === ';') ? text : `${text}\n;`;
}

/**
 * psql meta-commands (pg_dump's `\\restrict KEY` and `\\connect db`, at the start of a statement, to the end of their
 * line) are the client's, not SQL: blanked, so positions stay those of the text as pasted. The planners skip them too.
 */
function withoutPsqlMetaCommands(text: string): string {
  const tokens = lex(text, { mysql: false });
  let units: string[] | undefined;
  let atStatementStart = true;
  let blankedTo = -1;
  for (const token of tokens) {
    if (token.kind === 'space' || token.kind === 'comment' || token.start < blankedTo) continue;
    if (atStatementStart && token.text === '\\') {
      const end = text.indexOf('\n', token.start);
      blankedTo = end < 0 ? text.length : end;
      units ??= text.split('');
      for (let i = token.start; i < blankedTo; i++) units[i] = ' ';
      continue;
    }
    atStatementStart = token.kind === 'symbol' && token.text === ';';
  }
  return units ? units.join('') : text;
}
