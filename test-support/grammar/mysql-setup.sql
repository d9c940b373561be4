-- The tables the statements of mysql.sql run against (valid on MySQL 8 and MariaDB 10.11). databases.test.ts creates
-- them in a fresh database, then runs each statement of mysql.sql in turn, rolling back what a statement changed.

CREATE TABLE customers (
  id INT NOT NULL PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  city VARCHAR(50),
  country CHAR(2),
  email VARCHAR(200),
  created_at DATETIME,
  balance DECIMAL(12,2),
  profile JSON,
  FULLTEXT KEY ft_customers_name (name)
) ENGINE=InnoDB;

CREATE TABLE orders (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT NOT NULL,
  status VARCHAR(20) NOT NULL,
  total DECIMAL(12,2),
  created_at DATETIME NOT NULL,
  shipped_on DATE,
  note TEXT,
  data JSON,
  KEY idx_orders_customer (customer_id),
  KEY idx_orders_status (status, created_at)
) ENGINE=InnoDB;

CREATE TABLE products (
  id INT NOT NULL PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  category VARCHAR(50),
  price DECIMAL(10,2),
  weight FLOAT,
  flags BIT(8),
  code BINARY(4),
  UNIQUE KEY uq_products_name (name)
) ENGINE=InnoDB;

CREATE TABLE order_items (
  order_id INT NOT NULL,
  product_id INT NOT NULL,
  qty INT NOT NULL,
  price DECIMAL(10,2),
  PRIMARY KEY (order_id, product_id)
) ENGINE=InnoDB;

CREATE TABLE employees (
  id INT NOT NULL PRIMARY KEY,
  manager_id INT,
  name VARCHAR(100),
  dept VARCHAR(50),
  salary DECIMAL(10,2),
  hired DATE
) ENGINE=InnoDB;

CREATE TABLE t1 (a INT, b INT, c VARCHAR(20)) ENGINE=InnoDB;
CREATE TABLE t2 (a INT, b INT, c VARCHAR(20)) ENGINE=InnoDB;

CREATE TABLE events (
  id INT NOT NULL,
  happened DATE NOT NULL,
  kind VARCHAR(20)
) PARTITION BY RANGE (YEAR(happened)) (
  PARTITION p2023 VALUES LESS THAN (2024),
  PARTITION p2024 VALUES LESS THAN (2025),
  PARTITION pmax VALUES LESS THAN MAXVALUE
);

CREATE TABLE places (id INT NOT NULL PRIMARY KEY, pos POINT NOT NULL, SPATIAL INDEX sp_places_pos (pos)) ENGINE=InnoDB;
-- Columns named with keywords MariaDB does not reserve (mysql.sql writes them bare; MySQL 8 reserves some, quoted here).
CREATE TABLE keyword_names (
  id INT NOT NULL PRIMARY KEY, `rank` INT, `row` INT, `boolean` TINYINT, `function` VARCHAR(20), `stored` INT,
  `virtual` INT, `persistent` INT, `of` INT, `get` INT, `minus` INT, `status` VARCHAR(10), `type` VARCHAR(10),
  `year` INT, `value` INT, `position` INT, `level` INT, `comment` VARCHAR(20), `date` DATE
) ENGINE=InnoDB;

INSERT INTO customers VALUES
  (1, 'Ann', 'Shanghai', 'CN', 'ann@example.com', '2024-01-05 10:00:00', 10.50, '{"tier": "gold", "tags": ["a", "b"]}'),
  (2, 'Bob', 'Berlin', 'DE', 'bob@example.com', '2024-02-10 12:30:00', 0.00, '{"tier": "silver"}'),
  (3, 'Chen', 'Shanghai', 'CN', NULL, '2023-12-31 23:59:59', NULL, NULL);
INSERT INTO orders (id, customer_id, status, total, created_at, shipped_on, note, data) VALUES
  (1, 1, 'paid', 99.90, '2024-03-01 09:00:00', '2024-03-02', 'first', '{"items": 2, "gift": true}'),
  (2, 1, 'shipped', 15.00, '2024-03-05 11:00:00', NULL, NULL, '{"items": 1}'),
  (3, 2, 'new', 250.00, '2024-04-01 08:15:00', NULL, 'rush', NULL);
INSERT INTO products VALUES
  (1, 'pen', 'office', 1.50, 0.01, b'00000001', 0x61626364),
  (2, 'desk', 'furniture', 120.00, 30.5, b'00000010', 0x65666768);
INSERT INTO order_items VALUES (1, 1, 2, 1.50), (1, 2, 1, 120.00), (3, 2, 2, 120.00);
INSERT INTO employees VALUES
  (1, NULL, 'Ada', 'board', 300.00, '2020-01-01'),
  (2, 1, 'Ben', 'sales', 120.00, '2021-06-01'),
  (3, 2, 'Cai', 'sales', 90.00, '2022-03-15');
INSERT INTO t1 VALUES (1, 10, 'x'), (2, 20, 'y'), (3, NULL, NULL);
INSERT INTO t2 VALUES (1, 100, 'x'), (4, 400, 'z');
INSERT INTO events VALUES (1, '2023-05-01', 'login'), (2, '2024-05-01', 'logout');
INSERT INTO places VALUES (1, POINT(1, 2));
