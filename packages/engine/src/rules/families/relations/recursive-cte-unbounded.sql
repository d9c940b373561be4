-- Fixture cases of recursive-cte-unbounded. Format: test-support/rule-fixtures.ts.

-- matches: 1
WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq WHERE n <= 10;

-- dialect: postgresql
-- matches: 1
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq;

-- matches: 0
WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq;

-- PostgreSQL stops at the outer LIMIT; UNION (not ALL) stops when no new row appears; a tree walk stops at leaves.
-- dialect: postgresql
-- matches: 0
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq LIMIT 10;

-- dialect: postgresql
-- matches: 0
WITH RECURSIVE s(n) AS (SELECT 1 UNION SELECT n FROM s) SELECT n FROM s;

-- matches: 0
WITH RECURSIVE t AS (SELECT id, parent FROM nodes WHERE id = 1 UNION ALL SELECT n.id, n.parent FROM nodes n JOIN t ON n.parent = t.id) SELECT id FROM t;
