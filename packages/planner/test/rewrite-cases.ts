/**
 * A small table for the rewrite equivalence tests, next to the TPC-H sample (whose columns hold no NULLs):
 * NULLs in every nullable column, repeated values, time stamps on day boundaries (midnight, the last
 * microsecond of a day, a leap day, a year end) and one column that is NOT NULL besides the key.
 *
 * The rules' `-- verify` fixture cases on it (each rule's .sql file) carry what the TPC-H sample lacks: NULL groups
 * and amounts through a pushed condition, a UNION that de-duplicates NULLs, branches split by `IS NULL`; a
 * trailing-blank label ('c ') and time stamps on the day boundaries the date folds land on (2024-02-29 00:00:00);
 * NULL groups and labels, repeated values and self-references where a join could repeat or lose rows, or a value
 * turn from NULL to 0 and back.
 */
export function eventsSchema(dialect: 'mysql' | 'postgresql'): string {
  const time = dialect === 'mysql' ? 'datetime(6)' : 'timestamp';
  const zoned = dialect === 'mysql' ? 'timestamp(6) NULL DEFAULT NULL' : 'timestamptz';
  const collated = dialect === 'mysql' ? ' DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci' : '';
  return `CREATE TABLE events (
  id     integer NOT NULL PRIMARY KEY,
  ts     ${time},
  tz     ${zoned},
  grp    integer,
  label  varchar(10),
  amount numeric(10,2),
  flag   integer NOT NULL
)${collated};
CREATE INDEX events_grp ON events (grp);
CREATE INDEX events_label ON events (label);
CREATE TABLE labels (
  code  varchar(10) NOT NULL PRIMARY KEY,
  title varchar(20)
)${collated};`;
}

/**
 * Labels keyed by a text code, for rewrites that need a unique text key. In MySQL both tables name their
 * collation, as SHOW CREATE TABLE does: a case- and trailing-space-insensitive one, so 'A' and 'c ' in events
 * match the codes 'a' and 'c'.
 */
export const LABELS_ROWS = "('a', 'alpha'), ('b', 'beta'), ('c', 'gamma'), ('z', 'zeta')";

const rows: Array<[number, string | null, number | null, string | null, string | null, number]> = [
  [1, '2024-02-29 00:00:00', 1, 'a', '10.00', 1],
  [2, '2024-02-29 23:59:59.999999', 1, 'A', '15.50', 2],
  [3, '2024-03-01 00:00:00', 2, 'b', null, 3],
  [4, '2024-02-28 23:59:59.999999', null, null, '3.25', 4],
  [5, null, 3, 'a', '0.00', 5],
  [6, '2023-12-31 23:59:59.999999', 3, 'c ', '-7.00', 6],
  [7, '2024-01-01 00:00:00', null, 'b', '20.00', 7],
  [8, '2024-02-29 12:00:00', 2, 'a', '15.50', 1],
  [9, '2024-02-29 12:00:00', 4, null, null, 9],
];

const literal = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v}'`);

/** The rows as a VALUES list (id, ts, tz, grp, label, amount, flag); tz repeats ts. */
export const EVENTS_ROWS = rows
  .map(([id, ts, grp, label, amount, flag]) => [id, ts, ts, grp, label, amount, flag].map(literal).join(', '))
  .map((row) => `(${row})`)
  .join(', ');
