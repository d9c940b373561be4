-- Fixture cases of too-many-joins. Format: test-support/rule-fixtures.ts.

-- matches: 1
SELECT 1 FROM t1 JOIN t2 ON t2.k = t1.k JOIN t3 ON t3.k = t1.k JOIN t4 ON t4.k = t1.k JOIN t5 ON t5.k = t1.k JOIN t6 ON t6.k = t1.k JOIN t7 ON t7.k = t1.k JOIN t8 ON t8.k = t1.k JOIN t9 ON t9.k = t1.k;

-- dialect: postgresql
-- matches: 1
SELECT 1 FROM t1 JOIN t2 ON t2.k = t1.k JOIN t3 ON t3.k = t1.k JOIN t4 ON t4.k = t1.k JOIN t5 ON t5.k = t1.k JOIN t6 ON t6.k = t1.k JOIN t7 ON t7.k = t1.k JOIN t8 ON t8.k = t1.k JOIN t9 ON t9.k = t1.k;

-- matches: 0
SELECT 1 FROM a, b, c, d, e, f, g, h WHERE a.k = b.k;

-- matches: 0
SELECT 1 FROM a, b, c, d, e WHERE a.k IN (SELECT 1 FROM f, g, h, i);
