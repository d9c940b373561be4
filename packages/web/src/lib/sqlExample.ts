/** The "fill example" content of the SQL screen: a MySQL query with typical problems, and its tables. */

export const EXAMPLE_SQL = `SELECT *
FROM orders o
JOIN customer c ON c.c_custkey = o.o_custkey
WHERE YEAR(o.o_orderdate) = 1995
  AND c.c_phone LIKE '%-555-%'
  AND o.o_custkey IN (
    SELECT DISTINCT c2.c_custkey
    FROM customer c2
    WHERE c2.c_mktsegment = 'BUILDING'
  )
ORDER BY o.o_totalprice DESC;`;

export const EXAMPLE_SCHEMA = `CREATE TABLE customer (
  c_custkey INT NOT NULL,
  c_name VARCHAR(25) NOT NULL,
  c_address VARCHAR(40) NOT NULL,
  c_nationkey INT NOT NULL,
  c_phone CHAR(15) NOT NULL,
  c_acctbal DECIMAL(15, 2) NOT NULL,
  c_mktsegment CHAR(10) NOT NULL,
  c_comment VARCHAR(117) NOT NULL,
  PRIMARY KEY (c_custkey)
);

CREATE TABLE orders (
  o_orderkey INT NOT NULL,
  o_custkey INT NOT NULL,
  o_orderstatus CHAR(1) NOT NULL,
  o_totalprice DECIMAL(15, 2) NOT NULL,
  o_orderdate DATE NOT NULL,
  o_orderpriority CHAR(15) NOT NULL,
  o_clerk CHAR(15) NOT NULL,
  o_shippriority INT NOT NULL,
  o_comment VARCHAR(79) NOT NULL,
  PRIMARY KEY (o_orderkey)
);

-- sqltune:stats customer rows=150000
-- sqltune:stats customer.c_mktsegment distinct=5
-- sqltune:stats orders rows=1500000
-- sqltune:stats orders.o_custkey distinct=99996
-- sqltune:stats orders.o_orderdate distinct=2406`;
