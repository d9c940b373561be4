/**
 * Data generation for differential verification. Pure: the caller reads the schema from the catalog and
 * inserts what this returns.
 *
 * Each generated database follows a profile: normal size, some tables empty, tiny with many duplicates,
 * many NULLs, all tables empty (a database with 5 profiles covers all of them). Values are:
 *  - random values of the column's type drawn from a small pool, so duplicates and join matches are common
 *    (integers mostly in 1..rows, matching generated keys; strings from a short vocabulary);
 *  - NULL with the profile's rate where the column is nullable;
 *  - the statement's literals and their neighbours, so predicates hit ties at boundaries (literals compared with
 *    a column by name, e.g. `r_name = 'EUROPE'`, go into that column often; other literals anywhere they fit):
 *    number n -> n-1, n, n+1 (and +-0.01 for decimals); date d -> d-1, d, d+1 (timestamps at midnight and
 *    one second before); string s -> s, a prefix, s + 'x', 'x' + s, upper/lower case, and LIKE patterns
 *    without their wildcards;
 *  - primary key / unique columns get distinct values (a row whose key repeats is regenerated, then dropped);
 *  - foreign key columns take values from the parent's generated rows (the constraints themselves are
 *    dropped in the verification transaction, so a NULL or an orphan never fails an insert).
 * A seeded PRNG (mulberry32) makes every database reproducible from VerifyOptions.seed.
 */

export type ValueKind =
  | 'int'
  | 'numeric'
  | 'float'
  | 'bool'
  | 'text'
  | 'date'
  | 'timestamp'
  | 'time'
  | 'interval'
  | 'uuid'
  | 'json'
  | 'bytea'
  | 'enum'
  | 'array'
  | 'inet'
  | 'other';

export interface GenType {
  kind: ValueKind;
  /** The type as format_type prints it, used as a cast: integer, numeric(15,2), character varying(25), mood. */
  sqlType: string;
  /** int: 16, 32 or 64 bits. */
  intBits?: number;
  /** numeric(p, s). */
  precision?: number;
  scale?: number;
  /** varchar(n) / char(n). */
  maxLength?: number;
  enumLabels?: string[];
  element?: GenType;
}

export interface GenColumn {
  name: string;
  type: GenType;
  notNull: boolean;
  /** GENERATED ALWAYS AS (...) columns are never inserted. */
  generated: boolean;
  /** GENERATED ALWAYS AS IDENTITY: the INSERT needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface GenForeignKey {
  columns: string[];
  refTableOid: number;
  refColumns: string[];
}

export interface GenTable {
  oid: number;
  schema: string;
  name: string;
  columns: GenColumn[];
  /** Primary key and unique constraints / indexes (column names); NULLs never conflict. */
  uniqueKeys: string[][];
  foreignKeys: GenForeignKey[];
}

export interface DataSetProfile {
  index: number;
  label: string;
  rows: Map<number, number>;
  nullRate: number;
  /** Chance to reuse a pooled value rather than draw a fresh one. */
  duplicateRate: number;
  /** Chance to use a literal-derived value when one fits the column. */
  literalRate: number;
}

export interface LiteralSet {
  numbers: number[];
  strings: string[];
}

export type Rng = () => number;

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Splits user literals into numbers and strings (numeric strings count as both). */
export function literalSet(values: Array<string | number>): LiteralSet {
  const numbers = new Set<number>();
  const strings = new Set<string>();
  for (const v of values) {
    if (typeof v === 'number') {
      if (Number.isFinite(v)) numbers.add(v);
      continue;
    }
    strings.add(v);
    const trimmed = v.trim();
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) numbers.add(Number(trimmed));
  }
  return { numbers: [...numbers], strings: [...strings] };
}

/** The profiles of `count` databases over `tables` with about `rowsPerTable` rows each. */
export function dataSetProfiles(count: number, tables: GenTable[], rowsPerTable: number, rng: Rng): DataSetProfile[] {
  const profiles: DataSetProfile[] = [];
  const rows = Math.max(1, Math.round(rowsPerTable));
  for (let index = 0; index < count; index++) {
    const kind = index % 5;
    const sizes = new Map<number, number>();
    let label: string;
    let nullRate = 0.15;
    let duplicateRate = 0.5;
    let literalRate = 0.25;
    if (kind === 0) {
      label = 'normal';
      for (const t of tables) sizes.set(t.oid, index === 0 ? rows : int(rng, Math.ceil(rows / 2), rows));
    } else if (kind === 1) {
      label = 'some tables empty';
      const empty = tables.map(() => rng() < 0.5);
      if (tables.length > 0 && !empty.some(Boolean)) empty[int(rng, 0, tables.length - 1)] = true;
      if (tables.length > 1 && empty.every(Boolean)) empty[int(rng, 0, tables.length - 1)] = false;
      tables.forEach((t, i) => {
        sizes.set(t.oid, empty[i] ? 0 : rows);
      });
    } else if (kind === 2) {
      label = 'tiny, many duplicates';
      for (const t of tables) sizes.set(t.oid, int(rng, 3, 6));
      duplicateRate = 0.8;
      nullRate = 0.25;
      literalRate = 0.35;
    } else if (kind === 3) {
      label = 'many NULLs';
      for (const t of tables) sizes.set(t.oid, rows);
      nullRate = 0.4;
    } else {
      label = 'all tables empty';
      for (const t of tables) sizes.set(t.oid, 0);
    }
    profiles.push({ index, label, rows: sizes, nullRate, duplicateRate, literalRate });
  }
  return profiles;
}

const WORDS = ['a', 'b', 'c', 'ab', 'abc', 'A', 'B', 'x y', '', 'zeta', 'Ab', 'b%c'];
const TIMES = ['00:00:00', '08:30:00', '12:00:00', '23:59:59'];
const INTERVALS = ['0', '1 day', '2 hours', '30 days', '-1 day'];
const JSONS = ['{}', '{"a": 1}', '{"a": 2, "b": "x"}', '[]', '[1, 2]', 'null'];
const BYTEAS = ['\\x', '\\x00', '\\x0102', '\\xff'];

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function pad(n: number, width: number): string {
  return String(Math.abs(n)).padStart(width, '0');
}

function isoDate(date: Date): string {
  return `${date.getUTCFullYear() < 0 ? '-' : ''}${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

function addDays(iso: string, days: number): string | undefined {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}/;

interface LiteralValues {
  exact: string[];
  near: string[];
}

/** Context for one column in one database: pools and literal-derived values, as SQL text without the cast. */
class ColumnGenerator {
  private readonly pool: string[] = [];
  private readonly targeted: LiteralValues;
  private readonly generic: LiteralValues;
  private sequence = 0;

  constructor(
    private readonly type: GenType,
    private readonly rng: Rng,
    private readonly rows: number,
    literals: LiteralSet,
    private readonly dateBase: string,
    /** Literals the statements compare with this very column. */
    columnLiterals?: LiteralSet,
  ) {
    this.generic = this.fromLiterals(literals);
    this.targeted = columnLiterals ? this.fromLiterals(columnLiterals) : { exact: [], near: [] };
  }

  private pickLiteral(values: LiteralValues): string {
    const { exact, near } = values;
    if (near.length === 0 || (exact.length > 0 && this.rng() < 0.5)) return pick(this.rng, exact);
    return pick(this.rng, near);
  }

  /** A value as SQL text (quoted when needed, without a cast) or null for NULL. */
  next(profile: DataSetProfile, options: { unique: boolean; nullable: boolean }): string | null {
    const { rng } = this;
    if (options.nullable && rng() < profile.nullRate) return null;
    if (this.targeted.exact.length + this.targeted.near.length > 0 && rng() < Math.min(0.6, profile.literalRate * 2))
      return this.pickLiteral(this.targeted);
    if (this.generic.exact.length + this.generic.near.length > 0 && rng() < profile.literalRate / 2)
      return this.pickLiteral(this.generic);
    if (options.unique) return this.fresh(true);
    if (this.pool.length > 0 && rng() < profile.duplicateRate) return pick(rng, this.pool);
    const value = this.fresh(false);
    if (this.pool.length < Math.max(2, Math.ceil(this.rows / 3))) this.pool.push(value);
    return value;
  }

  /** A value that is new for unique columns (a counter) or random otherwise. */
  fresh(unique: boolean): string {
    const { rng, type } = this;
    this.sequence++;
    switch (type.kind) {
      case 'int': {
        const max = type.intBits === 16 ? 32767 : 2147483647;
        if (unique) return String(Math.min(max, this.sequence));
        const r = rng();
        if (r < 0.06) return '0';
        if (r < 0.1) return '-1';
        return String(int(rng, 1, Math.max(3, Math.ceil(this.rows * 0.75))));
      }
      case 'numeric':
      case 'float': {
        const scale = type.kind === 'float' ? 2 : Math.min(type.scale ?? 2, 4);
        const limit = type.precision !== undefined ? 10 ** (type.precision - (type.scale ?? 0)) - 1 : 1000;
        if (unique) return String(Math.min(limit, this.sequence));
        const r = rng();
        if (r < 0.06) return '0';
        const whole = int(rng, r < 0.12 ? -Math.min(limit, 50) : 0, Math.min(limit, 100));
        const fraction = scale > 0 && rng() < 0.5 ? int(rng, 0, 10 ** scale - 1) / 10 ** scale : 0;
        return Math.min(limit, whole + fraction).toFixed(scale);
      }
      case 'bool':
        return rng() < 0.5 ? 'true' : 'false';
      case 'text': {
        if (unique) return quote(this.clip(`v${this.sequence}`));
        return quote(this.clip(rng() < 0.7 ? pick(rng, WORDS) : `v${int(rng, 1, Math.max(3, this.rows))}`));
      }
      case 'date':
        return quote(addDays(this.dateBase, unique ? this.sequence : int(rng, -20, 20)) ?? '2024-01-01');
      case 'timestamp': {
        const day = addDays(this.dateBase, unique ? this.sequence : int(rng, -20, 20)) ?? '2024-01-01';
        return quote(`${day} ${unique ? '00:00:00' : pick(rng, TIMES)}`);
      }
      case 'time':
        return quote(
          unique ? `${pad(Math.floor(this.sequence / 60) % 24, 2)}:${pad(this.sequence % 60, 2)}:00` : pick(rng, TIMES),
        );
      case 'interval':
        return quote(unique ? `${this.sequence} seconds` : pick(rng, INTERVALS));
      case 'uuid': {
        const n = unique ? this.sequence : int(rng, 1, Math.max(3, this.rows));
        return quote(`00000000-0000-4000-8000-${pad(n, 12)}`);
      }
      case 'json':
        return quote(unique ? `{"id": ${this.sequence}}` : pick(rng, JSONS));
      case 'bytea':
        return quote(unique ? `\\x${this.sequence.toString(16).padStart(8, '0')}` : pick(rng, BYTEAS));
      case 'enum': {
        const labels = type.enumLabels ?? [];
        if (labels.length === 0) return 'NULL';
        return quote(unique ? labels[(this.sequence - 1) % labels.length] : pick(rng, labels));
      }
      case 'inet':
        return quote(
          `10.0.${Math.floor((unique ? this.sequence : int(rng, 1, 20)) / 250)}.${(unique ? this.sequence : int(rng, 1, 20)) % 250}`,
        );
      case 'array': {
        const element = type.element;
        if (!element || rng() < 0.3) return quote('{}');
        const inner = new ColumnGenerator(element, this.rng, this.rows, { numbers: [], strings: [] }, this.dateBase);
        const items = [inner.fresh(false), inner.fresh(false)].slice(0, int(rng, 1, 2));
        return `ARRAY[${items.map((i) => `${i}::${element.sqlType}`).join(', ')}]`;
      }
      default:
        return unique ? quote(String(this.sequence)) : quote('0');
    }
  }

  private clip(value: string): string {
    return this.type.maxLength !== undefined ? value.slice(0, this.type.maxLength) : value;
  }

  private fromLiterals(literals: LiteralSet): LiteralValues {
    const { numbers, strings } = literals;
    const { type } = this;
    const exact = new Set<string>();
    const near = new Set<string>();
    switch (type.kind) {
      case 'int': {
        const max = type.intBits === 16 ? 32767 : type.intBits === 64 ? Number.MAX_SAFE_INTEGER : 2147483647;
        for (const n of numbers) {
          if (Number.isInteger(n) && Math.abs(n) <= max) exact.add(String(n));
          for (const v of Number.isInteger(n) ? [n - 1, n + 1] : [Math.floor(n), Math.ceil(n)]) {
            if (Math.abs(v) <= max) near.add(String(v));
          }
        }
        break;
      }
      case 'numeric':
      case 'float': {
        const limit =
          type.precision !== undefined ? 10 ** (type.precision - (type.scale ?? 0)) : Number.MAX_SAFE_INTEGER;
        const fine = !(type.kind === 'numeric' && type.scale === 0);
        for (const n of numbers) {
          if (Math.abs(n) < limit) exact.add(String(n));
          for (const d of fine ? [-1, 1, -0.01, 0.01] : [-1, 1]) {
            const v = Math.round((n + d) * 100) / 100;
            if (Math.abs(v) < limit) near.add(String(v));
          }
        }
        break;
      }
      case 'date':
        for (const s of strings.filter((x) => DATE_RE.test(x))) {
          exact.add(quote(s.slice(0, 10)));
          for (const d of [-1, 1]) {
            const v = addDays(s, d);
            if (v) near.add(quote(v));
          }
        }
        break;
      case 'timestamp':
        for (const s of strings.filter((x) => DATE_RE.test(x))) {
          const day = s.slice(0, 10);
          exact.add(quote(s.length > 10 ? s : `${day} 00:00:00`));
          const before = addDays(day, -1);
          const after = addDays(day, 1);
          if (before) near.add(quote(`${before} 23:59:59`));
          if (after) near.add(quote(`${after} 00:00:00`));
        }
        break;
      case 'time':
        for (const s of strings.filter((x) => /^\d{1,2}:\d{2}(:\d{2})?$/.test(x))) exact.add(quote(s));
        break;
      case 'text':
        for (const s of strings) {
          const core = s.replace(/[%_]/g, '');
          exact.add(quote(this.clip(s)));
          if (core !== s) exact.add(quote(this.clip(core)));
          for (const v of [`${core}x`, `x${core}`, core.slice(0, -1), core.toUpperCase(), core.toLowerCase()])
            near.add(quote(this.clip(v)));
        }
        break;
      case 'enum':
        for (const s of strings) if (type.enumLabels?.includes(s)) exact.add(quote(s));
        break;
      default:
        break;
    }
    for (const v of exact) near.delete(v);
    return { exact: [...exact], near: [...near] };
  }
}

/** The dates literals mention (their middle), or 2024-01-01. */
function dateBaseOf(literals: LiteralSet): string {
  const dates = literals.strings
    .filter((s) => DATE_RE.test(s))
    .map((s) => s.slice(0, 10))
    .sort();
  return dates.length > 0 ? dates[Math.floor(dates.length / 2)] : '2024-01-01';
}

export interface GeneratedRows {
  table: GenTable;
  /** Inserted columns (generated columns left out). */
  columns: GenColumn[];
  /** SQL expressions per row, each with its cast. */
  rows: string[][];
}

/**
 * Rows for one table. `parentRows` holds, per foreign key (same order as table.foreignKeys), the referenced
 * column values of the parent's inserted rows as text (null for NULL); empty when the parent has no rows.
 */
export function generateRows(
  table: GenTable,
  profile: DataSetProfile,
  rng: Rng,
  literals: LiteralSet,
  parentRows: Array<Array<Array<string | null>>> = [],
  columnLiterals: ReadonlyMap<string, LiteralSet> = new Map(),
): GeneratedRows {
  const columns = table.columns.filter((c) => !c.generated);
  const count = profile.rows.get(table.oid) ?? 0;
  const dateBase = dateBaseOf(literals);
  const generators = columns.map(
    (c) => new ColumnGenerator(c.type, rng, count, literals, dateBase, columnLiterals.get(c.name.toLowerCase())),
  );
  const uniqueSingle = new Set(table.uniqueKeys.filter((k) => k.length === 1).map((k) => k[0]));
  const seen = table.uniqueKeys.map(() => new Set<string>());
  const fkOf = new Map<string, { fk: number; position: number }>();
  table.foreignKeys.forEach((fk, i) => {
    fk.columns.forEach((c, position) => {
      fkOf.set(c, { fk: i, position });
    });
  });
  const rows: string[][] = [];
  for (let r = 0; r < count; r++) {
    let accepted: Array<string | null> | undefined;
    for (let attempt = 0; attempt < 6 && !accepted; attempt++) {
      // One parent row per foreign key per generated row, so multi-column keys stay consistent.
      const parentChoice = table.foreignKeys.map((fk, i) => {
        const parents = parentRows[i] ?? [];
        const nullable = fk.columns.every((c) => !columns.find((col) => col.name === c)?.notNull);
        if (parents.length === 0 || (nullable && rng() < profile.nullRate)) return nullable ? null : undefined;
        return pick(rng, parents);
      });
      const values = columns.map((column, i) => {
        const fk = fkOf.get(column.name);
        if (fk) {
          const choice = parentChoice[fk.fk];
          if (choice === null) return null;
          if (choice !== undefined) {
            const v = choice[fk.position];
            return v === null ? null : quote(v);
          }
        }
        const unique = uniqueSingle.has(column.name);
        return generators[i].next(profile, { unique, nullable: !column.notNull });
      });
      const keys = table.uniqueKeys.map((key) => {
        const parts = key.map((name) => values[columns.findIndex((c) => c.name === name)]);
        return parts.some((p) => p === null || p === undefined) ? null : JSON.stringify(parts);
      });
      if (keys.every((k, i) => k === null || !seen[i].has(k))) {
        keys.forEach((k, i) => {
          if (k !== null) seen[i].add(k);
        });
        accepted = values;
      }
    }
    if (accepted)
      rows.push(
        accepted.map((v, i) => (v === null ? `NULL::${columns[i].type.sqlType}` : `${v}::${columns[i].type.sqlType}`)),
      );
  }
  return { table, columns, rows };
}

/** INSERT for generated rows; unique conflicts left are skipped. */
export function insertSql(generated: GeneratedRows, rows: string[][] = generated.rows): string {
  const { table, columns } = generated;
  const target = `${quoteName(table.schema)}.${quoteName(table.name)}`;
  const list = columns.map((c) => quoteName(c.name)).join(', ');
  const overriding = columns.some((c) => c.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  const values = rows.map((r) => `(${r.join(', ')})`).join(',\n');
  return `INSERT INTO ${target} (${list})${overriding} VALUES\n${values}\nON CONFLICT DO NOTHING`;
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Orders tables so that referenced tables come first (cycles are broken arbitrarily). */
export function parentsFirst(tables: GenTable[]): GenTable[] {
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const done = new Set<number>();
  const visiting = new Set<number>();
  const out: GenTable[] = [];
  const visit = (t: GenTable) => {
    if (done.has(t.oid) || visiting.has(t.oid)) return;
    visiting.add(t.oid);
    for (const fk of t.foreignKeys) {
      const parent = byOid.get(fk.refTableOid);
      if (parent && parent.oid !== t.oid) visit(parent);
    }
    visiting.delete(t.oid);
    done.add(t.oid);
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}
