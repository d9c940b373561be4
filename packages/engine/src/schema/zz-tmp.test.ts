import { it } from 'vitest';
import { parseEach } from '../dialect/parse.ts';
it('x', () => {
  const q = `SELECT count(*), sum(a), a + b, lower(c), public.f(a), 'x', 1, a::text, CAST(a AS integer), '1'::int, '1'::double precision, CASE WHEN a THEN 1 END, CASE WHEN a THEN 1 ELSE b END, coalesce(a,b), greatest(a,b), nullif(a,b), EXISTS (SELECT 1), (SELECT max(x) FROM t), ARRAY[1], ROW(1,2), current_date, count(DISTINCT a), now(), t.a, (a), -a, a IS NULL, x.y::varchar(3), string_agg(a, ','), '1'::timestamp with time zone, array_agg(a ORDER BY b), extract(year from d), substring(a from 1 for 2), position('a' in b), trim(a), a[1], rank() OVER (ORDER BY a), (x).f FROM t`;
  const o = parseEach(q, 'postgresql')[0] as any;
  if (o.error) { console.log('ERR', o.error); return; }
  for (const c of o.statement.ast.columns) { const e = {...c.expr}; delete e.loc; console.log(JSON.stringify(e).slice(0, 300)); }
});
