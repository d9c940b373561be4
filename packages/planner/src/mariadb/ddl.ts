/**
 * Which statements of the user's table structure text may run in the MariaDB sandbox.
 *
 *  run:    CREATE TABLE (not ... AS SELECT / ... SELECT, not TEMPORARY), CREATE TABLE ... LIKE,
 *          CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX, CREATE [OR REPLACE] [ALGORITHM=..] [DEFINER=..] [SQL SECURITY ..] VIEW,
 *          CREATE SEQUENCE, and ALTER TABLE whose clauses are ADD (INDEX, KEY, UNIQUE, PRIMARY KEY, FULLTEXT,
 *          SPATIAL, CONSTRAINT, FOREIGN KEY, CHECK, COLUMN), MODIFY / CHANGE / ALTER COLUMN, DROP of an index,
 *          key, constraint or column, RENAME (a column, an index, the table), or table options (ENGINE,
 *          AUTO_INCREMENT, CHARSET, COMMENT, ...), DROP VIEW IF EXISTS (mysqldump's placeholder views are replaced
 *          so), and a migration history's later steps: DROP TABLE | INDEX | VIEW [IF EXISTS], RENAME TABLE.
 *          The session's user holds privileges on its own databases only, so a name qualified with another
 *          database is refused by the server (1142, a 4203 at the statement). None of them runs user code with
 *          privilege: the tables are empty, no routine, trigger or event can be defined, and every statement runs as
 *          the session's user in its own database.
 *  skip:   mysqldump and client noise that changes nothing for planning, the statements whose first word the engine
 *          calls noise (SCHEMA_NOISE_FIRST_WORDS.mysql: SET, USE, LOCK / UNLOCK TABLES, FLUSH, the client's SOURCE,
 *          GRANT / REVOKE, ...), a SELECT of no table (a script's message),
 *          DROP DATABASE / SCHEMA / SEQUENCE ... IF EXISTS (the sandbox starts empty), CREATE DATABASE / SCHEMA, START TRANSACTION / BEGIN /
 *          COMMIT, ALTER TABLE ... DISABLE / ENABLE KEYS, DELIMITER.
 *  reject: everything else (INSERT, LOAD DATA, CREATE TRIGGER / PROCEDURE / FUNCTION / EVENT, CREATE TABLE ... SELECT,
 *          ALTER TABLE ... DISCARD TABLESPACE, ...): error 4203 at the statement. A dump's triggers,
 *          routines, events, GRANTs and a migration history's data steps never reach this list through the engine: it blanks them before
 *          (engine/src/schema/skipped-code.ts, with a note); they stay refused here if they do.
 */
import { SCHEMA_NOISE_FIRST_WORDS } from '@sqltune/engine';
import { leadingWords, nameOf, type Token } from '../sql-text.ts';

export type DdlAction = 'run' | 'skip' | 'reject';

export interface DdlDecision {
  action: DdlAction;
  /** Short description of the statement kind, e.g. "CREATE TABLE", for messages. */
  kind: string;
  /** Why a statement is rejected (English). */
  reason?: string;
  /** The table a CREATE TABLE / ALTER TABLE / CREATE INDEX works on (unquoted, without a database). */
  table?: string;
}

const ALTER_TABLE_OK_FIRST = new Set([
  'ADD',
  'RENAME',
  // CONVERT TO CHARACTER SET cs [COLLATE c]: Rails' and Laravel's migrations to utf8mb4.
  'CONVERT',
  'MODIFY',
  'CHANGE',
  'ALTER',
  'DROP',
  'ENGINE',
  'AUTO_INCREMENT',
  'DEFAULT',
  'CHARACTER',
  'CHARSET',
  'COLLATE',
  'COMMENT',
  'ROW_FORMAT',
  'KEY_BLOCK_SIZE',
  'STATS_PERSISTENT',
  'STATS_AUTO_RECALC',
  'STATS_SAMPLE_PAGES',
  'ALGORITHM',
  'LOCK',
  'PACK_KEYS',
  'CHECKSUM',
  'AVG_ROW_LENGTH',
  'MAX_ROWS',
  'MIN_ROWS',
  'PAGE_COMPRESSED',
  'PAGE_CHECKSUM',
  'TRANSACTIONAL',
  'ENCRYPTED',
  'ENCRYPTION_KEY_ID',
  'PERSISTENT',
  'ORDER',
  'FORCE',
  'ENABLE',
  'DISABLE',
]);

/** Unquoted name of a (possibly `db`.`name` qualified) identifier starting at tokens[i]; and the index after it. */
export function qualifiedNameAt(tokens: Token[], i: number): { name: string; next: number } | undefined {
  let name = nameOf(tokens[i]);
  if (name === undefined) return undefined;
  let next = i + 1;
  while (tokens[next]?.kind === 'punct' && tokens[next].value === '.' && nameOf(tokens[next + 1]) !== undefined) {
    name = nameOf(tokens[next + 1]) as string;
    next += 2;
  }
  return { name, next };
}

/** Index of the word `word` at depth 0 from `from` on, or -1. */
function findWord(tokens: Token[], word: string, from = 0): number {
  for (let i = from; i < tokens.length; i++)
    if (tokens[i].kind === 'word' && tokens[i].depth === 0 && tokens[i].value === word) return i;
  return -1;
}

/** Splits the tokens after `from` at depth-0 commas. */
function clauses(tokens: Token[], from: number): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.depth === 0 && t.kind === 'punct' && t.value === ',') {
      out.push(current);
      current = [];
      continue;
    }
    current.push(t);
  }
  if (current.length > 0) out.push(current);
  return out;
}

function classifyAlterTable(tokens: Token[]): DdlDecision {
  // ALTER [ONLINE] [IGNORE] TABLE [IF EXISTS] name clauses
  let i = 1;
  while (tokens[i]?.kind === 'word' && (tokens[i].value === 'ONLINE' || tokens[i].value === 'IGNORE')) i++;
  i++; // TABLE
  if (tokens[i]?.value === 'IF' && tokens[i + 1]?.value === 'EXISTS') i += 2;
  const target = qualifiedNameAt(tokens, i);
  if (!target) return { action: 'reject', kind: 'ALTER TABLE', reason: 'the table name is missing' };
  const parts = clauses(tokens, target.next);
  if (parts.length === 0) return { action: 'run', kind: 'ALTER TABLE', table: target.name };
  let onlyKeys = true;
  for (const clause of parts) {
    const first = clause[0];
    const word = first?.kind === 'word' ? first.value : '';
    if ((word === 'DISABLE' || word === 'ENABLE') && clause[1]?.value === 'KEYS') continue;
    onlyKeys = false;
    if (word === 'DROP') {
      const what = clause[1]?.kind === 'word' ? clause[1].value : 'COLUMN';
      if (['PARTITION', 'SYSTEM'].includes(what))
        return {
          action: 'reject',
          kind: `ALTER TABLE ... DROP ${what}`,
          reason: `ALTER TABLE ... DROP ${what} is not part of a table structure`,
        };
      continue;
    }
    if (word === 'ORDER' || word === 'FORCE') continue;
    if (!ALTER_TABLE_OK_FIRST.has(word)) {
      const kind = `ALTER TABLE ... ${first?.text.toUpperCase() ?? ''}`.trim();
      return {
        action: 'reject',
        kind,
        reason: `${kind} is not accepted in a table structure (only ADD, MODIFY, CHANGE, ALTER, DROP, RENAME, CONVERT TO and table options)`,
      };
    }
  }
  if (onlyKeys) return { action: 'skip', kind: 'ALTER TABLE ... DISABLE/ENABLE KEYS', table: target.name };
  return { action: 'run', kind: 'ALTER TABLE', table: target.name };
}

export function classifyDdl(tokens: Token[]): DdlDecision {
  if (tokens.length === 0) return { action: 'skip', kind: 'empty' };
  const words = leadingWords(tokens, 12);
  const first = words[0] ?? tokens[0].text.toUpperCase();
  if (SCHEMA_NOISE_FIRST_WORDS.mysql.has(first)) return { action: 'skip', kind: first };
  // A script's message (`SELECT 'CREATING DATABASE STRUCTURE' as 'INFO'`): it reads and writes no table.
  if (first === 'SELECT' && !tokens.some((t) => t.kind === 'word' && (t.value === 'FROM' || t.value === 'INTO')))
    return { action: 'skip', kind: 'SELECT' };
  if (first === 'DROP') {
    const ifAt = findWord(tokens, 'IF');
    const ifExists = ifAt > 0 && tokens[ifAt + 1]?.value === 'EXISTS';
    // mysqldump creates a placeholder for a view, then DROP VIEW IF EXISTS before the view itself: run it (in the
    // session's own database); the sandbox starts empty, so other drops change nothing.
    if (ifExists && words[1] === 'VIEW') return { action: 'run', kind: 'DROP VIEW IF EXISTS' };
    // A migration history's later steps (DROP TABLE old_x, DROP INDEX i ON t): run in the session's own database,
    // with the session user's privileges, which hold on its databases only.
    if (words[1] === 'TABLE' || words[1] === 'INDEX' || words[1] === 'VIEW')
      return { action: 'run', kind: `DROP ${words[1]}` };
    // Sakila's and other scripts' `DROP SCHEMA IF EXISTS sakila; CREATE SCHEMA sakila; USE sakila;` before the
    // tables: the session's database stands for the one named, as CREATE SCHEMA and USE are skipped.
    return ifExists && ['SEQUENCE', 'DATABASE', 'SCHEMA'].includes(words[1] ?? '')
      ? { action: 'skip', kind: 'DROP IF EXISTS' }
      : { action: 'reject', kind: 'DROP', reason: 'DROP is not part of a table structure' };
  }
  if (first === 'RENAME' && words[1] === 'TABLE') return { action: 'run', kind: 'RENAME TABLE' };
  if (first === 'ALTER') {
    const object =
      words[1] === 'ONLINE' || words[1] === 'IGNORE' ? (words[2] === 'TABLE' ? 'TABLE' : words[2]) : words[1];
    if (object === 'TABLE') return classifyAlterTable(tokens);
    return {
      action: 'reject',
      kind: `ALTER ${object ?? ''}`.trim(),
      reason: `ALTER ${object ?? ''} is not part of a table structure`,
    };
  }
  if (first === 'CREATE') {
    let i = 1;
    if (words[i] === 'OR' && words[i + 1] === 'REPLACE') i += 2;
    if (words[i] === 'DATABASE' || words[i] === 'SCHEMA') return { action: 'skip', kind: `CREATE ${words[i]}` };
    if (words[i] === 'TEMPORARY')
      return {
        action: 'reject',
        kind: 'CREATE TEMPORARY TABLE',
        reason: 'temporary tables are not part of a table structure',
      };
    if (words[i] === 'TABLE') {
      let k = tokens.findIndex((t) => t.kind === 'word' && t.value === 'TABLE') + 1;
      if (tokens[k]?.value === 'IF' && tokens[k + 1]?.value === 'NOT' && tokens[k + 2]?.value === 'EXISTS') k += 3;
      const target = qualifiedNameAt(tokens, k);
      if (tokens.some((t) => t.kind === 'word' && t.value === 'SELECT')) {
        return {
          action: 'reject',
          kind: 'CREATE TABLE ... SELECT',
          reason: 'CREATE TABLE ... SELECT copies data and is not accepted; write the columns out',
        };
      }
      return { action: 'run', kind: 'CREATE TABLE', table: target?.name };
    }
    let j = i;
    while (['UNIQUE', 'FULLTEXT', 'SPATIAL', 'ONLINE', 'OFFLINE'].includes(words[j] ?? '')) j++;
    if (words[j] === 'INDEX') {
      const onAt = findWord(tokens, 'ON');
      const target = onAt >= 0 ? qualifiedNameAt(tokens, onAt + 1) : undefined;
      return { action: 'run', kind: 'CREATE INDEX', table: target?.name };
    }
    if (words[i] === 'SEQUENCE') return { action: 'run', kind: 'CREATE SEQUENCE' };
    // CREATE [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x] VIEW
    const viewAt = findWord(tokens, 'VIEW');
    const asAt = findWord(tokens, 'AS');
    if (viewAt > 0 && (asAt < 0 || viewAt < asAt)) {
      const before = tokens
        .slice(1, viewAt)
        .filter((t) => t.kind === 'word')
        .map((t) => t.value);
      const allowed = new Set([
        'OR',
        'REPLACE',
        'ALGORITHM',
        'UNDEFINED',
        'MERGE',
        'TEMPTABLE',
        'DEFINER',
        'SQL',
        'SECURITY',
        'INVOKER',
        'CURRENT_USER',
      ]);
      const definerAt = findWord(tokens, 'DEFINER');
      if (before.every((w) => allowed.has(w)) || (definerAt > 0 && definerAt < viewAt))
        return { action: 'run', kind: 'CREATE VIEW' };
    }
    const object = words[i] ?? '';
    return {
      action: 'reject',
      kind: `CREATE ${object}`.trim(),
      reason: `CREATE ${object} is not part of a table structure`,
    };
  }
  return { action: 'reject', kind: first, reason: `${first} is not part of a table structure` };
}

/**
 * The user's CREATE VIEW without its DEFINER clause: the sandbox runs it as the session's user, which may not
 * name another definer. Returns the text unchanged when there is none.
 */
export function withoutDefiner(text: string, tokens: Token[], textOffset = 0): string {
  const at = tokens.findIndex((t) => t.kind === 'word' && t.value === 'DEFINER' && t.depth === 0);
  if (at < 0 || tokens[at + 1]?.value !== '=') return text;
  // DEFINER = user | DEFINER = 'u'@'h' | DEFINER = `u`@`h` | DEFINER = CURRENT_USER[()]
  let end = at + 2;
  const t = tokens[end];
  if (!t) return text;
  end++;
  if (tokens[end]?.kind === 'var') end++;
  else if (tokens[end]?.kind === 'op' && tokens[end].value === '@') end += 2;
  if (tokens[end]?.value === '(' && tokens[end + 1]?.value === ')') end += 2;
  const from = tokens[at].start - textOffset;
  const to = tokens[end - 1].end - textOffset;
  return `${text.slice(0, from)}${' '.repeat(to - from)}${text.slice(to)}`;
}

export interface WhatIfIndex {
  /** The ALTER TABLE statement that creates the index. */
  sql: string;
  table: string;
  /** The name the user gave, if any. */
  name?: string;
}

/**
 * A what-if index as an ALTER TABLE ... ADD INDEX statement. Accepts `CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX name
 * [USING x] ON table (cols) [options]` and `ALTER TABLE table ADD {INDEX|KEY|UNIQUE ...} ...`; anything else is undefined.
 */
export function whatIfIndexOf(text: string, tokens: Token[]): WhatIfIndex | undefined {
  const words = leadingWords(tokens, 6);
  if (words[0] === 'CREATE') {
    let i = 1;
    if (words[i] === 'OR' && words[i + 1] === 'REPLACE') return undefined;
    let kind = '';
    while (['UNIQUE', 'FULLTEXT', 'SPATIAL', 'ONLINE', 'OFFLINE'].includes(words[i] ?? '')) {
      if (words[i] !== 'ONLINE' && words[i] !== 'OFFLINE') kind = words[i];
      i++;
    }
    if (words[i] !== 'INDEX') return undefined;
    let k = i + 1;
    if (tokens[k]?.value === 'IF' && tokens[k + 1]?.value === 'NOT' && tokens[k + 2]?.value === 'EXISTS') k += 3;
    const name = nameOf(tokens[k]);
    const onAt = findWord(tokens, 'ON', k);
    if (!name || onAt < 0) return undefined;
    const target = qualifiedNameAt(tokens, onAt + 1);
    if (!target) return undefined;
    const open = tokens[target.next];
    if (!(open?.kind === 'punct' && open.value === '(')) return undefined;
    const using = tokens
      .slice(k + 1, onAt)
      .map((t) => t.text)
      .join(' ');
    const rest = text.slice(open.start).trim();
    const sql = `ALTER TABLE \`${target.name.replace(/`/g, '``')}\` ADD ${kind ? `${kind} ` : ''}INDEX \`${name.replace(/`/g, '``')}\` ${using ? `${using} ` : ''}${rest}`;
    return { sql, table: target.name, name };
  }
  if (words[0] === 'ALTER' && words[1] === 'TABLE') {
    const target = qualifiedNameAt(tokens, 2);
    if (!target) return undefined;
    const parts = clauses(tokens, target.next);
    if (parts.length === 0) return undefined;
    for (const clause of parts) {
      if (clause[0]?.value !== 'ADD') return undefined;
      const what = clause[1]?.value;
      if (!['INDEX', 'KEY', 'UNIQUE', 'FULLTEXT', 'SPATIAL'].includes(what ?? '')) return undefined;
    }
    const tail = text.slice(tokens[target.next].start);
    return { sql: `ALTER TABLE \`${target.name.replace(/`/g, '``')}\` ${tail}`, table: target.name };
  }
  return undefined;
}
