-- Big spenders of one market segment in 2024, newest orders first
SELECT o.o_orderkey, o.o_orderdate, o.o_totalprice, c.c_name, c.c_phone
FROM orders o
JOIN customer c ON c.c_custkey = o.o_custkey
WHERE YEAR(o.o_orderdate) = 2024
  AND o.o_custkey IN (
    SELECT DISTINCT c2.c_custkey FROM customer c2 WHERE c2.c_mktsegment = 'BUILDING'
  )
  AND o.o_totalprice > 1000
ORDER BY o.o_orderdate DESC
LIMIT 50;
