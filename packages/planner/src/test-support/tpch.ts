/**
 * TPC-H for tests: the schema (PostgreSQL DDL as in the TPC-H specification), SF1 statistics, and the
 * 22 queries read at test time from the shared corpus (sqlglot fixtures; never copied into the repository).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fixturesDir } from '../../../../test-support/corpus.ts';
import type { TableStatistics } from '../types.ts';

/** The TPC-H directory of the shared corpus (tests gate on test-support/corpus.ts corpusAvailable()). */
export const TPCH_DIR = new URL('tpc-h', fixturesDir).pathname;

export const TPCH_SCHEMA = `-- TPC-H schema
CREATE TABLE region (
  r_regionkey integer NOT NULL PRIMARY KEY,
  r_name      char(25) NOT NULL,
  r_comment   varchar(152)
);
CREATE TABLE nation (
  n_nationkey integer NOT NULL PRIMARY KEY,
  n_name      char(25) NOT NULL,
  n_regionkey integer NOT NULL REFERENCES region (r_regionkey),
  n_comment   varchar(152)
);
CREATE TABLE part (
  p_partkey     integer NOT NULL PRIMARY KEY,
  p_name        varchar(55) NOT NULL,
  p_mfgr        char(25) NOT NULL,
  p_brand       char(10) NOT NULL,
  p_type        varchar(25) NOT NULL,
  p_size        integer NOT NULL,
  p_container   char(10) NOT NULL,
  p_retailprice numeric(15,2) NOT NULL,
  p_comment     varchar(23) NOT NULL
);
CREATE TABLE supplier (
  s_suppkey   integer NOT NULL PRIMARY KEY,
  s_name      char(25) NOT NULL,
  s_address   varchar(40) NOT NULL,
  s_nationkey integer NOT NULL REFERENCES nation (n_nationkey),
  s_phone     char(15) NOT NULL,
  s_acctbal   numeric(15,2) NOT NULL,
  s_comment   varchar(101) NOT NULL
);
CREATE TABLE partsupp (
  ps_partkey    integer NOT NULL REFERENCES part (p_partkey),
  ps_suppkey    integer NOT NULL REFERENCES supplier (s_suppkey),
  ps_availqty   integer NOT NULL,
  ps_supplycost numeric(15,2) NOT NULL,
  ps_comment    varchar(199) NOT NULL,
  PRIMARY KEY (ps_partkey, ps_suppkey)
);
CREATE TABLE customer (
  c_custkey    integer NOT NULL PRIMARY KEY,
  c_name       varchar(25) NOT NULL,
  c_address    varchar(40) NOT NULL,
  c_nationkey  integer NOT NULL REFERENCES nation (n_nationkey),
  c_phone      char(15) NOT NULL,
  c_acctbal    numeric(15,2) NOT NULL,
  c_mktsegment char(10) NOT NULL,
  c_comment    varchar(117) NOT NULL
);
CREATE TABLE orders (
  o_orderkey      integer NOT NULL PRIMARY KEY,
  o_custkey       integer NOT NULL REFERENCES customer (c_custkey),
  o_orderstatus   char(1) NOT NULL,
  o_totalprice    numeric(15,2) NOT NULL,
  o_orderdate     date NOT NULL,
  o_orderpriority char(15) NOT NULL,
  o_clerk         char(15) NOT NULL,
  o_shippriority  integer NOT NULL,
  o_comment       varchar(79) NOT NULL
);
CREATE TABLE lineitem (
  l_orderkey      integer NOT NULL REFERENCES orders (o_orderkey),
  l_partkey       integer NOT NULL,
  l_suppkey       integer NOT NULL,
  l_linenumber    integer NOT NULL,
  l_quantity      numeric(15,2) NOT NULL,
  l_extendedprice numeric(15,2) NOT NULL,
  l_discount      numeric(15,2) NOT NULL,
  l_tax           numeric(15,2) NOT NULL,
  l_returnflag    char(1) NOT NULL,
  l_linestatus    char(1) NOT NULL,
  l_shipdate      date NOT NULL,
  l_commitdate    date NOT NULL,
  l_receiptdate   date NOT NULL,
  l_shipinstruct  char(25) NOT NULL,
  l_shipmode      char(10) NOT NULL,
  l_comment       varchar(44) NOT NULL,
  PRIMARY KEY (l_orderkey, l_linenumber),
  FOREIGN KEY (l_partkey, l_suppkey) REFERENCES partsupp (ps_partkey, ps_suppkey)
);
`;

/**
 * TPCH_SCHEMA in MySQL syntax: INT, DECIMAL, CHAR/VARCHAR, DATE and the primary keys. No foreign keys: InnoDB
 * would create an index for each, and both databases should start from the same physical design (primary keys only).
 */
export function tpchMysqlSchema(): string {
  const text = TPCH_SCHEMA.replace(/\s+REFERENCES \w+ \([\w, ]+\)/g, '')
    .replace(/,\n\s*FOREIGN KEY [^\n]*/g, '')
    .replace(/\binteger\b/g, 'INT')
    .replace(/\bnumeric\(/g, 'DECIMAL(')
    .replace(/\bvarchar\(/g, 'VARCHAR(')
    .replace(/\bchar\(/g, 'CHAR(')
    .replace(/\bdate\b/g, 'DATE');
  if (/REFERENCES|FOREIGN|integer|numeric/i.test(text))
    throw new Error('tpchMysqlSchema: conversion left PostgreSQL syntax');
  return text;
}

/** Scale factor 1 row counts and a few column statistics (from the TPC-H specification). */
export const TPCH_STATISTICS: TableStatistics[] = [
  { table: 'region', rows: 5, columns: [{ column: 'r_name', distinct: 5 }] },
  {
    table: 'nation',
    rows: 25,
    columns: [
      { column: 'n_name', distinct: 25 },
      { column: 'n_regionkey', distinct: 5 },
    ],
  },
  {
    table: 'part',
    rows: 200_000,
    columns: [
      { column: 'p_size', distinct: 50 },
      { column: 'p_type', distinct: 150 },
      { column: 'p_brand', distinct: 25 },
    ],
  },
  { table: 'supplier', rows: 10_000, columns: [{ column: 's_nationkey', distinct: 25 }] },
  { table: 'partsupp', rows: 800_000, columns: [{ column: 'ps_suppkey', distinct: 10_000 }] },
  {
    table: 'customer',
    rows: 150_000,
    columns: [
      { column: 'c_nationkey', distinct: 25 },
      { column: 'c_mktsegment', distinct: 5 },
    ],
  },
  {
    table: 'orders',
    rows: 1_500_000,
    columns: [
      { column: 'o_custkey', distinct: 100_000 },
      { column: 'o_orderdate', distinct: 2406 },
      { column: 'o_orderstatus', distinct: 3 },
      { column: 'o_comment', averageWidth: 49 },
    ],
  },
  {
    table: 'lineitem',
    rows: 6_001_215,
    columns: [
      { column: 'l_orderkey', distinct: 1_500_000 },
      { column: 'l_shipdate', distinct: 2526 },
      { column: 'l_returnflag', distinct: 3 },
      { column: 'l_linestatus', distinct: 2 },
      { column: 'l_comment', averageWidth: 27 },
    ],
  },
];

export interface TpchQuery {
  number: number;
  /** The query as TPC-H writes it. */
  original: string;
  /** sqlglot's optimized form of the same query (an equivalent rewrite). */
  optimized: string;
}

/** The 22 queries of the corpus file, each with sqlglot's optimized rewrite. */
export function tpchQueries(): TpchQuery[] {
  const text = readFileSync(`${TPCH_DIR}/tpc-h.sql`, 'utf8');
  const parts = text.split(/-{10,}\n-- TPC-H (\d+)\n-{10,}\n/);
  const out: TpchQuery[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const statements = parts[i + 1]
      .split(/;\s*\n/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    if (statements.length >= 2)
      out.push({ number: Number(parts[i]), original: statements[0], optimized: statements[1] });
  }
  return out;
}

/** Rows of a corpus table: header names and `|`-separated values (gzip). */
export function tpchRows(table: string): { columns: string[]; rows: string[][] } {
  const lines = gunzipSync(readFileSync(`${TPCH_DIR}/${table}.csv.gz`))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0);
  return { columns: lines[0].split('|'), rows: lines.slice(1).map((l) => l.split('|')) };
}
