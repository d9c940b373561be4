/**
 * What the user's text names that the MariaDB sandbox has under other names (issue 11):
 *  - databases: `shop.orders` in a table structure or a statement names the session's own database in the sandbox
 *    (its user may reach no other). The qualifier is blanked - `    .orders` - which MariaDB reads as the default
 *    database, and which keeps every position of the text, so errors still point at the user's line and column.
 *  - MySQL 8 collations (`utf8mb4_0900_ai_ci`, ...), which MariaDB 10.11 does not have: planned as the nearest ones it
 *    has, and the report says which.
 */
import type { Localized } from '@sqltune/contracts';
import { nameOf, type SqlStatement, type Token, tokenize } from '../sql-text.ts';

/** Schemas every server has: a qualifier naming them is never the user's database. */
const SYSTEM_DATABASES = new Set(['mysql', 'information_schema', 'performance_schema', 'sys']);

/** The databases the table structure names: qualifiers of the objects it defines, and the databases it USEs. */
export function namedDatabases(statements: SqlStatement[]): Set<string> {
  const databases = new Set<string>();
  for (const { tokens } of statements) {
    if (tokens[0]?.kind === 'word' && tokens[0].value === 'USE') {
      const name = nameOf(tokens[1]);
      if (name) databases.add(name.toLowerCase());
      continue;
    }
    for (let i = 1; i + 2 < tokens.length; i++) {
      const [a, dot, b] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
      if (dot.kind === 'punct' && dot.value === '.' && nameOf(a) && nameOf(b) && namesTable(tokens, i - 1)) {
        databases.add(nameOf(a)!.toLowerCase());
      }
    }
  }
  for (const system of SYSTEM_DATABASES) databases.delete(system);
  return databases;
}

/**
 * Whether the name after `tokens[at]` is a table's: after TABLE, VIEW, EXISTS, REFERENCES, INTO, FROM, JOIN or
 * UPDATE, or ON when a column list follows (CREATE INDEX i ON db.t (...)). A join condition's `ON t.c = ...` and a
 * function's `EXTRACT(YEAR FROM t.c)` name columns: their qualifier is a table or alias (Sakila's film_list view
 * made `film` a database, and its `film.film_id` lost the qualifier in the sandbox).
 */
function namesTable(tokens: Token[], at: number): boolean {
  const word = tokens[at]!.kind === 'word' ? tokens[at]!.value : '';
  if (word === 'ON') return tokens[at + 4]?.kind === 'punct' && tokens[at + 4]!.value === '(';
  if (word === 'FROM') return !inCallArguments(tokens, at);
  return /^(TABLE|VIEW|EXISTS|REFERENCES|INTO|JOIN|UPDATE)$/.test(word);
}

/** Whether `tokens[at]` stands inside parentheses that hold no query: a call's arguments. */
function inCallArguments(tokens: Token[], at: number): boolean {
  const depth = tokens[at]!.depth;
  if (depth === 0) return false;
  for (let k = at - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.depth < depth && t.kind === 'punct' && t.value === '(') {
      const next = tokens[k + 1];
      return !(next?.kind === 'word' && (next.value === 'SELECT' || next.value === 'WITH'));
    }
  }
  return false;
}

/** `text` with every qualifier naming one of `databases` blanked (same length, same positions). */
export function withoutDatabaseQualifiers(text: string, databases: ReadonlySet<string>): string {
  if (databases.size === 0) return text;
  const tokens = tokenize(text, 'mysql');
  let units: string[] | undefined;
  tokens.forEach((token, i) => {
    const dot = tokens[i + 1];
    if (dot?.kind !== 'punct' || dot.value !== '.' || dot.start !== token.end) return;
    if (tokens[i - 1]?.kind === 'punct' && tokens[i - 1]!.value === '.') return;
    const name = nameOf(token)?.toLowerCase();
    if (!name || !databases.has(name) || !nameOf(tokens[i + 2])) return;
    units ??= text.split('');
    for (let k = token.start; k < token.end; k++) units[k] = ' ';
  });
  return units ? units.join('') : text;
}

/** MySQL 8's UCA 9.0.0 collations, by what they compare: MariaDB 10.11's nearest. */
function nearestCollation(name: string): string | undefined {
  const m = /^utf8mb4_(?:[a-z]{2}(?:_[a-z]+)?_)?0900_(ai_ci|as_ci|as_cs|bin)$/i.exec(name);
  if (!m) return undefined;
  // Case- and accent-insensitive: UCA 5.2.0. Anything that tells case or accents apart: binary order.
  return m[1]!.toLowerCase() === 'ai_ci' ? 'utf8mb4_unicode_520_ci' : 'utf8mb4_bin';
}

export interface MappedCollations {
  text: string;
  /** `from -> to` for each collation replaced. */
  mapped: Map<string, string>;
}

/** `text` with MySQL 8's collations named as MariaDB's nearest (the text's length changes). */
export function withMariaDbCollations(text: string): MappedCollations {
  const mapped = new Map<string, string>();
  const tokens: Token[] = tokenize(text, 'mysql');
  let out = '';
  let from = 0;
  for (const token of tokens) {
    const name =
      token.kind === 'word' ? token.text : token.kind === 'string' || token.kind === 'qident' ? token.value : '';
    const nearest = name ? nearestCollation(name) : undefined;
    if (!nearest) continue;
    mapped.set(name, nearest);
    out += text.slice(from, token.start) + nearest;
    from = token.end;
  }
  return { text: mapped.size > 0 ? out + text.slice(from) : text, mapped };
}

/** The note for the report: which collations were planned as which. */
export function collationNote(mapped: ReadonlyMap<string, string>): Localized | undefined {
  if (mapped.size === 0) return undefined;
  const pairs = [...mapped].map(([from, to]) => `${from} → ${to}`).join(', ');
  return {
    zh: `MariaDB 10.11 没有 MySQL 8 的这些排序规则，按最接近的规则规划：${pairs}`,
    en: `MariaDB 10.11 has no such MySQL 8 collations; planned with the nearest it has: ${pairs}`,
  };
}

/**
 * `value` (a plan, a verification, any JSON-like result) with the sandbox's own database names taken out of every
 * string it holds: the session's `s_<id>` and its verification copy `v_<id>` qualify the tables in the optimizer's
 * trace, the tabular EXPLAIN, messages and verification details, where the user wrote (and must read) the table
 * names alone. `` `s_<id>`.`orders` `` and `s_<id>.orders` become `` `orders` `` and `orders`; a name left standing
 * alone becomes the word "sandbox". Objects are copied where a string changes; the rest is shared.
 */
export function inUserNames<T>(value: T, sandboxNames: readonly string[]): T {
  const names = sandboxNames.filter((n) => n.length > 0);
  if (names.length === 0) return value;
  const pattern = new RegExp(
    `\`(?:${names.map(escapeRegExp).join('|')})\`\\.|\\b(?:${names.map(escapeRegExp).join('|')})\\.|\\b(${names.map(escapeRegExp).join('|')})\\b`,
    'g',
  );
  const map = (item: unknown): unknown => {
    if (typeof item === 'string') return item.replace(pattern, (_, alone?: string) => (alone ? 'sandbox' : ''));
    if (Array.isArray(item)) {
      const mapped = item.map(map);
      return mapped.some((m, i) => m !== item[i]) ? mapped : item;
    }
    if (item && typeof item === 'object') {
      let changed = false;
      const entries = Object.entries(item).map(([k, v]) => {
        const m = map(v);
        if (m !== v) changed = true;
        return [k, m] as const;
      });
      return changed ? Object.fromEntries(entries) : item;
    }
    return item;
  };
  return map(value) as T;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
