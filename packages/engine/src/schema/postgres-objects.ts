import type { Localized } from '@sqltune/contracts';
import { splitStatements } from '../dialect/split.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { blank } from './dump-data.ts';
import { unquote } from './model.ts';
import { nameKey, qualifiedName, withColumnTypesReplaced } from './skipped-code.ts';

/**
 * PostgreSQL objects of a dump that the sandboxes do not make as written, planned with the nearest thing they have
 * (each statement blanked, newlines kept, so positions stay those of the text as pasted; one note per kind):
 *  - a range type the allow lists refuse (a `canonical` function, a `subtype_diff` other than the built-in ones of
 *    RANGE_SUBTYPE_DIFFS, a collation other than C / POSIX): its columns are planned with the built-in range of its
 *    subtype (int4range, int8range, numrange, daterange, tsrange, tstzrange; text for any other subtype). A range
 *    type the lists take, and every composite type, is made in the sandbox as written (statement-kinds.ts);
 *  - CREATE COLLATION (its locale and provider need what the sandbox's build may lack, and a locale string is the
 *    server's to interpret): a `COLLATE name` of a column, index key or composite attribute naming it, or any
 *    collation beyond those every PostgreSQL has (C, POSIX, ucs_basic, default), is planned as "C" when it sorts as
 *    C does (made from C or POSIX, `C.utf8`, `pg_c_utf8`), else as the database default (the clause left out);
 *  - text search configurations, dictionaries, parsers and templates (CREATE, ALTER ... ADD MAPPING): a quoted
 *    configuration name in the text (`to_tsvector('public.my_cfg', body)` in an index or a generated column) is
 *    planned as the built-in configuration it copies (`COPY = english`), or, made from a parser as pg_dump writes
 *    it, the language whose built-in stemmer most of its mappings use, else `simple`.
 */
export function withPostgresObjectsPlanned(text: string): {
  text: string;
  /** Plans DDL read later from the same paste (psql's `\d` output) with the same stand-ins. */
  resolve: (ddl: string) => string;
  /** What was planned with what, once every such DDL is resolved. */
  notes: () => Localized[];
} {
  const units = text.split('');
  const ranges = new Map<string, StandIn>();
  const collations = new Map<string, StandIn>();
  const searches = new Map<string, StandIn>();
  let changed = false;
  const stems = new Map<string, string[]>();
  for (const slice of splitStatements(text, 'postgresql')) {
    const tokens = codeTokens(lex(slice.text, { mysql: false }));
    const mapped = stemsMapped(tokens);
    if (mapped) stems.set(mapped.key, [...(stems.get(mapped.key) ?? []), ...mapped.languages]);
    const object = objectOf(tokens, slice.line, ranges);
    if (!object) continue;
    if (object.kind === 'range') ranges.set(object.key, object);
    else if (object.kind === 'collation') collations.set(object.key, object);
    else if (object.kind === 'search') searches.set(object.key, object);
    const end = slice.offset + slice.text.length;
    blank(units, slice.offset, text.startsWith(';', end) ? end + 1 : end);
    changed = true;
  }
  for (const search of searches.values()) {
    const language = search.fromMappings ? mostFrequent(stems.get(search.key) ?? []) : undefined;
    if (language) search.plannedAs = language;
  }
  const resolve = (ddl: string) => {
    let planned = ddl;
    if (ranges.size > 0)
      planned = withColumnTypesReplaced(planned, (key, column) => {
        const range = ranges.get(key);
        if (range && column) range.uses.push(column);
        return range?.plannedAs;
      });
    planned = withCollationsPlanned(planned, collations);
    return searches.size > 0 ? withSearchConfigurationsPlanned(planned, searches) : planned;
  };
  const notes = () => [
    ...(ranges.size > 0 ? [rangeNote([...ranges.values()])] : []),
    ...(collations.size > 0 ? [collationNote([...collations.values()])] : []),
    ...(searches.size > 0 ? [searchNote([...searches.values()])] : []),
  ];
  return { text: resolve(changed ? units.join('') : text), resolve, notes };
}

/** The built-in functions a range type's `subtype_diff` may name (with or without `pg_catalog.`). */
export const RANGE_SUBTYPE_DIFFS = new Set([
  'float8mi',
  'int4range_subdiff',
  'int8range_subdiff',
  'numrange_subdiff',
  'daterange_subdiff',
  'tsrange_subdiff',
  'tstzrange_subdiff',
]);

/** The collations every PostgreSQL has, whatever its build and the machine's locales. */
const UNIVERSAL_COLLATIONS = new Set(['c', 'posix', 'ucs_basic', 'default']);

interface StandIn {
  kind: 'range' | 'collation' | 'search' | 'silent';
  key: string;
  display: string;
  line: number;
  /** What it is planned as: a type, a collation ('' for the default) or a configuration. */
  plannedAs: string;
  /** The columns (ranges) or the places (text search configurations) planned with the stand-in. */
  uses: string[];
  /** A configuration made from a parser, not a copy (as pg_dump writes every one): planned by its mappings. */
  fromMappings?: true;
}

function objectOf(tokens: Token[], line: number, ranges: Map<string, StandIn>): StandIn | undefined {
  const first = tokens[0]?.text.toUpperCase();
  const textSearch = (i: number) => isKeyword(tokens[i], 'TEXT') && isKeyword(tokens[i + 1], 'SEARCH');
  if (first === 'ALTER' || first === 'DROP' || (first === 'COMMENT' && isKeyword(tokens[1], 'ON'))) {
    const at = first === 'COMMENT' ? 2 : 1;
    // What names only the objects taken out: their mappings, owners, comments (which would fail on a type never
    // made); a DROP IF EXISTS is noise anyway.
    const rangeTakenOut = isKeyword(tokens[at], 'TYPE') && ranges.has(nameAt(tokens, at + 1)?.key ?? '');
    return textSearch(at) || isKeyword(tokens[at], 'COLLATION') || rangeTakenOut ? silent(line) : undefined;
  }
  if (first !== 'CREATE') return undefined;
  if (textSearch(1)) return searchConfiguration(tokens, line);
  if (isKeyword(tokens[1], 'COLLATION')) return collation(tokens, line);
  if (isKeyword(tokens[1], 'TYPE')) return refusedRange(tokens, line);
  return undefined;
}

function silent(line: number): StandIn {
  return { kind: 'silent', key: '', display: '', line, plannedAs: '', uses: [] };
}

/** `[IF NOT EXISTS] name`, `schema.name`, `"Name"`: how PostgreSQL finds it (nameKey), as written, the token after. */
function nameAt(tokens: Token[], i: number): { key: string; display: string; next: number } | undefined {
  let k = i;
  while (['IF', 'NOT', 'EXISTS'].some((w) => isKeyword(tokens[k], w))) k++;
  const name = qualifiedName(tokens, k);
  const last = name.parts.at(-1);
  return last ? { key: nameKey(last), display: name.display, next: name.next } : undefined;
}

/** `( key = value, ... )` from the parenthesis at `open`: keys lower case, values as written (quotes kept). */
export function options(tokens: Token[], open: number): Map<string, string> {
  const found = new Map<string, string>();
  if (tokens[open]?.text !== '(') return found;
  let key = '';
  let value: string[] = [];
  let depth = 0;
  const flush = () => {
    if (key) found.set(key.toLowerCase(), value.join(''));
    key = '';
    value = [];
  };
  for (let k = open + 1; k < tokens.length; k++) {
    const text = tokens[k]!.text;
    if (depth === 0 && (text === ',' || text === ')')) {
      flush();
      if (text === ')') break;
      continue;
    }
    if (text === '(') depth++;
    else if (text === ')') depth--;
    if (!key) key = text;
    else if (text !== '=' || value.length > 0) value.push(text);
  }
  return found;
}

/** The word of an option value, unquoted and lower case: `pg_catalog.float8mi` is float8mi, `'C'` is c. */
function bareName(value: string | undefined): string {
  return unquote((value ?? '').replace(/^'|'$/g, '').replace(/^pg_catalog\./i, '')).toLowerCase();
}

/**
 * `CREATE TYPE name AS RANGE (...)` that the allow lists refuse (rangeSafety), as the stand-in its columns are
 * planned with; undefined for any other statement, and for a range type they take.
 */
function refusedRange(tokens: Token[], line: number): StandIn | undefined {
  const name = nameAt(tokens, 2);
  if (!name || !isKeyword(tokens[name.next], 'AS') || !isKeyword(tokens[name.next + 1], 'RANGE')) return undefined;
  const given = options(tokens, name.next + 2);
  if (rangeRefusal(given) === undefined) return undefined;
  return {
    kind: 'range',
    ...name,
    line,
    plannedAs: STAND_IN_RANGES[bareName(given.get('subtype'))] ?? 'text',
    uses: [],
  };
}

/**
 * Why the sandboxes may not make a range type of these options (lower-case keys), or undefined when they may: every
 * function it names must be a built-in one whose only use is a range's (a `canonical` function is never built in
 * for a new type), and its collation one every PostgreSQL has.
 */
export function rangeRefusal(given: Map<string, string>): string | undefined {
  const allowed = new Set(['subtype', 'subtype_opclass', 'subtype_diff', 'collation', 'multirange_type_name']);
  const unknown = [...given.keys()].find((key) => !allowed.has(key));
  if (unknown) return `the range option ${unknown} is not accepted`;
  if (!given.has('subtype')) return 'a range type needs a subtype';
  const diff = given.get('subtype_diff');
  if (diff !== undefined && !RANGE_SUBTYPE_DIFFS.has(bareName(diff)))
    return `subtype_diff may name only ${[...RANGE_SUBTYPE_DIFFS].join(', ')}`;
  const collation = given.get('collation');
  if (collation !== undefined && !UNIVERSAL_COLLATIONS.has(bareName(collation)))
    return 'a range collation may be only C, POSIX, ucs_basic or default';
  return undefined;
}

const STAND_IN_RANGES: Record<string, string> = {
  int2: 'int4range',
  smallint: 'int4range',
  int4: 'int4range',
  int: 'int4range',
  integer: 'int4range',
  int8: 'int8range',
  bigint: 'int8range',
  numeric: 'numrange',
  decimal: 'numrange',
  float4: 'numrange',
  float8: 'numrange',
  real: 'numrange',
  doubleprecision: 'numrange',
  date: 'daterange',
  timestamp: 'tsrange',
  timestamptz: 'tstzrange',
  timestampwithouttimezone: 'tsrange',
  timestampwithtimezone: 'tstzrange',
};

/** `CREATE COLLATION [IF NOT EXISTS] name (options) | FROM existing`: planned as C when made from C or POSIX. */
function collation(tokens: Token[], line: number): StandIn | undefined {
  const name = nameAt(tokens, 2);
  if (!name) return undefined;
  const given = options(tokens, name.next);
  const from = isKeyword(tokens[name.next], 'FROM') ? nameAt(tokens, name.next + 1)?.key : undefined;
  const locale = bareName(given.get('locale') ?? given.get('lc_collate') ?? from);
  const plannedAs = byteOrder(locale) ? 'C' : '';
  return { kind: 'collation', ...name, line, plannedAs, uses: [] };
}

/** A locale or collation that sorts by code point as "C" does: C / POSIX with any encoding, PostgreSQL 17's builtin. */
function byteOrder(name: string): boolean {
  return /^(c|posix)([._-].*)?$|^pg_c_utf8$/i.test(name);
}

/**
 * Every `COLLATE name` naming a collation taken out or one the sandbox may lack, written as `COLLATE "C"` or left
 * out (the default); the collations met are added to `collations` for the note.
 */
function withCollationsPlanned(text: string, collations: Map<string, StandIn>): string {
  const tokens = codeTokens(lex(text, { mysql: false }));
  let planned = '';
  let done = 0;
  for (const [i, token] of tokens.entries()) {
    if (!isKeyword(token, 'COLLATE')) continue;
    const name = nameAt(tokens, i + 1);
    if (!name || (UNIVERSAL_COLLATIONS.has(name.key.toLowerCase()) && !collations.has(name.key))) continue;
    let known = collations.get(name.key);
    if (!known) {
      known = { kind: 'collation', ...name, line: 0, plannedAs: byteOrder(name.key) ? 'C' : '', uses: [] };
      collations.set(name.key, known);
    }
    planned += text.slice(done, token.start) + (known.plannedAs ? 'COLLATE "C"' : '');
    done = tokens[name.next - 1]!.end;
  }
  return done === 0 ? text : planned + text.slice(done);
}

/** The built-in text search configurations of PostgreSQL 15 and later. */
const BUILT_IN_CONFIGURATIONS = new Set(
  'simple arabic armenian basque catalan danish dutch english finnish french german greek hindi hungarian indonesian irish italian lithuanian nepali norwegian portuguese romanian russian serbian spanish swedish tamil turkish yiddish'.split(
    ' ',
  ),
);

/** `CREATE TEXT SEARCH CONFIGURATION | DICTIONARY | PARSER | TEMPLATE name (...)`. */
function searchConfiguration(tokens: Token[], line: number): StandIn | undefined {
  const name = nameAt(tokens, 4);
  if (!name) return undefined;
  const configuration = isKeyword(tokens[3], 'CONFIGURATION');
  const copied = configuration ? bareName(options(tokens, name.next).get('copy')) : '';
  // A dictionary, parser or template is planned as nothing: only a configuration is named where text is searched.
  const plannedAs = configuration ? (BUILT_IN_CONFIGURATIONS.has(copied) ? copied : 'simple') : '';
  const fromMappings = configuration && !copied ? { fromMappings: true as const } : {};
  return { kind: 'search', ...name, line, plannedAs, uses: [], ...fromMappings };
}

/**
 * `ALTER TEXT SEARCH CONFIGURATION name ADD | ALTER MAPPING FOR ... WITH dictionaries`: the languages of the built-in
 * snowball dictionaries it maps to (`english_stem`: english), so a configuration pg_dump writes as a parser and its
 * mappings is planned as the built-in one it is closest to.
 */
function stemsMapped(tokens: Token[]): { key: string; languages: string[] } | undefined {
  const words = ['ALTER', 'TEXT', 'SEARCH', 'CONFIGURATION'];
  if (!words.every((w, i) => isKeyword(tokens[i], w))) return undefined;
  const name = nameAt(tokens, 4);
  const at = tokens.findIndex((t) => isKeyword(t, 'WITH'));
  if (!name || at < 0) return undefined;
  const languages = tokens
    .slice(at + 1)
    .map((t) => /^(?:pg_catalog\.)?([a-z]+)_stem$/i.exec(t.text)?.[1]?.toLowerCase() ?? '')
    .filter((language) => BUILT_IN_CONFIGURATIONS.has(language));
  return { key: name.key, languages };
}

function mostFrequent(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Each string naming a configuration taken out (`'my_cfg'`, `'public.my_cfg'`) written as the one it is planned as. */
function withSearchConfigurationsPlanned(text: string, searches: Map<string, StandIn>): string {
  const tokens = codeTokens(lex(text, { mysql: false }));
  let planned = '';
  let done = 0;
  for (const token of tokens) {
    if (token.kind !== 'string' || !token.text.startsWith("'")) continue;
    const written = token.text.slice(1, -1);
    const configuration = searches.get(nameKey(written.split('.').at(-1) ?? ''));
    if (!configuration?.plannedAs) continue;
    configuration.uses.push(written);
    planned += `${text.slice(done, token.start)}'${configuration.plannedAs}'`;
    done = token.end;
  }
  return done === 0 ? text : planned + text.slice(done);
}

function rangeNote(ranges: StandIn[]): Localized {
  const en = ranges.map(
    (r) =>
      `${r.display} (line ${r.line}${r.uses.length > 0 ? `; columns ${r.uses.join(', ')}` : ''}) as ${r.plannedAs}`,
  );
  const zh = ranges.map(
    (r) => `${r.display}（第 ${r.line} 行${r.uses.length > 0 ? `；列 ${r.uses.join('、')}` : ''}）按 ${r.plannedAs}`,
  );
  return {
    zh: `范围类型 ${zh.join('，')} 规划：它们引用了沙箱不创建的函数或排序规则（只接受内置的 subtype_diff），CREATE TYPE 未执行。`,
    en: `Range types planned as the built-in range of their subtype: ${en.join(', ')}. They name a function or collation the sandbox does not make (only built-in subtype_diff functions are taken); their CREATE TYPE was not run.`,
  };
}

function collationNote(collations: StandIn[]): Localized {
  const target = (c: StandIn, zh: boolean) =>
    c.plannedAs ? '"C"' : zh ? '数据库默认排序规则' : 'the database default';
  const made = collations.filter((c) => c.line > 0);
  return {
    zh: `沙箱可能没有的排序规则按最接近的规则规划：${collations.map((c) => `${c.display} → ${target(c, true)}`).join('，')}${made.length > 0 ? `（CREATE COLLATION 未执行：第 ${made.map((c) => c.line).join('、')} 行）` : ''}。`,
    en: `Collations the sandbox may lack planned as the nearest it has: ${collations.map((c) => `${c.display} → ${target(c, false)}`).join(', ')}${made.length > 0 ? ` (CREATE COLLATION not run: line ${made.map((c) => c.line).join(', ')})` : ''}.`,
  };
}

function searchNote(searches: StandIn[]): Localized {
  // Places, not lines: a `\d` index's DDL is made from the paste, so its lines are not the paste's.
  const used = (s: StandIn, zh: boolean) =>
    s.uses.length === 0
      ? ''
      : zh
        ? `，${s.uses.length} 处按 '${s.plannedAs}' 规划`
        : `, planned as '${s.plannedAs}' in ${s.uses.length} ${s.uses.length > 1 ? 'places' : 'place'}`;
  return {
    zh: `文本搜索对象未创建（沙箱不创建文本搜索配置和词典）：${searches.map((s) => `${s.display}（第 ${s.line} 行${used(s, true)}）`).join('，')}。引用配置的索引或列按其复制的、或其映射所用词干词典对应的内置配置（否则 simple）规划，分词不同；语句中引用该配置则无法规划。`,
    en: `Text search objects not made (the sandbox makes no text search configuration or dictionary): ${searches.map((s) => `${s.display} (line ${s.line}${used(s, false)})`).join('; ')}. An index or column naming a configuration is planned with the built-in one it copies or whose stemmer it maps to (else simple), which splits words differently; a statement naming it does not plan.`,
  };
}
