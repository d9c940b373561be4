CREATE TABLE orders (
  id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  status INT NOT NULL,
  total DECIMAL(15, 2) NOT NULL,
  created_at DATETIME NOT NULL,
  PRIMARY KEY (id)
);

-- sqltune:stats orders rows=2000000
-- sqltune:stats orders.customer_id distinct=150000
-- sqltune:stats orders.status distinct=5
