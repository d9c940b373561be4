import type { Dialect } from '@sqltune/contracts';
import { type AstNode, isNode } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { closingParen, type FormContext, notRead } from './markers.ts';

/**
 * Data types node-sql-parser 5.4 refuses or misreads, in CAST(... AS type), PostgreSQL's `::type`, MySQL's
 * CONVERT(x, type) and CREATE TABLE column definitions (issue 11's grammar corpus). The grammars know a list of
 * spellings; others they refuse (`timetz`, `int4range`, MySQL's `NCHAR(3)`), or read as something else: PostgreSQL's
 * and MySQL's `int4`, `int8`, `float8` as INT(4), INT(8), FLOAT(8) (a display width, a single-precision float where
 * the type is a bigint or a double), PostgreSQL's `character(3)` as CHARACTER VARYING, `int4range` as INT(4) with an
 * alias `range`, `text[][]` as a one-dimensional array of a type named `TEXT[]`. (`int8`, `float8` and their kin come
 * back as INT, FLOAT with a length and no parentheses, which INT(8) has: the engine's rules and schema reading know
 * that spelling, so it is kept.)
 *
 * Every type outside the spellings each grammar reads as written (TYPES_READ) is handed to the parser as
 * `VARCHAR(<marker>)` and put back as the type written, in node-sql-parser's shape for types: `{dataType: 'INT4'}`,
 * `{dataType: 'NUMERIC', length: 5, scale: 2, parentheses: true}`, `{dataType: 'TIME', length: 3, suffix: ['WITH',
 * 'TIME', 'ZONE']}`, `{dataType: 'INTERVAL', suffix: ['DAY', 'TO', 'SECOND'], length: 3}`, arrays as
 * `array: {dimension: 2, length: [null, null]}` or `{keyword: 'array', length: [4]}`. The name is upper-cased as the
 * grammars do (a quoted name keeps its text and quotes), a schema is kept in `schema`.
 */
export function typeForms(context: FormContext): void {
  const { tokens } = context;
  const types = new TypeMarkers(context);
  tokens.forEach((token, i) => {
    if (isKeyword(token, 'CAST') && tokens[i + 1]?.text === '(') {
      const close = closingParen(tokens, i + 1);
      const as = lastTopLevel(tokens, i + 2, close, 'AS');
      // MySQL's `CAST(x AS CHAR(64) CHARSET utf8mb4)`, as SHOW CREATE TABLE prints a functional index on JSON: the
      // grammar reads the same type with CHARACTER SET, which CHARSET is short for.
      const charset = context.dialect === 'mysql' && as > 0 ? lastTopLevel(tokens, as + 1, close, 'CHARSET') : -1;
      const word = tokens[charset];
      if (word) context.substitutions.push({ start: word.start, end: word.end, replacement: 'CHARACTER SET' });
      if (as > 0) types.mark(as + 1, charset > 0 ? charset - 1 : close - 1);
    } else if (token.text === ':' && tokens[i + 1]?.text === ':' && tokens[i + 1]!.start === token.end) {
      const end = typeEnd(tokens, i + 2, context.dialect);
      if (end >= i + 2) types.mark(i + 2, end);
    } else if (context.dialect === 'mysql' && isKeyword(token, 'CONVERT') && tokens[i + 1]?.text === '(') {
      const close = closingParen(tokens, i + 1);
      const comma = lastTopLevel(tokens, i + 2, close, ',');
      if (comma > 0 && lastTopLevel(tokens, i + 2, close, 'USING') < 0) types.mark(comma + 1, close - 1);
    }
  });
  for (const [first, last] of columnTypes(tokens, context.dialect)) types.mark(first, last, true);
  types.emit();
}

/** The spellings each grammar reads as written (upper case, without parameters). */
const TYPES_READ: Record<Dialect, Set<string>> = {
  postgresql: new Set(
    (
      'SMALLINT INTEGER BIGINT INT DECIMAL NUMERIC REAL DOUBLE_PRECISION FLOAT MONEY SMALLSERIAL SERIAL BIGSERIAL ' +
      'TEXT VARCHAR CHARACTER_VARYING CHAR DATE TIME TIMESTAMP TIMESTAMPTZ BOOLEAN BOOL BYTEA UUID JSON JSONB ' +
      'TSVECTOR TSQUERY INET CIDR MACADDR MACADDR8 BIT BIT_VARYING OID REGCLASS REGTYPE REGPROC INTERVAL ' +
      // Read as INT, FLOAT, SERIAL with a length and no parentheses (semantics/types.ts definedType: INT8 is BIGINT).
      'INT2 INT4 INT8 FLOAT4 FLOAT8 SERIAL2 SERIAL4 SERIAL8 ' +
      // Read as TEXT before the parser sees it (grammar-gaps.ts).
      'STRING'
    ).split(' '),
  ),
  mysql: new Set(
    (
      'TINYINT SMALLINT MEDIUMINT INT INTEGER BIGINT DECIMAL DEC NUMERIC FLOAT DOUBLE BIT BOOLEAN DATE TIME DATETIME ' +
      'TIMESTAMP YEAR CHAR VARCHAR BINARY VARBINARY TINYTEXT TEXT MEDIUMTEXT LONGTEXT TINYBLOB BLOB MEDIUMBLOB ' +
      'LONGBLOB ENUM SET JSON GEOMETRY POINT LINESTRING POLYGON MULTIPOINT MULTILINESTRING MULTIPOLYGON ' +
      'GEOMETRYCOLLECTION SIGNED UNSIGNED SIGNED_INTEGER UNSIGNED_INTEGER STRING ' +
      'INT1 INT2 INT3 INT4 INT8 FLOAT4 FLOAT8'
    ).split(' '),
  ),
};

/** Types of more than one word: the words after the first that belong to it. */
const MULTIWORD: Array<[string, string[]]> = [
  ['DOUBLE', ['PRECISION']],
  ['CHARACTER', ['VARYING']],
  ['CHAR', ['VARYING']],
  ['BIT', ['VARYING']],
  ['NATIONAL', ['CHARACTER', 'VARYING']],
  ['NATIONAL', ['CHAR', 'VARYING']],
  ['NATIONAL', ['CHARACTER']],
  ['NATIONAL', ['CHAR']],
  ['NATIONAL', ['VARCHAR']],
  ['NCHAR', ['VARYING']],
  ['NCHAR', ['VARCHAR']],
  ['LONG', ['VARCHAR']],
  ['LONG', ['VARBINARY']],
  ['SIGNED', ['INTEGER']],
  ['UNSIGNED', ['INTEGER']],
];

const INTERVAL_FIELDS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'];

interface ScannedType {
  end: number;
  type: AstNode;
}

/**
 * The type written from token `i` on: its last token and its node, or undefined when no type starts there.
 * `namedModifiers`: where only a type can stand (a column definition), modifiers may be names (PostGIS:
 * `geometry(Point, 4326)`); elsewhere `lower(name)` is a call.
 */
export function scanType(
  tokens: Token[],
  i: number,
  dialect: Dialect,
  namedModifiers = false,
): ScannedType | undefined {
  const first = tokens[i];
  if (!first || (first.kind !== 'word' && first.kind !== 'quoted')) return undefined;
  const type: AstNode = {};
  let k = i;
  const upper = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : '');
  // A schema-qualified name is one word to the lexer (public.mood); a quoted name keeps its quotes.
  let name = first.kind === 'quoted' ? first.text : first.text.toUpperCase();
  if (first.kind === 'word' && name.includes('.')) {
    const dot = first.text.lastIndexOf('.');
    type.schema = first.text.slice(0, dot);
    name = first.text.slice(dot + 1).toUpperCase();
  }
  const more = MULTIWORD.find(([head, rest]) => head === name && rest.every((w, n) => upper(tokens[k + 1 + n]) === w));
  if (more) {
    name = [name, ...more[1]].join(' ');
    k += more[1].length;
  }
  type.dataType = name;
  const suffix: string[] = [];
  if (name === 'INTERVAL') {
    while (INTERVAL_FIELDS.includes(upper(tokens[k + 1])) || upper(tokens[k + 1]) === 'TO') {
      suffix.push(upper(tokens[k + 1]));
      k++;
    }
  }
  if (tokens[k + 1]?.text === '(') {
    const close = closingParen(tokens, k + 1);
    const numbers = tokens.slice(k + 2, close).filter((t) => t.text !== ',');
    if (close < 0 || numbers.length === 0) return undefined;
    if (numbers.every((t) => /^\d+$/.test(t.text))) {
      type.length = Number(numbers[0]!.text);
      if (numbers[1]) type.scale = Number(numbers[1].text);
    } else if (
      namedModifiers &&
      dialect === 'postgresql' &&
      numbers.every((t) => t.kind === 'word' || /^\d+$/.test(t.text))
    ) {
      // An extension's type modifiers that are names, kept as written.
      type.modifiers = numbers.map((t) => t.text);
    } else return undefined;
    type.parentheses = true;
    k = close;
  }
  if ((name === 'TIME' || name === 'TIMESTAMP') && ['WITH', 'WITHOUT'].includes(upper(tokens[k + 1]))) {
    if (upper(tokens[k + 2]) === 'TIME' && upper(tokens[k + 3]) === 'ZONE') {
      suffix.push(upper(tokens[k + 1]), 'TIME', 'ZONE');
      k += 3;
    }
  }
  if (dialect === 'mysql') {
    while (['UNSIGNED', 'SIGNED', 'ZEROFILL'].includes(upper(tokens[k + 1]))) {
      suffix.push(upper(tokens[k + 1]));
      k++;
    }
  }
  if (suffix.length > 0) type.suffix = suffix;
  if (dialect === 'postgresql') {
    const lengths: unknown[] = [];
    let keyword = false;
    if (upper(tokens[k + 1]) === 'ARRAY') {
      keyword = true;
      k++;
      if (tokens[k + 1]?.text === '[' && /^\d+$/.test(tokens[k + 2]?.text ?? '') && tokens[k + 3]?.text === ']') {
        lengths.push(Number(tokens[k + 2]!.text));
        k += 3;
      }
    } else {
      while (tokens[k + 1]?.text === '[') {
        if (tokens[k + 2]?.text === ']') {
          lengths.push(null);
          k += 2;
        } else if (/^\d+$/.test(tokens[k + 2]?.text ?? '') && tokens[k + 3]?.text === ']') {
          lengths.push({ type: 'number', value: Number(tokens[k + 2]!.text) });
          k += 3;
        } else break;
      }
    }
    if (keyword) type.array = lengths.length > 0 ? { keyword: 'array', length: lengths } : { keyword: 'array' };
    else if (lengths.length > 0) type.array = { dimension: lengths.length, length: lengths };
  }
  return { end: k, type };
}

/** The last token of the type starting at `i`, or -1. */
function typeEnd(tokens: Token[], i: number, dialect: Dialect): number {
  return scanType(tokens, i, dialect)?.end ?? -1;
}

/** Whether the grammar reads the scanned type as written. */
function readAsWritten(type: AstNode, dialect: Dialect): boolean {
  const name = String(type.dataType).replace(/ /g, '_');
  if (type.schema || !TYPES_READ[dialect].has(name)) return false;
  if (dialect === 'postgresql') {
    const array = type.array as AstNode | undefined;
    if (array && (array.keyword ? Array.isArray(array.length) : Number(array.dimension) > 1)) return false;
    if (name === 'INTERVAL' && (type.suffix || type.length !== undefined)) return false;
  }
  return true;
}

/** Index of the last token of `tokens[from, to)` at depth 0 spelled `word`, or -1. */
function lastTopLevel(tokens: Token[], from: number, to: number, word: string): number {
  let depth = 0;
  let found = -1;
  for (let k = from; k < to; k++) {
    const text = tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (depth === 0 && (text.toUpperCase() === word || text === word)) found = k;
  }
  return found;
}

const CONSTRAINT_WORDS = new Set([
  'PRIMARY',
  'KEY',
  'INDEX',
  'UNIQUE',
  'CONSTRAINT',
  'FOREIGN',
  'CHECK',
  'FULLTEXT',
  'SPATIAL',
  'EXCLUDE',
  'LIKE',
  'PERIOD',
]);

/** The [first, last] tokens of each column's type in a CREATE TABLE's definitions. */
function columnTypes(tokens: Token[], dialect: Dialect): Array<[number, number]> {
  if (!isKeyword(tokens[0], 'CREATE')) return [];
  const table = tokens.findIndex((t) => isKeyword(t, 'TABLE'));
  if (table < 0) return [];
  const open = tokens.findIndex((t, k) => k > table && t.text === '(');
  // CREATE TABLE t AS SELECT ... and CREATE TABLE t PARTITION OF p (...): no column definitions there.
  if (open < 0 || tokens.slice(table, open).some((t) => isKeyword(t, 'AS') || isKeyword(t, 'OF'))) return [];
  const close = closingParen(tokens, open);
  const found: Array<[number, number]> = [];
  let start = open + 1;
  let depth = 0;
  for (let k = open + 1; k <= close; k++) {
    const text = tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')' && k < close) depth--;
    if (k === close || (text === ',' && depth === 0)) {
      const name = tokens[start];
      const typeAt = start + 1;
      if (name && !CONSTRAINT_WORDS.has(name.text.toUpperCase()) && typeAt < k) {
        const scanned = scanType(tokens, typeAt, dialect, true);
        if (scanned && scanned.end < k) found.push([typeAt, scanned.end]);
      }
      start = k + 1;
    }
  }
  return found;
}

const TYPE_MARKER_BASE = 9_300_000;

class TypeMarkers {
  private readonly types: AstNode[] = [];

  constructor(private readonly context: FormContext) {}

  /** Marks the type from token `first` to `last` when the grammar does not read it as written. */
  mark(first: number, last: number, namedModifiers = false): void {
    const { tokens, dialect, substitutions } = this.context;
    const scanned = scanType(tokens, first, dialect, namedModifiers);
    if (!scanned || scanned.end !== last || readAsWritten(scanned.type, dialect)) return;
    this.types.push(scanned.type);
    substitutions.push({
      start: tokens[first]!.start,
      end: tokens[last]!.end,
      replacement: `VARCHAR(${TYPE_MARKER_BASE + this.types.length})`,
    });
  }

  emit(): void {
    if (this.types.length === 0) return;
    const types = this.types;
    this.context.fixups.push((ast, prepared) => {
      let restored = 0;
      const visit = (value: unknown) => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (!isNode(value)) return;
        const index = value.dataType === 'VARCHAR' ? Number(value.length) - TYPE_MARKER_BASE - 1 : -1;
        if (index >= 0 && index < types.length) {
          for (const key of Object.keys(value)) delete value[key];
          Object.assign(value, structuredClone(types[index]));
          restored++;
        }
        for (const key of Object.keys(value)) if (key !== 'loc') visit(value[key]);
      };
      visit(ast);
      // A type inside a clause another form took out whole (a generated column's expression, read on its own) was
      // never given to the parser: only those written must come back.
      const written = types.filter((_, i) => prepared.includes(`VARCHAR(${TYPE_MARKER_BASE + i + 1})`)).length;
      if (restored < written) throw notRead('this data type', 'CAST');
    });
  }
}
