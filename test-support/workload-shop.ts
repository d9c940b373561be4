/**
 * The shop scripts/capture-workload-fixtures.ts captured the workload fixtures on
 * (packages/engine/src/workload/fixtures), with statistics at a size where indexes matter: what the tests that
 * optimize those fixtures (the planner's weighted workload, the command's --workload) give as the table structure.
 */
export const WORKLOAD_SHOP_SCHEMA = `CREATE TABLE customers (id int PRIMARY KEY, email varchar(100) NOT NULL, country char(2) NOT NULL);
CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status varchar(10) NOT NULL,
  created_at date NOT NULL, total numeric(10,2) NOT NULL);
CREATE INDEX orders_status ON orders (status);
CREATE INDEX orders_status_created ON orders (status, created_at);
-- sqltune:stats customers rows=100000
-- sqltune:stats customers.email distinct=100000
-- sqltune:stats orders rows=5000000
-- sqltune:stats orders.customer_id distinct=100000
-- sqltune:stats orders.status distinct=3
-- sqltune:stats orders.created_at distinct=300
`;
