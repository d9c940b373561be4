/**
 * The engine's one list of column type families. A column's `type` is the upper-case base type the schema
 * reader gives (VARCHAR, INT, DOUBLE PRECISION...; INT8 as BIGINT, see definedType); both dialects' spellings are
 * here. Rules ask through the predicates below, never with lists of their own, so a spelling added here counts
 * everywhere.
 */
import type { Dialect } from '@sqltune/contracts';

/** A column definition, or anything else that carries a type name (a DDL column being read). */
export interface Typed {
  type: string;
}

export type TypeFamily =
  | 'integer'
  | 'decimal'
  | 'float'
  | 'text'
  | 'date'
  | 'timestamp'
  | 'time'
  | 'boolean'
  | 'uuid'
  | 'json';

const members: Record<TypeFamily, string[]> = {
  integer: [
    'INT',
    'INTEGER',
    'BIGINT',
    'SMALLINT',
    'TINYINT',
    'MEDIUMINT',
    'INT2',
    'INT4',
    'INT8',
    'SERIAL',
    'BIGSERIAL',
    'SMALLSERIAL',
  ],
  decimal: ['DECIMAL', 'NUMERIC', 'DEC'],
  float: ['FLOAT', 'FLOAT4', 'FLOAT8', 'DOUBLE', 'DOUBLE PRECISION', 'REAL'],
  text: [
    'CHAR',
    'VARCHAR',
    'CHARACTER',
    'CHARACTER VARYING',
    'NCHAR',
    'NVARCHAR',
    'BPCHAR',
    'TEXT',
    'TINYTEXT',
    'MEDIUMTEXT',
    'LONGTEXT',
  ],
  date: ['DATE'],
  timestamp: ['DATETIME', 'TIMESTAMP', 'TIMESTAMPTZ'],
  time: ['TIME', 'TIMETZ'],
  boolean: ['BOOL', 'BOOLEAN'],
  uuid: ['UUID'],
  json: ['JSON', 'JSONB'],
};

const familyByType = new Map<string, TypeFamily>(
  Object.entries(members).flatMap(([family, types]) => types.map((type) => [type, family as TypeFamily] as const)),
);

/** The family of a type name (any case), or undefined for types the engine does not reason about. */
export function familyOfType(type: string): TypeFamily | undefined {
  return familyByType.get(type.toUpperCase());
}

function inFamily(column: Typed | undefined, ...families: TypeFamily[]): boolean {
  const family = column ? familyOfType(column.type) : undefined;
  return family !== undefined && families.includes(family);
}

/** Integers, fixed-point and floating-point numbers. */
export function isNumeric(column: Typed | undefined): boolean {
  return inFamily(column, 'integer', 'decimal', 'float');
}

/** Integers and fixed-point numbers: arithmetic, sums and equality on them are exact (no rounding). */
export function isExactNumber(column: Typed | undefined): boolean {
  return inFamily(column, 'integer', 'decimal');
}

export function isInteger(column: Typed | undefined): boolean {
  return inFamily(column, 'integer');
}

export function isFixedPoint(column: Typed | undefined): boolean {
  return inFamily(column, 'decimal');
}

export function isFloat(column: Typed | undefined): boolean {
  return inFamily(column, 'float');
}

/** Character strings (not ENUM, SET or PostgreSQL's CITEXT, which compare by other rules). */
export function isText(column: Typed | undefined): boolean {
  return inFamily(column, 'text');
}

/** A date or a time stamp (not a time of day): what a date range can stand for. */
export function isTemporal(column: Typed | undefined): boolean {
  return inFamily(column, 'date', 'timestamp');
}

/** Dates, time stamps and times of day. */
export function isDateOrTime(column: Typed | undefined): boolean {
  return inFamily(column, 'date', 'timestamp', 'time');
}

/** Character and byte strings (CHAR, VARCHAR, BINARY, TEXT, BLOB in every size and spelling): a length counts. */
export function isStringType(type: string): boolean {
  return /CHAR|BINARY|TEXT|BLOB/.test(type.toUpperCase());
}

/** MySQL's types whose values compare by a collation: the column's own, or one the table gives. */
const mysqlCollatedTypes = new Set(['CHAR', 'VARCHAR', 'TINYTEXT', 'TEXT', 'MEDIUMTEXT', 'LONGTEXT', 'ENUM', 'SET']);

/** Whether a MySQL column of this type (any case) compares by a collation. */
export function isMysqlCollated(type: string): boolean {
  return mysqlCollatedTypes.has(type.toUpperCase());
}

/**
 * Spellings of one type in both dialects, by the spelling both read (FLOAT is not here: 4 bytes in MySQL, 8 in
 * PostgreSQL).
 */
const sharedSpelling: Record<string, string> = {
  INTEGER: 'INT',
  INT4: 'INT',
  INT8: 'BIGINT',
  INT2: 'SMALLINT',
  NUMERIC: 'DECIMAL',
  DEC: 'DECIMAL',
  'CHARACTER VARYING': 'VARCHAR',
  CHARACTER: 'CHAR',
  BPCHAR: 'CHAR',
};

/**
 * The types node-sql-parser reads as a base name with a byte size and no parentheses: PostgreSQL's INT2/INT4/INT8,
 * SERIAL2/4/8 and FLOAT4/FLOAT8, MySQL's INT1-INT8 and FLOAT4/FLOAT8 come out as INT, SERIAL or FLOAT with
 * `length` 1-8. INT8 is a BIGINT, not an INT (a 4-byte INT identity column is worth a finding, an INT8 one is not).
 */
const sizedSpellings: Record<string, Record<number, string>> = {
  INT: { 1: 'TINYINT', 2: 'SMALLINT', 3: 'MEDIUMINT', 4: 'INT', 8: 'BIGINT' },
  SERIAL: { 2: 'SMALLSERIAL', 4: 'SERIAL', 8: 'BIGSERIAL' },
  FLOAT: { 4: 'REAL', 8: 'DOUBLE PRECISION' },
};
/** MySQL's REAL is a DOUBLE (unless REAL_AS_FLOAT): its FLOAT4 is FLOAT. */
const mysqlFloats: Record<number, string> = { 4: 'FLOAT', 8: 'DOUBLE' };

/**
 * The upper-case type a parsed column definition names: its `dataType`, or for a sized spelling (INT8, FLOAT4) the
 * type it stands for. A length in parentheses (MySQL's INT(11) display width, FLOAT(8) precision) is not a size.
 */
export function definedType(definition: { readonly [key: string]: unknown }, dialect: Dialect): string {
  const written = String(definition.dataType ?? '');
  // PostgreSQL: a type name quoted in lower case is the type itself (pg_dump --quote-all-identifiers, Supabase's
  // dumps: `"uuid"`, `"text"`), except `"char"`, a one-byte type of its own; `"Role"` (Prisma's enums) stays as written.
  const unquoted = /^"[a-z_][a-z0-9_]*"$/.test(written) && written !== '"char"' ? written.slice(1, -1) : written;
  const type = unquoted.toUpperCase();
  // PostgreSQL's `timestamp with time zone` is timestamptz: another type, whose functions depend on TimeZone.
  const suffix = Array.isArray(definition.suffix) ? definition.suffix.join(' ').toUpperCase() : '';
  if ((type === 'TIMESTAMP' || type === 'TIME') && suffix === 'WITH TIME ZONE') return `${type}TZ`;
  if (definition.parentheses || typeof definition.length !== 'number') return type;
  const sizes = dialect === 'mysql' && type === 'FLOAT' ? mysqlFloats : sizedSpellings[type];
  return sizes?.[definition.length] ?? type;
}

/** A type name (any case) in the upper-case spelling its synonyms share: INT4 and INTEGER are INT, BPCHAR is CHAR. */
export function canonicalType(type: string): string {
  const upper = type.toUpperCase();
  return sharedSpelling[upper] ?? upper;
}

/** The broad kind rules compare across: two sides of different kinds are converted before they compare. */
export type ComparisonFamily = 'number' | 'text' | 'time';

/** A column's broad kind: number, text, or a date or time stamp; undefined for other types. */
export function comparisonFamily(column: Typed | undefined): ComparisonFamily | undefined {
  if (isNumeric(column)) return 'number';
  if (isText(column)) return 'text';
  return isTemporal(column) ? 'time' : undefined;
}
