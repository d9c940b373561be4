import type { Localized } from '@sqltune/contracts';
import { closingParen } from '../dialect/markers.ts';
import { splitStatements } from '../dialect/split.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { blank } from './dump-data.ts';
import { unquote } from './model.ts';

/**
 * PostgreSQL foreign data in a table structure (pg_dump of a database using postgres_fdw, file_fdw, ...): nothing of
 * it may reach a sandbox, where a server would connect somewhere, and none of it changes how a statement over the
 * table is planned beyond the table's columns.
 *
 *  - `CREATE FOREIGN TABLE [IF NOT EXISTS] t (columns) [INHERITS (...)] SERVER s [OPTIONS (...)]` (also `PARTITION
 *    OF`): read and planned as the ordinary table of its columns. Its FOREIGN, its SERVER ... to the end and each
 *    column's `OPTIONS (...)` are blanked, so the rest is a CREATE TABLE at the same positions; a note names the
 *    tables (a foreign scan's own costs, the remote server's estimates, are not modelled: the table is costed from
 *    the statistics given, as a local one);
 *  - `CREATE SERVER`, `CREATE USER MAPPING` (which may hold a password), `CREATE FOREIGN DATA WRAPPER` and `IMPORT
 *    FOREIGN SCHEMA` (which would read a remote catalog): blanked, never sent to any database, and named in the note;
 *  - what only names them or a foreign table's options (`ALTER SERVER`, `ALTER USER MAPPING`, `ALTER FOREIGN DATA
 *    WRAPPER`, `ALTER FOREIGN TABLE`, `COMMENT ON SERVER | FOREIGN DATA WRAPPER | FOREIGN TABLE`): blanked silently.
 * Blanking keeps newlines, so positions stay those of the text as pasted; the planners' allow lists still refuse
 * every one of these statements should one reach them (planner/src/pglite/ddl.ts).
 */
export function withoutForeignData(text: string): { text: string; notes: Localized[]; foreignTables: string[] } {
  let units: string[] | undefined;
  const tables: Named[] = [];
  const skipped: Named[] = [];
  for (const slice of splitStatements(text, 'postgresql')) {
    const tokens = codeTokens(lex(slice.text, { mysql: false }));
    const kind = foreignKind(tokens);
    if (!kind) continue;
    units ??= text.split('');
    if (kind === 'foreign table') {
      tables.push({ kind, name: nameAt(tokens, afterIfNotExists(tokens, 3)), line: slice.line });
      for (const [from, to] of foreignParts(tokens)) blank(units, slice.offset + from, slice.offset + to);
      continue;
    }
    if (kind !== 'silent') skipped.push({ kind, name: nameOf(kind, tokens), line: slice.line });
    const end = slice.offset + slice.text.length;
    blank(units, slice.offset, text.startsWith(';', end) ? end + 1 : end);
  }
  if (!units) return { text, notes: [], foreignTables: [] };
  const notes = [...tableNote(tables), ...skippedNote(skipped)];
  return { text: units.join(''), notes, foreignTables: tables.map((t) => t.name.split('.').at(-1)!) };
}

type ForeignKind = 'foreign table' | 'server' | 'user mapping' | 'foreign data wrapper' | 'imported schema';

interface Named {
  kind: ForeignKind;
  name: string;
  line: number;
}

function foreignKind(tokens: Token[]): ForeignKind | 'silent' | undefined {
  const at = (i: number, ...words: string[]) => words.every((w, k) => isKeyword(tokens[i + k], w));
  if (at(0, 'CREATE', 'FOREIGN', 'TABLE')) return 'foreign table';
  if (at(0, 'CREATE', 'SERVER')) return 'server';
  if (at(0, 'CREATE', 'USER', 'MAPPING')) return 'user mapping';
  if (at(0, 'CREATE', 'FOREIGN', 'DATA', 'WRAPPER')) return 'foreign data wrapper';
  if (at(0, 'IMPORT', 'FOREIGN', 'SCHEMA')) return 'imported schema';
  const named = (i: number) => at(i, 'SERVER') || at(i, 'USER', 'MAPPING') || at(i, 'FOREIGN');
  if (at(0, 'ALTER') && named(1)) return 'silent';
  if (at(0, 'COMMENT', 'ON') && (at(2, 'SERVER') || at(2, 'FOREIGN'))) return 'silent';
  return undefined;
}

/**
 * The spans (offsets in the statement) that make a CREATE FOREIGN TABLE a CREATE TABLE: its FOREIGN, each column's
 * `OPTIONS (...)` inside the column list, and everything from SERVER at the top level on.
 */
function foreignParts(tokens: Token[]): [number, number][] {
  const parts: [number, number][] = [[tokens[1]!.start, tokens[1]!.end]];
  let depth = 0;
  for (let i = 2; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') depth--;
    else if (depth === 0 && isKeyword(token, 'SERVER')) {
      parts.push([token.start, tokens.at(-1)!.end]);
      break;
    } else if (depth === 1 && isKeyword(token, 'OPTIONS') && tokens[i + 1]?.text === '(') {
      // Unclosed: to the end (the statement is refused as written anyway).
      const found = closingParen(tokens, i + 1);
      const close = found < 0 ? tokens.length - 1 : found;
      parts.push([token.start, tokens[close]!.end]);
      i = close;
    }
  }
  return parts;
}

function afterIfNotExists(tokens: Token[], i: number): number {
  let k = i;
  while (['IF', 'NOT', 'EXISTS'].some((w) => isKeyword(tokens[k], w))) k++;
  return k;
}

/** What the note calls a skipped statement: the server's, the wrapper's or the schema's name; a mapping's user and server. */
function nameOf(kind: ForeignKind, tokens: Token[]): string {
  if (kind === 'server') return nameAt(tokens, afterIfNotExists(tokens, 2));
  if (kind === 'foreign data wrapper') return nameAt(tokens, 4);
  if (kind === 'imported schema') return nameAt(tokens, 3);
  // CREATE USER MAPPING [IF NOT EXISTS] FOR user SERVER server
  const user = afterIfNotExists(tokens, 3) + 1;
  const server = tokens.findIndex((t, i) => i > user && isKeyword(t, 'SERVER'));
  return `${nameAt(tokens, user)}@${server > 0 ? nameAt(tokens, server + 1) : ''}`;
}

/** A (qualified) name from `i`, shown unquoted. */
function nameAt(tokens: Token[], i: number): string {
  const parts: string[] = [];
  for (let k = i; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.text === '.') continue;
    if (token.kind !== 'word' && token.kind !== 'quoted') break;
    parts.push(...(token.kind === 'word' ? token.text.split('.').filter(Boolean) : [token.text]));
    if (!token.text.endsWith('.') && tokens[k + 1]?.text !== '.') break;
  }
  return parts.map(unquote).join('.');
}

/** At most this many names per kind in a note; the rest are counted. */
const NAMES_SHOWN = 5;

function listed(items: Named[], zh: boolean): string {
  const shown = items
    .slice(0, NAMES_SHOWN)
    .map((n) => (zh ? `${n.name}（第 ${n.line} 行）` : `${n.name} (line ${n.line})`));
  const more = items.length - shown.length;
  if (more > 0) shown.push(zh ? `另有 ${more} 个` : `${more} more`);
  return shown.join(zh ? '、' : ', ');
}

function tableNote(tables: Named[]): Localized[] {
  if (tables.length === 0) return [];
  return [
    {
      zh: `外部表 ${listed(tables, true)} 按其列作为普通表规划，使用给出的统计信息：不创建外部服务器，也不连接任何地方（其 SERVER 和 OPTIONS 已略去），外部扫描本身的代价和远端的估算不在计划之内`,
      en: `foreign table(s) ${listed(tables, false)} planned as ordinary tables of their columns, with the statistics given: no server is made and nothing connects anywhere (their SERVER and OPTIONS are left out), and a foreign scan's own costs and the remote server's estimates are not modelled`,
    },
  ];
}

const KIND_NAMES: Record<Exclude<ForeignKind, 'foreign table'>, { en: string; zh: string }> = {
  server: { en: 'foreign server(s)', zh: '外部服务器' },
  'user mapping': { en: 'user mapping(s)', zh: '用户映射' },
  'foreign data wrapper': { en: 'foreign data wrapper(s)', zh: '外部数据包装器' },
  'imported schema': { en: 'IMPORT FOREIGN SCHEMA', zh: 'IMPORT FOREIGN SCHEMA' },
};

function skippedNote(skipped: Named[]): Localized[] {
  if (skipped.length === 0) return [];
  const kinds = [...new Set(skipped.map((s) => s.kind))] as (keyof typeof KIND_NAMES)[];
  const of = (kind: ForeignKind) => skipped.filter((s) => s.kind === kind);
  return [
    {
      zh: `表结构中的 ${kinds.map((k) => `${KIND_NAMES[k].zh} ${listed(of(k), true)}`).join('；')} 未执行，也不会发送到任何数据库：沙箱不连接外部服务器`,
      en: `${kinds.map((k) => `${KIND_NAMES[k].en} ${listed(of(k), false)}`).join('; ')} in the table structure not run and never sent to a database: the sandbox connects to no foreign server`,
    },
  ];
}
