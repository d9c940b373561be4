-- The tables the MySQL mappers of the corpus read, with statistics of a mid-sized shop.
CREATE TABLE users (id BIGINT PRIMARY KEY AUTO_INCREMENT, username VARCHAR(64) NOT NULL, email VARCHAR(128) NOT NULL, phone VARCHAR(32), password_hash CHAR(60) NOT NULL, status TINYINT NOT NULL DEFAULT 1, level INT NOT NULL DEFAULT 0, dept_id BIGINT, created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL, deleted TINYINT NOT NULL DEFAULT 0, UNIQUE KEY uk_users_email (email));
CREATE TABLE departments (id BIGINT PRIMARY KEY, parent_id BIGINT, name VARCHAR(64) NOT NULL, code VARCHAR(32) NOT NULL, sort_order INT NOT NULL DEFAULT 0);
CREATE TABLE employees (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, dept_id BIGINT NOT NULL, title VARCHAR(64), salary DECIMAL(12,2), hired_on DATE NOT NULL, manager_id BIGINT, status TINYINT NOT NULL);
CREATE TABLE categories (id BIGINT PRIMARY KEY, parent_id BIGINT, name VARCHAR(64) NOT NULL, path VARCHAR(255) NOT NULL, level INT NOT NULL, visible TINYINT NOT NULL DEFAULT 1);
CREATE TABLE suppliers (id BIGINT PRIMARY KEY, name VARCHAR(128) NOT NULL, country CHAR(2) NOT NULL, rating INT, active TINYINT NOT NULL DEFAULT 1, created_at DATETIME NOT NULL);
CREATE TABLE products (id BIGINT PRIMARY KEY, sku VARCHAR(32) NOT NULL, name VARCHAR(200) NOT NULL, category_id BIGINT NOT NULL, supplier_id BIGINT, price DECIMAL(10,2) NOT NULL, status TINYINT NOT NULL, stock INT NOT NULL DEFAULT 0, created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL, UNIQUE KEY uk_products_sku (sku), KEY idx_products_category (category_id));
CREATE TABLE warehouses (id BIGINT PRIMARY KEY, code VARCHAR(16) NOT NULL, city VARCHAR(64) NOT NULL, capacity INT NOT NULL);
CREATE TABLE inventory (id BIGINT PRIMARY KEY, product_id BIGINT NOT NULL, warehouse_id BIGINT NOT NULL, quantity INT NOT NULL, locked INT NOT NULL DEFAULT 0, version INT NOT NULL DEFAULT 0, updated_at DATETIME NOT NULL, UNIQUE KEY uk_inventory (product_id, warehouse_id));
CREATE TABLE addresses (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, receiver VARCHAR(64) NOT NULL, phone VARCHAR(32) NOT NULL, province VARCHAR(32), city VARCHAR(32), detail VARCHAR(255) NOT NULL, is_default TINYINT NOT NULL DEFAULT 0);
CREATE TABLE orders (id BIGINT PRIMARY KEY, order_no VARCHAR(32) NOT NULL, user_id BIGINT NOT NULL, status INT NOT NULL, total_amount DECIMAL(12,2) NOT NULL, pay_amount DECIMAL(12,2), coupon_id BIGINT, address_id BIGINT, created_at DATETIME NOT NULL, paid_at DATETIME, updated_at DATETIME NOT NULL, deleted TINYINT NOT NULL DEFAULT 0, UNIQUE KEY uk_orders_no (order_no), KEY idx_orders_user (user_id));
CREATE TABLE order_items (id BIGINT PRIMARY KEY, order_id BIGINT NOT NULL, product_id BIGINT NOT NULL, quantity INT NOT NULL, unit_price DECIMAL(10,2) NOT NULL, KEY idx_items_order (order_id));
CREATE TABLE payments (id BIGINT PRIMARY KEY, order_id BIGINT NOT NULL, channel VARCHAR(16) NOT NULL, amount DECIMAL(12,2) NOT NULL, status TINYINT NOT NULL, trade_no VARCHAR(64), paid_at DATETIME, created_at DATETIME NOT NULL);
CREATE TABLE refunds (id BIGINT PRIMARY KEY, payment_id BIGINT NOT NULL, order_id BIGINT NOT NULL, amount DECIMAL(12,2) NOT NULL, reason VARCHAR(255), status TINYINT NOT NULL, created_at DATETIME NOT NULL);
CREATE TABLE shipments (id BIGINT PRIMARY KEY, order_id BIGINT NOT NULL, carrier VARCHAR(32) NOT NULL, tracking_no VARCHAR(64), status TINYINT NOT NULL, shipped_at DATETIME, delivered_at DATETIME);
CREATE TABLE coupons (id BIGINT PRIMARY KEY, code VARCHAR(32) NOT NULL, kind TINYINT NOT NULL, discount DECIMAL(10,2) NOT NULL, min_amount DECIMAL(10,2) NOT NULL DEFAULT 0, starts_at DATETIME NOT NULL, ends_at DATETIME NOT NULL, total INT NOT NULL, used INT NOT NULL DEFAULT 0);
CREATE TABLE user_coupons (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, coupon_id BIGINT NOT NULL, status TINYINT NOT NULL, received_at DATETIME NOT NULL, used_at DATETIME);
CREATE TABLE promotions (id BIGINT PRIMARY KEY, name VARCHAR(128) NOT NULL, kind VARCHAR(16) NOT NULL, product_id BIGINT, category_id BIGINT, starts_at DATETIME NOT NULL, ends_at DATETIME NOT NULL, priority INT NOT NULL DEFAULT 0);
CREATE TABLE reviews (id BIGINT PRIMARY KEY, product_id BIGINT NOT NULL, user_id BIGINT NOT NULL, order_id BIGINT, rating TINYINT NOT NULL, content TEXT, status TINYINT NOT NULL, created_at DATETIME NOT NULL);
CREATE TABLE cart_items (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, product_id BIGINT NOT NULL, quantity INT NOT NULL, checked TINYINT NOT NULL DEFAULT 1, added_at DATETIME NOT NULL, UNIQUE KEY uk_cart (user_id, product_id));
CREATE TABLE favorites (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, product_id BIGINT NOT NULL, created_at DATETIME NOT NULL);
CREATE TABLE audit_log (id BIGINT PRIMARY KEY AUTO_INCREMENT, actor_id BIGINT, action VARCHAR(32) NOT NULL, entity VARCHAR(32) NOT NULL, entity_id BIGINT, detail TEXT, ip VARCHAR(45), created_at DATETIME NOT NULL);
CREATE TABLE tickets (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, assignee_id BIGINT, subject VARCHAR(200) NOT NULL, priority TINYINT NOT NULL, status VARCHAR(16) NOT NULL, version INT NOT NULL DEFAULT 0, created_at DATETIME NOT NULL, closed_at DATETIME);
CREATE TABLE ticket_comments (id BIGINT PRIMARY KEY, ticket_id BIGINT NOT NULL, author_id BIGINT NOT NULL, body TEXT NOT NULL, created_at DATETIME NOT NULL);
CREATE TABLE messages (id BIGINT PRIMARY KEY, sender_id BIGINT NOT NULL, receiver_id BIGINT NOT NULL, title VARCHAR(128), body TEXT, read_at DATETIME, created_at DATETIME NOT NULL, deleted TINYINT NOT NULL DEFAULT 0);
CREATE TABLE notifications (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, kind VARCHAR(32) NOT NULL, payload TEXT, seen TINYINT NOT NULL DEFAULT 0, created_at DATETIME NOT NULL);
CREATE TABLE articles (id BIGINT PRIMARY KEY, author_id BIGINT NOT NULL, title VARCHAR(200) NOT NULL, summary VARCHAR(500), status TINYINT NOT NULL, views INT NOT NULL DEFAULT 0, published_at DATETIME, created_at DATETIME NOT NULL);
CREATE TABLE tags (id BIGINT PRIMARY KEY, name VARCHAR(32) NOT NULL, uses INT NOT NULL DEFAULT 0, UNIQUE KEY uk_tags_name (name));
CREATE TABLE article_tags (article_id BIGINT NOT NULL, tag_id BIGINT NOT NULL, PRIMARY KEY (article_id, tag_id));
CREATE TABLE sessions (id VARCHAR(64) PRIMARY KEY, user_id BIGINT NOT NULL, ip VARCHAR(45), user_agent VARCHAR(255), created_at DATETIME NOT NULL, expires_at DATETIME NOT NULL);
CREATE TABLE login_history (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, ip VARCHAR(45) NOT NULL, success TINYINT NOT NULL, created_at DATETIME NOT NULL);
CREATE TABLE settings (setting_key VARCHAR(64) PRIMARY KEY, setting_value VARCHAR(1024), updated_at DATETIME NOT NULL);
CREATE TABLE invoices (id BIGINT PRIMARY KEY, order_id BIGINT NOT NULL, title VARCHAR(128) NOT NULL, tax_no VARCHAR(32), amount DECIMAL(12,2) NOT NULL, status TINYINT NOT NULL, issued_at DATETIME);
CREATE TABLE invoice_lines (id BIGINT PRIMARY KEY, invoice_id BIGINT NOT NULL, description VARCHAR(200) NOT NULL, amount DECIMAL(12,2) NOT NULL);
CREATE TABLE accounts (id BIGINT PRIMARY KEY, login VARCHAR(64) NOT NULL, name VARCHAR(64) NOT NULL, email VARCHAR(128), status INT NOT NULL, vip TINYINT NOT NULL DEFAULT 0, balance DECIMAL(12,2) NOT NULL DEFAULT 0, created_at DATETIME NOT NULL);
CREATE TABLE members (id BIGINT PRIMARY KEY, account_id BIGINT NOT NULL, grade VARCHAR(16) NOT NULL, points INT NOT NULL DEFAULT 0, joined_on DATE NOT NULL);
CREATE TABLE posts (id BIGINT PRIMARY KEY, board_id INT NOT NULL, author_id BIGINT NOT NULL, title VARCHAR(200) NOT NULL, hits INT NOT NULL DEFAULT 0, created_at DATETIME NOT NULL);
CREATE TABLE shops (id BIGINT PRIMARY KEY, owner_id BIGINT NOT NULL, name VARCHAR(128) NOT NULL, region VARCHAR(32) NOT NULL, score DECIMAL(3,1), status TINYINT NOT NULL);
CREATE TABLE stock_moves (id BIGINT PRIMARY KEY, product_id BIGINT NOT NULL, warehouse_id BIGINT NOT NULL, delta INT NOT NULL, reason VARCHAR(32) NOT NULL, moved_at DATETIME NOT NULL);
-- sqltune:stats users rows=2400000
-- sqltune:stats users.status distinct=3 nulls=0 width=1
-- sqltune:stats users.dept_id distinct=800 nulls=0.2 width=8
-- sqltune:stats users.username distinct=2400000 nulls=0 width=12
-- sqltune:stats departments rows=800
-- sqltune:stats employees rows=52000
-- sqltune:stats categories rows=1200
-- sqltune:stats suppliers rows=9000
-- sqltune:stats products rows=350000
-- sqltune:stats products.status distinct=4 nulls=0 width=1
-- sqltune:stats products.price distinct=40000 nulls=0 width=6
-- sqltune:stats warehouses rows=40
-- sqltune:stats inventory rows=900000
-- sqltune:stats addresses rows=3100000
-- sqltune:stats orders rows=18000000
-- sqltune:stats orders.status distinct=8 nulls=0 width=4
-- sqltune:stats orders.created_at distinct=15000000 nulls=0 width=8
-- sqltune:stats order_items rows=52000000
-- sqltune:stats payments rows=17000000
-- sqltune:stats refunds rows=400000
-- sqltune:stats shipments rows=16000000
-- sqltune:stats coupons rows=20000
-- sqltune:stats user_coupons rows=6000000
-- sqltune:stats promotions rows=3000
-- sqltune:stats reviews rows=9000000
-- sqltune:stats cart_items rows=1500000
-- sqltune:stats favorites rows=4000000
-- sqltune:stats audit_log rows=120000000
-- sqltune:stats tickets rows=700000
-- sqltune:stats ticket_comments rows=2600000
-- sqltune:stats messages rows=30000000
-- sqltune:stats notifications rows=60000000
-- sqltune:stats articles rows=200000
-- sqltune:stats tags rows=5000
-- sqltune:stats article_tags rows=900000
-- sqltune:stats sessions rows=800000
-- sqltune:stats login_history rows=90000000
-- sqltune:stats settings rows=300
-- sqltune:stats invoices rows=5000000
-- sqltune:stats invoice_lines rows=15000000
-- sqltune:stats accounts rows=1200000
-- sqltune:stats members rows=900000
-- sqltune:stats posts rows=4000000
-- sqltune:stats shops rows=60000
-- sqltune:stats stock_moves rows=25000000
