-- The tables the statements of postgresql.sql run against (valid on PostgreSQL 15-18). databases.test.ts creates
-- them in PGlite, then runs each statement of postgresql.sql in turn, rolling back what a statement changed.

CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE pair AS (x int, y int);
CREATE DOMAIN positive_int AS int CHECK (VALUE > 0);
CREATE SCHEMA app;
CREATE SEQUENCE order_numbers START 100;

CREATE TABLE customers (
  id int PRIMARY KEY,
  name text NOT NULL,
  city text,
  country char(2),
  email text,
  created_at timestamp,
  balance numeric(12, 2),
  profile jsonb,
  tags text[]
);

CREATE TABLE orders (
  id int PRIMARY KEY,
  customer_id int NOT NULL,
  status text NOT NULL,
  total numeric(12, 2),
  created_at timestamptz NOT NULL,
  shipped_on date,
  note text,
  data jsonb,
  CONSTRAINT orders_status_check CHECK (status <> '')
);
CREATE INDEX orders_customer_idx ON orders (customer_id);

CREATE TABLE products (
  id int PRIMARY KEY,
  name text NOT NULL UNIQUE,
  category text,
  price numeric(10, 2),
  weight real,
  flags bit(8),
  code bytea
);

CREATE TABLE order_items (
  order_id int NOT NULL,
  product_id int NOT NULL,
  qty int NOT NULL,
  price numeric(10, 2),
  PRIMARY KEY (order_id, product_id)
);

CREATE TABLE employees (
  id int PRIMARY KEY,
  manager_id int,
  name text,
  dept text,
  salary numeric(10, 2),
  hired date
);

CREATE TABLE t1 (a int, b int, c text);
CREATE TABLE t2 (a int, b int, c text);

CREATE TABLE docs (
  id int PRIMARY KEY,
  body text,
  tsv tsvector,
  meta json,
  nums int[],
  grid int[][],
  period daterange,
  ip inet,
  uid uuid,
  feeling mood,
  point_pair pair
);

CREATE TABLE app.accounts (id int PRIMARY KEY, owner text);

CREATE TABLE measurements (city_id int NOT NULL, logdate date NOT NULL, peak int) PARTITION BY RANGE (logdate);
CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');

CREATE TABLE regions (id int, region text) PARTITION BY LIST (region);
CREATE TABLE buckets (id int) PARTITION BY HASH (id);

CREATE TABLE parents (id int PRIMARY KEY, name text);
CREATE TABLE children (toy text) INHERITS (parents);

CREATE TABLE stock (product_id int PRIMARY KEY, qty int NOT NULL DEFAULT 0, updated_at timestamptz);
CREATE TABLE stock_changes (product_id int, delta int, deleted boolean DEFAULT false);
-- Columns named with keywords PostgreSQL does not reserve (unreserved and column-name keywords).
CREATE TABLE keyword_names (
  id int PRIMARY KEY, at timestamptz, json json, over int, session text, partition int, drop int, between int,
  set int, update int, delete int, local int, nulls int, year int, value int, type text
);

INSERT INTO customers VALUES
  (1, 'Ann', 'Shanghai', 'CN', 'ann@example.com', '2024-01-05 10:00:00', 10.50, '{"tier": "gold", "tags": ["a", "b"], "address": {"city": "Shanghai"}}', '{vip,early}'),
  (2, 'Bob', 'Berlin', 'DE', 'bob@example.com', '2024-02-10 12:30:00', 0.00, '{"tier": "silver"}', '{}'),
  (3, 'Chen', 'Shanghai', 'CN', NULL, '2023-12-31 23:59:59', NULL, NULL, NULL);
INSERT INTO orders VALUES
  (1, 1, 'paid', 99.90, '2024-03-01 09:00:00+00', '2024-03-02', 'first', '{"items": 2, "gift": true}'),
  (2, 1, 'shipped', 15.00, '2024-03-05 11:00:00+00', NULL, NULL, '{"items": 1}'),
  (3, 2, 'new', 250.00, '2024-04-01 08:15:00+00', NULL, 'rush', NULL);
INSERT INTO products VALUES
  (1, 'pen', 'office', 1.50, 0.01, B'00000001', '\x61626364'),
  (2, 'desk', 'furniture', 120.00, 30.5, B'00000010', '\x65666768');
INSERT INTO order_items VALUES (1, 1, 2, 1.50), (1, 2, 1, 120.00), (3, 2, 2, 120.00);
INSERT INTO employees VALUES
  (1, NULL, 'Ada', 'board', 300.00, '2020-01-01'),
  (2, 1, 'Ben', 'sales', 120.00, '2021-06-01'),
  (3, 2, 'Cai', 'sales', 90.00, '2022-03-15');
INSERT INTO t1 VALUES (1, 10, 'x'), (2, 20, 'y'), (3, NULL, NULL);
INSERT INTO t2 VALUES (1, 100, 'x'), (4, 400, 'z');
INSERT INTO docs VALUES
  (1, 'the quick brown fox', to_tsvector('english', 'the quick brown fox'), '{"a": 1}', '{1,2,3}', '{{1,2},{3,4}}',
   '[2024-01-01,2024-02-01)', '10.0.0.1', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'happy', ROW(1, 2));
INSERT INTO app.accounts VALUES (1, 'Ann');
INSERT INTO measurements VALUES (1, '2024-05-01', 30);
INSERT INTO parents VALUES (1, 'p');
INSERT INTO children VALUES (2, 'c', 'ball');
INSERT INTO stock VALUES (1, 10, now()), (2, 0, now());
INSERT INTO stock_changes VALUES (1, 5, false), (2, -1, true), (3, 7, false);
-- Operators an extension would define (pgvector's <=>, <->, <#> distances), made here on int[] so no extension is needed.
CREATE FUNCTION grammar_distance(a int[], b int[]) RETURNS double precision LANGUAGE sql IMMUTABLE
  AS $$ SELECT abs(coalesce(a[1], 0) - coalesce(b[1], 0))::double precision $$;
CREATE OPERATOR <=> (LEFTARG = int[], RIGHTARG = int[], FUNCTION = grammar_distance);
CREATE OPERATOR <-> (LEFTARG = int[], RIGHTARG = int[], FUNCTION = grammar_distance);
CREATE OPERATOR <#> (LEFTARG = int[], RIGHTARG = int[], FUNCTION = grammar_distance);
