-- Fixture cases of foreign-key-constraint. Format: test-support/rule-fixtures.ts.

-- matches: 2
CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL REFERENCES orders (o_orderkey), author_id INT, CONSTRAINT fk_author FOREIGN KEY (author_id) REFERENCES customer (c_custkey));

-- matches: 1
ALTER TABLE orders ADD CONSTRAINT fk_orders_customer FOREIGN KEY (o_custkey) REFERENCES customer (c_custkey);

-- matches: 0
CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL, KEY idx_order (order_id));

-- PostgreSQL foreign keys do not take the InnoDB parent-row locks this rule is about.
-- dialect: postgresql
-- matches: 0
CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL REFERENCES orders (o_orderkey));
