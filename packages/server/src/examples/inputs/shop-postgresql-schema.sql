CREATE TABLE customers (
  id BIGINT PRIMARY KEY,
  email TEXT NOT NULL,
  country CHAR(2) NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE orders (
  id BIGINT PRIMARY KEY,
  customer_id BIGINT NOT NULL REFERENCES customers (id),
  status TEXT NOT NULL,
  total NUMERIC(12, 2) NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE order_items (
  id BIGINT PRIMARY KEY,
  order_id BIGINT NOT NULL REFERENCES orders (id),
  sku TEXT NOT NULL,
  quantity INT NOT NULL
);

-- sqltune:stats customers rows=200000
-- sqltune:stats orders rows=3000000
-- sqltune:stats orders.customer_id distinct=200000
-- sqltune:stats orders.status distinct=4
-- sqltune:stats order_items rows=9000000
-- sqltune:stats order_items.order_id distinct=3000000
