-- A customer's open orders of this year with their line count
SELECT o.id, o.created_at, o.total,
  (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS items
FROM orders o
WHERE o.status = 'open'
  AND o.customer_id = 4242
  AND date_part('year', o.created_at) = 2025
ORDER BY o.created_at DESC;
