CREATE TABLE customer (
  c_custkey INT NOT NULL,
  c_name VARCHAR(25) NOT NULL,
  c_phone CHAR(15) NOT NULL,
  c_acctbal DECIMAL(15, 2) NOT NULL,
  c_mktsegment CHAR(10) NOT NULL,
  PRIMARY KEY (c_custkey)
);

CREATE TABLE orders (
  o_orderkey BIGINT NOT NULL,
  o_custkey INT NOT NULL,
  o_orderstatus CHAR(1) NOT NULL,
  o_totalprice DECIMAL(15, 2) NOT NULL,
  o_orderdate DATE NOT NULL,
  o_comment VARCHAR(79) NOT NULL,
  PRIMARY KEY (o_orderkey)
);

-- sqltune:stats customer rows=150000
-- sqltune:stats customer.c_mktsegment distinct=5
-- sqltune:stats orders rows=1500000
-- sqltune:stats orders.o_custkey distinct=99996
-- sqltune:stats orders.o_orderdate distinct=2406
