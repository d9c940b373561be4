-- Fixture cases of merge-on-not-unique-key. Format: test-support/rule-fixtures.ts.

-- dialect: postgresql
-- schema: keys
-- matches: 1
MERGE INTO users u USING teams t ON u.team_code = t.code WHEN MATCHED THEN UPDATE SET name = t.title;

-- Part of a composite key is not the key.
-- dialect: postgresql
-- schema: example
-- matches: 1
MERGE INTO partsupp p USING supplier s ON p.ps_suppkey = s.s_suppkey WHEN MATCHED THEN DELETE;

-- dialect: postgresql
-- schema: keys
-- matches: 0
MERGE INTO users u USING teams t ON u.id = 1 WHEN MATCHED THEN UPDATE SET team_code = t.code;

-- A unique key, and the whole composite key.
-- dialect: postgresql
-- schema: keys
-- matches: 0
MERGE INTO users u USING teams t ON u.login = t.title WHEN NOT MATCHED THEN INSERT (id, login) VALUES (1, t.title);

-- dialect: postgresql
-- schema: example
-- matches: 0
MERGE INTO partsupp p USING (SELECT l_partkey, l_suppkey, sum(l_quantity) AS q FROM lineitem GROUP BY 1, 2) l ON p.ps_partkey = l.l_partkey AND p.ps_suppkey = l.l_suppkey WHEN MATCHED THEN UPDATE SET ps_availqty = p.ps_availqty - l.q;

-- A target the structure does not define.
-- dialect: postgresql
-- schema: keys
-- matches: 0
MERGE INTO archive a USING users u ON a.user_id = u.id WHEN MATCHED THEN DELETE;
