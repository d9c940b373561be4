/**
 * Rule fixtures: one `<rule-id>.sql` beside each rule's `<rule-id>.ts` in packages/engine/src/rules/ (or its family
 * folder), after sqlglot's tests/fixtures/optimizer/*.sql. The engine's rule tests read every case; the planner's
 * equivalence tests run the `verify` cases before and after the rule's rewrite on real data.
 *
 * A case is comment lines, then its statement, then optionally `-- after:` and the statement it must become:
 *
 *     -- Without the table structure, * cannot be spelled out.      (free comments: kept, ignored)
 *     -- dialect: postgresql                                       (default mysql; `mysql postgresql`: a case each)
 *     -- schema: example accounts                                  (named schemas of fixtures/schemas.sql, joined)
 *     -- tables: CREATE TABLE t (a INT, b INT);                    (the case's own DDL, one line, after them)
 *     -- matches: 1                                                (required: the rule's findings; 0 for a negative case)
 *     -- verify: true                                              (also run on real data; `only`: see below)
 *     SELECT *
 *     FROM region;
 *     -- after:
 *     SELECT r_regionkey, r_name, r_comment FROM region;
 *
 * A statement may span lines and ends at its `;`, found with the engine's lexer in the case's dialect, so a `;` or
 * `--` inside a string or a comment does not end it; the `;` is not part of the case, and nothing may follow it on
 * its line. A comment line `-- word:` is metadata, and an unknown word is an error. `-- verify: only` marks a
 * statement run only on real data (the planner's TPC-H sample and `events` table, whose DDL the planner test gives),
 * so it takes no `matches`, `after`, `schema` or `tables`. Each error names the file and line.
 *
 * fixtures/schemas.sql holds the named schemas: `-- schema: <name>` and the DDL up to the next such line; comment
 * lines at the end of a section belong to the next one (they describe it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '@sqltune/contracts';
import { codeTokens, lex } from '@sqltune/engine/text';

/** One case of a rule's fixture file, as the engine's rule tests read it. */
export interface RuleCase {
  rule: string;
  sql: string;
  dialect: Dialect;
  /** The DDL the case is analyzed with (undefined: none). */
  schema?: string;
  /** How many findings of the rule the statement gives (0 for a negative case). */
  matches: number;
  /** For rewrites: the statement after this rule's step (undefined: the rule proposes no step). */
  after?: string;
  /** Whether the planner also runs the statement on real data. */
  verify: boolean;
  /** `file:line` of the statement, for messages. */
  source: string;
}

/** A statement the equivalence tests run before and after the rule's rewrite on real data. */
export interface EquivalenceCase {
  rule: string;
  sql: string;
  dialect: Dialect;
  source: string;
}

export interface RuleFixtures {
  /** Every case but the verify-only ones. */
  cases: RuleCase[];
  /** The cases marked `verify: true` and the verify-only statements. */
  equivalenceCases: EquivalenceCase[];
  schemas: ReadonlyMap<string, string>;
}

const repoRoot = new URL('../', import.meta.url);
const rulesDir = new URL('packages/engine/src/rules/', repoRoot);

const metadataLine = /^--\s?([a-z][a-z-]*):(?:\s+(.*?))?\s*$/;
const ruleFile = /^([a-z0-9-]+)\.sql$/;
const keys = ['dialect', 'schema', 'tables', 'matches', 'verify', 'after'] as const;
type Key = (typeof keys)[number];

export class FixtureError extends Error {}

/** Every rule's fixture files under `dir` (the rules folder and its family folders), read and checked. */
export function loadRuleFixtures(dir: URL = rulesDir): RuleFixtures {
  const schemasFile = new URL('fixtures/schemas.sql', dir);
  const schemas = parseNamedSchemas(readFileSync(schemasFile, 'utf8'), fileLabel(schemasFile));
  const folders = [
    dir,
    ...readdirSync(new URL('families/', dir))
      .sort()
      .map((f) => new URL(`families/${f}/`, dir)),
  ];
  const fixtures: RuleFixtures = { cases: [], equivalenceCases: [], schemas };
  for (const folder of folders) {
    const names = readdirSync(folder);
    for (const name of names.filter((n) => n.endsWith('.sql')).sort()) {
      const file = fileLabel(new URL(name, folder));
      const rule = ruleFile.exec(name)?.[1];
      if (!rule) throw new FixtureError(`${file}: a fixture file is named <rule-id>.sql`);
      if (!names.includes(`${rule}.ts`)) throw new FixtureError(`${file}: no rule file ${rule}.ts beside it`);
      const parsed = parseRuleFixture(readFileSync(new URL(name, folder), 'utf8'), { file, rule, schemas });
      fixtures.cases.push(...parsed.cases);
      fixtures.equivalenceCases.push(...parsed.equivalenceCases);
    }
  }
  return fixtures;
}

function fileLabel(url: URL): string {
  const path = fileURLToPath(url);
  const root = fileURLToPath(repoRoot);
  return path.startsWith(root) ? path.slice(root.length) : path;
}

/** The named schemas of a schemas file: `-- schema: <name>` and the DDL under it. */
export function parseNamedSchemas(text: string, file: string): Map<string, string> {
  const schemas = new Map<string, string>();
  let current: { name: string; lines: string[]; line: number } | undefined;
  const close = () => {
    if (!current) return;
    const lines = current.lines;
    while (lines.length > 0 && /^\s*(--.*)?$/.test(lines.at(-1)!)) lines.pop();
    const ddl = lines.join('\n').trim();
    if (!ddl) throw new FixtureError(`${file}:${current.line}: schema ${current.name} has no DDL`);
    schemas.set(current.name, ddl);
  };
  text.split(/\r?\n/).forEach((line, index) => {
    const metadata = metadataLine.exec(line);
    if (!metadata) {
      current?.lines.push(line);
      return;
    }
    const [, key, value = ''] = metadata;
    if (key !== 'schema')
      throw new FixtureError(`${file}:${index + 1}: unknown key '${key}' (a schema file has only 'schema')`);
    if (!/^[a-z0-9-]+$/.test(value))
      throw new FixtureError(`${file}:${index + 1}: a schema name is lowercase words and dashes, not '${value}'`);
    if (schemas.has(value) || current?.name === value)
      throw new FixtureError(`${file}:${index + 1}: schema ${value} named twice`);
    close();
    current = { name: value, lines: [], line: index + 1 };
  });
  close();
  return schemas;
}

interface ParseOptions {
  file: string;
  rule: string;
  schemas: ReadonlyMap<string, string>;
}

/** The cases of one rule's fixture text (see the header of this file). */
export function parseRuleFixture(text: string, { file, rule, schemas }: ParseOptions): Omit<RuleFixtures, 'schemas'> {
  const lines = text.split(/\r?\n/);
  const cases: RuleCase[] = [];
  const equivalenceCases: EquivalenceCase[] = [];
  let i = 0;
  const fail = (line: number, message: string): never => {
    throw new FixtureError(`${file}:${line}: ${message}`);
  };

  /** The statement starting at line i, up to its `;` (the same one in each dialect); moves i past it. */
  const readStatement = (dialects: Dialect[]): { sql: string; line: number } => {
    const start = i;
    let statement = '';
    for (; i < lines.length; i++) {
      statement += (i > start ? '\n' : '') + lines[i];
      const ends = dialects.map((dialect) => {
        const code = codeTokens(lex(statement, { mysql: dialect === 'mysql' }));
        const end = code.findIndex((t) => t.text === ';');
        if (end >= 0 && (end < code.length - 1 || statement.slice(code[end]!.end).trim())) {
          fail(
            i + 1,
            'text after the `;` that ends the statement (one statement per case, nothing after it on its line)',
          );
        }
        return code[end]?.start ?? -1;
      });
      if (ends.some((end) => end !== ends[0]))
        fail(i + 1, `the statement ends differently in ${dialects.join(' and ')}`);
      if (ends[0]! < 0) continue;
      i++;
      const sql = statement.slice(0, ends[0]).trim();
      if (!sql) fail(start + 1, 'an empty statement');
      return { sql, line: start + 1 };
    }
    return fail(start + 1, 'the statement has no `;` at its end (an unclosed string or comment?)');
  };

  while (i < lines.length) {
    const metadata = new Map<Key, { value: string; line: number }>();
    // Comments and metadata up to the statement.
    for (; i < lines.length; i++) {
      const line = lines[i]!;
      if (!line.trim() || (line.trimStart().startsWith('--') && !metadataLine.test(line))) continue;
      const match = metadataLine.exec(line);
      if (!match) break;
      const [, key, value = ''] = match;
      if (!(keys as readonly string[]).includes(key!)) fail(i + 1, `unknown key '${key}' (known: ${keys.join(', ')})`);
      if (key === 'after') fail(i + 1, '`-- after:` before any statement');
      if (metadata.has(key as Key)) fail(i + 1, `'${key}' given twice for one case`);
      metadata.set(key as Key, { value: value!, line: i + 1 });
    }
    if (i >= lines.length) {
      const first = [...metadata.values()][0];
      if (first) fail(first.line, 'metadata without a statement after it');
      break;
    }

    const dialectEntry = metadata.get('dialect');
    const dialects = (dialectEntry?.value ?? 'mysql').split(/\s+/) as Dialect[];
    for (const [index, dialect] of dialects.entries()) {
      if (dialect !== 'mysql' && dialect !== 'postgresql')
        fail(dialectEntry!.line, `unknown dialect '${dialect}' (mysql or postgresql)`);
      if (dialects.indexOf(dialect) < index) fail(dialectEntry!.line, `dialect ${dialect} given twice`);
    }
    const verifyEntry = metadata.get('verify');
    const verify = verifyEntry?.value ?? 'false';
    if (!['true', 'false', 'only'].includes(verify))
      fail(verifyEntry!.line, `verify is true, false or only, not '${verify}'`);

    const statementLine = i + 1;
    const { sql, line } = readStatement(dialects);
    const source = `${file}:${line}`;

    if (verify === 'only') {
      for (const key of ['matches', 'schema', 'tables'] as const) {
        const entry = metadata.get(key);
        if (entry) fail(entry.line, `a verify-only case runs on the real-data schema and takes no '${key}'`);
      }
      if (lines[i] !== undefined && isAfterLine(lines[i]!)) fail(i + 1, "a verify-only case takes no 'after'");
      for (const dialect of dialects) equivalenceCases.push({ rule, sql, dialect, source });
      continue;
    }

    const matchesEntry = metadata.get('matches');
    if (!matchesEntry) fail(statementLine, "the case has no '-- matches: <count>' before its statement");
    if (!/^\d+$/.test(matchesEntry!.value))
      fail(matchesEntry!.line, `matches is a count, not '${matchesEntry!.value}'`);
    const ruleCase: Omit<RuleCase, 'dialect'> = {
      rule,
      sql,
      matches: Number(matchesEntry!.value),
      verify: verify === 'true',
      source,
    };
    const schema = schemaText(metadata, schemas, fail);
    if (schema !== undefined) ruleCase.schema = schema;

    // Blank lines may stand between the statement and its `-- after:`, nothing else.
    let next = i;
    while (next < lines.length && !lines[next]!.trim()) next++;
    if (next < lines.length && isAfterLine(lines[next]!)) {
      if (metadataLine.exec(lines[next]!)?.[2])
        fail(next + 1, '`-- after:` stands alone; its statement follows on the next line');
      i = next + 1;
      while (i < lines.length && !lines[i]!.trim()) i++;
      if (i >= lines.length || lines[i]!.trimStart().startsWith('--'))
        fail(next + 1, '`-- after:` without a statement');
      ruleCase.after = readStatement(dialects).sql;
    }
    for (const dialect of dialects) {
      cases.push({ ...ruleCase, dialect });
      if (ruleCase.verify) equivalenceCases.push({ rule, sql, dialect, source });
    }
  }
  return { cases, equivalenceCases };
}

function isAfterLine(line: string): boolean {
  return metadataLine.exec(line)?.[1] === 'after';
}

function schemaText(
  metadata: Map<Key, { value: string; line: number }>,
  schemas: ReadonlyMap<string, string>,
  fail: (line: number, message: string) => never,
): string | undefined {
  const named = metadata.get('schema');
  const tables = metadata.get('tables');
  const parts: string[] = [];
  for (const name of named?.value.split(/\s+/).filter(Boolean) ?? []) {
    const ddl = schemas.get(name);
    if (ddl === undefined)
      fail(named!.line, `unknown schema '${name}' (fixtures/schemas.sql names: ${[...schemas.keys()].join(', ')})`);
    parts.push(ddl!);
  }
  if (named && parts.length === 0) fail(named.line, 'schema names no schema');
  if (tables) {
    if (!tables.value) fail(tables.line, 'tables has no DDL');
    parts.push(tables.value);
  }
  return parts.length > 0 ? parts.join('\n') : undefined;
}
