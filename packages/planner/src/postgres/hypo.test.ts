import { describe, expect, it } from 'vitest';
import { tokenize } from '../sql-text.ts';
import { defaultIndexName, makeObjectName, readIndexShape, renameIndexesInJson, renameIndexesInText } from './hypo.ts';

const shape = (sql: string) => readIndexShape(tokenize(sql, 'postgresql'));

describe('what-if index names (pure)', () => {
  it('reads name, table and the column names PostgreSQL derives', () => {
    expect(shape('CREATE INDEX idx ON orders (o_custkey)')).toEqual({
      name: 'idx',
      table: 'orders',
      columns: ['o_custkey'],
    });
    expect(
      shape(
        'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "Big" ON ONLY public."Orders" USING btree (a DESC NULLS LAST, lower(b), (c + 1), (d::text)) INCLUDE (e)',
      ),
    ).toEqual({
      name: 'Big',
      table: 'Orders',
      columns: ['a', 'lower', 'expr', 'd', 'e'],
    });
    expect(shape('CREATE INDEX ON t USING gin (body gin_trgm_ops) WHERE body IS NOT NULL')).toEqual({
      table: 't',
      columns: ['body'],
    });
  });

  it('chooses the default name as PostgreSQL does', () => {
    expect(defaultIndexName('orders', ['o_custkey'], new Set())).toBe('orders_o_custkey_idx');
    expect(defaultIndexName('orders', ['o_custkey'], new Set(['orders_o_custkey_idx']))).toBe('orders_o_custkey_idx1');
    expect(defaultIndexName('orders', ['o_custkey', 'o_orderdate'], new Set())).toBe(
      'orders_o_custkey_o_orderdate_idx',
    );
    // 63 bytes at most, the longer part shortened first.
    const long = makeObjectName('t'.repeat(40), 'c'.repeat(40), 'idx');
    expect(long).toBe(`${'t'.repeat(29)}_${'c'.repeat(29)}_idx`);
    expect(Buffer.byteLength(long)).toBe(63);
  });

  it('replaces HypoPG names in JSON and text plans', () => {
    const names = new Map([['<13556>btree_orders_o_custkey', 'orders_o_custkey_idx']]);
    const json = renameIndexesInJson(
      JSON.stringify([
        {
          Plan: {
            'Node Type': 'Bitmap Heap Scan',
            Plans: [{ 'Node Type': 'Bitmap Index Scan', 'Index Name': '<13556>btree_orders_o_custkey' }],
          },
        },
      ]),
      names,
    );
    expect(JSON.stringify(json)).toContain('"Index Name":"orders_o_custkey_idx"');
    expect(
      renameIndexesInText('  ->  Bitmap Index Scan on "<13556>btree_orders_o_custkey"  (cost=0.00..4.17)', names),
    ).toBe('  ->  Bitmap Index Scan on orders_o_custkey_idx  (cost=0.00..4.17)');
    expect(renameIndexesInText('Index Scan using "<1>btree_t_a" on t', new Map([['<1>btree_t_a', 'Big']]))).toBe(
      'Index Scan using "Big" on t',
    );
  });
});
