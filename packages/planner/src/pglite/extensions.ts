/**
 * The contrib extensions a table structure may ask for with CREATE EXTENSION (an allow list: docs/security.md).
 *
 * Real schemas name them (`email citext`, `USING gin (name gin_trgm_ops)`, `DEFAULT uuid_generate_v4()`), and
 * without them nothing is planned. Only extensions that add types, operators, index methods and functions planning
 * may meet are taken; none of them reads files, opens connections, inspects pages or changes the server's settings
 * (file_fdw, dblink, pageinspect, pg_surgery, amcheck, pg_buffercache, pg_walinspect, pg_visibility, passwordcheck,
 * auto_explain and lo stay out). The statement is read, never run as written: only
 * `CREATE EXTENSION [IF NOT EXISTS] name [WITH] [SCHEMA s] [VERSION v] [CASCADE]` is accepted, and the sandbox runs
 * its own `CREATE EXTENSION IF NOT EXISTS "name" [SCHEMA "s"] CASCADE` (the default version).
 */
import type { Localized } from '@sqltune/contracts';
import { leadingWords, splitStatements, type Token } from '../sql-text.ts';
import { quoteIdent } from './sql-text.ts';

/** Extension name -> the export of `@electric-sql/pglite/contrib/<export>` that carries its bundle. */
const PGLITE_CONTRIB: Readonly<Record<string, string>> = {
  bloom: 'bloom',
  btree_gin: 'btree_gin',
  btree_gist: 'btree_gist',
  citext: 'citext',
  cube: 'cube',
  dict_int: 'dict_int',
  earthdistance: 'earthdistance',
  fuzzystrmatch: 'fuzzystrmatch',
  hstore: 'hstore',
  intarray: 'intarray',
  isn: 'isn',
  ltree: 'ltree',
  pg_trgm: 'pg_trgm',
  pgcrypto: 'pgcrypto',
  seg: 'seg',
  tablefunc: 'tablefunc',
  tsm_system_rows: 'tsm_system_rows',
  tsm_system_time: 'tsm_system_time',
  unaccent: 'unaccent',
  'uuid-ossp': 'uuid_ossp',
};

/** What an allowed extension needs installed first (its control file's `requires`): CASCADE loads them too. */
const REQUIRES: Readonly<Record<string, readonly string[]>> = { earthdistance: ['cube'] };

export const ALLOWED_EXTENSIONS: readonly string[] = Object.keys(PGLITE_CONTRIB);

/** One accepted CREATE EXTENSION: an allow-listed name and the schema it goes in (undefined: the first of search_path). */
export interface ExtensionRequest {
  name: string;
  schema?: string;
}

export type ExtensionReading =
  | { accepted: true; request: ExtensionRequest }
  | { accepted: false; name: string | undefined };

function nameToken(t: Token | undefined): string | undefined {
  if (!t) return undefined;
  if (t.kind === 'ident' || t.kind === 'qident') return t.value;
  return undefined;
}

/**
 * Reads `CREATE EXTENSION [IF NOT EXISTS] name [WITH] [SCHEMA s] [VERSION v] [CASCADE]`; anything else in it, a name
 * off the allow list, or a catalog schema (`pg_*`, information_schema) is not accepted. `name` says which extension it named.
 * Undefined for any other statement.
 */
export function readCreateExtension(tokens: Token[]): ExtensionReading | undefined {
  const words = leadingWords(tokens, 2);
  if (words[0] !== 'CREATE' || words[1] !== 'EXTENSION') return undefined;
  let i = 2;
  const word = (k: number) => (tokens[k]?.kind === 'ident' ? tokens[k].value : undefined);
  if (word(i) === 'if' && word(i + 1) === 'not' && word(i + 2) === 'exists') i += 3;
  const name = nameToken(tokens[i]);
  if (name === undefined) return { accepted: false, name: undefined };
  i++;
  const request: ExtensionRequest = { name };
  if (word(i) === 'with') i++;
  for (const clause of ['schema', 'version', 'cascade']) {
    if (word(i) !== clause) continue;
    i++;
    if (clause === 'cascade') continue;
    const value = tokens[i]?.kind === 'string' ? tokens[i].value : nameToken(tokens[i]);
    if (value === undefined) return { accepted: false, name };
    if (clause === 'schema') request.schema = value;
    i++;
  }
  const schema = request.schema ?? '';
  const allowed = Object.hasOwn(PGLITE_CONTRIB, name) && !/^pg_/.test(schema) && schema !== 'information_schema';
  if (i !== tokens.length || !allowed) return { accepted: false, name };
  return { accepted: true, request };
}

/** The extensions to load for these requests, required ones first, each once. */
export function extensionsToLoad(requests: readonly ExtensionRequest[]): string[] {
  const names: string[] = [];
  const add = (name: string) => {
    for (const required of REQUIRES[name] ?? []) add(required);
    if (!names.includes(name)) names.push(name);
  };
  for (const r of requests) add(r.name);
  return names;
}

/** The module export of PGlite's bundle of an allowed extension. */
export function pgliteContribExport(name: string): string {
  const exported = PGLITE_CONTRIB[name];
  if (!exported) throw new Error(`extension ${name} is not on the allow list`);
  return exported;
}

/** The statement the sandbox runs for an accepted request (never the user's text). */
export function createExtensionSql(request: ExtensionRequest): string {
  const schema = request.schema === undefined ? '' : ` SCHEMA ${quoteIdent(request.schema)}`;
  return `CREATE EXTENSION IF NOT EXISTS ${quoteIdent(request.name)}${schema} CASCADE`;
}

/** The note for a CREATE EXTENSION the sandbox does not run. */
export function extensionIgnoredNote(name: string | undefined, where: Localized): Localized {
  const what = name === undefined ? 'CREATE EXTENSION' : `CREATE EXTENSION ${name}`;
  return {
    zh: `${what} 已忽略：${where.zh}`,
    en: `${what} ignored: ${where.en}`,
  };
}

/**
 * Names only an allowed extension defines (types, operator classes), by extension: a structure pasted without its
 * CREATE EXTENSION (psql's `\d`, a hand-written `email citext`) gets the extension, as it would have asked for it.
 * Names that could be a column's (cube, seg, isbn) are left out: a false guess costs an instance started for it.
 */
const IMPLIED_BY: Readonly<Record<string, string>> = {
  citext: 'citext',
  hstore: 'hstore',
  ltree: 'ltree',
  lquery: 'ltree',
  ltxtquery: 'ltree',
  gin_trgm_ops: 'pg_trgm',
  gist_trgm_ops: 'pg_trgm',
  gin__int_ops: 'intarray',
  gist__int_ops: 'intarray',
  gist__intbig_ops: 'intarray',
  isbn13: 'isn',
  ean13: 'isn',
  ismn13: 'isn',
  issn13: 'isn',
};

/**
 * The allowed extensions a table structure asks for, in its order (those its CREATE EXTENSION statements name, then
 * those its type and operator class names imply), and a note for each CREATE EXTENSION that is not run
 * (`unavailable` says why, e.g. "not available in the embedded PostgreSQL") and each extension only implied.
 */
export function requestedExtensions(
  schemaSql: string,
  unavailable: Localized,
): { requests: ExtensionRequest[]; notes: Localized[] } {
  const requests: ExtensionRequest[] = [];
  const ignored = new Set<string | undefined>();
  const implied = new Set<string>();
  for (const statement of splitStatements(schemaSql, 'postgresql')) {
    const reading = readCreateExtension(statement.tokens);
    if (reading?.accepted) requests.push(reading.request);
    else if (reading) ignored.add(reading.name);
    else
      for (const t of statement.tokens)
        if (t.kind === 'ident' && Object.hasOwn(IMPLIED_BY, t.value)) implied.add(IMPLIED_BY[t.value]!);
  }
  const notes = [...ignored].map((name) => extensionIgnoredNote(name, unavailable));
  for (const name of implied) {
    if (requests.some((r) => r.name === name)) continue;
    requests.push({ name });
    notes.push({
      zh: `表结构使用了扩展 ${name} 的类型或操作符类但没有 CREATE EXTENSION ${name}：已按需创建`,
      en: `the table structure uses types or operator classes of ${name} without CREATE EXTENSION ${name}: created for it`,
    });
  }
  return { requests, notes };
}

/** The schema a CREATE SCHEMA [IF NOT EXISTS] name statement makes, if it names one. */
export function createdSchemaName(tokens: Token[]): string | undefined {
  let i = 2;
  if (tokens[i]?.kind === 'ident' && tokens[i].value === 'if') i += 3;
  const t = tokens[i];
  // CREATE SCHEMA AUTHORIZATION role: the schema is named after the role.
  if (t?.kind === 'ident' && t.value === 'authorization') return undefined;
  return nameToken(t);
}
