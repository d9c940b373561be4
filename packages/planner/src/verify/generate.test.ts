import { describe, expect, it } from 'vitest';
import {
  createRng,
  dataSetProfiles,
  type GenTable,
  generateRows,
  insertSql,
  literalSet,
  parentsFirst,
} from './generate.ts';

const customers: GenTable = {
  oid: 1,
  schema: 'public',
  name: 'customer',
  columns: [
    {
      name: 'id',
      type: { kind: 'int', sqlType: 'integer', intBits: 32 },
      notNull: true,
      generated: false,
      identityAlways: false,
    },
    {
      name: 'name',
      type: { kind: 'text', sqlType: 'character varying(3)', maxLength: 3 },
      notNull: false,
      generated: false,
      identityAlways: false,
    },
    { name: 'born', type: { kind: 'date', sqlType: 'date' }, notNull: false, generated: false, identityAlways: false },
    {
      name: 'balance',
      type: { kind: 'numeric', sqlType: 'numeric(6,2)', precision: 6, scale: 2 },
      notNull: true,
      generated: false,
      identityAlways: false,
    },
    {
      name: 'total',
      type: { kind: 'numeric', sqlType: 'numeric' },
      notNull: false,
      generated: true,
      identityAlways: false,
    },
  ],
  uniqueKeys: [['id']],
  foreignKeys: [],
};

const orders: GenTable = {
  oid: 2,
  schema: 'public',
  name: 'orders',
  columns: [
    {
      name: 'id',
      type: { kind: 'int', sqlType: 'bigint', intBits: 64 },
      notNull: true,
      generated: false,
      identityAlways: true,
    },
    {
      name: 'customer_id',
      type: { kind: 'int', sqlType: 'integer', intBits: 32 },
      notNull: false,
      generated: false,
      identityAlways: false,
    },
  ],
  uniqueKeys: [['id']],
  foreignKeys: [{ columns: ['customer_id'], refTableOid: 1, refColumns: ['id'] }],
};

function values(rows: string[][], column: number): string[] {
  return rows.map((r) => r[column]);
}

describe('data generation', () => {
  it('is reproducible from the seed', () => {
    const profiles = dataSetProfiles(5, [customers], 40, createRng(7));
    const a = generateRows(customers, profiles[0], createRng(1), literalSet([5]));
    const b = generateRows(customers, profiles[0], createRng(1), literalSet([5]));
    const c = generateRows(customers, profiles[0], createRng(2), literalSet([5]));
    expect(a.rows).toEqual(b.rows);
    expect(a.rows).not.toEqual(c.rows);
  });

  it('covers normal, partly empty, tiny, NULL-heavy and empty databases', () => {
    const profiles = dataSetProfiles(5, [customers, orders], 40, createRng(3));
    expect(profiles.map((p) => p.label)).toEqual([
      'normal',
      'some tables empty',
      'tiny, many duplicates',
      'many NULLs',
      'all tables empty',
    ]);
    expect([...profiles[1].rows.values()].sort()).toEqual([0, 40]);
    expect([...profiles[4].rows.values()]).toEqual([0, 0]);
    expect(Math.max(...profiles[2].rows.values())).toBeLessThanOrEqual(6);
  });

  it('keeps keys unique, respects NOT NULL and includes literals with their neighbours', () => {
    const profile = dataSetProfiles(1, [customers], 200, createRng(1))[0];
    const literals = literalSet([100, '1995-03-15', 'abcd%', '12.5']);
    const { rows, columns } = generateRows(
      customers,
      profile,
      createRng(9),
      literals,
      [],
      new Map([['born', literalSet(['1995-03-15'])]]),
    );
    expect(columns.map((c) => c.name)).toEqual(['id', 'name', 'born', 'balance']);
    const ids = values(rows, 0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const v of ['99::integer', '100::integer', '101::integer']) expect(ids).toContain(v);
    expect(values(rows, 3).some((v) => v.startsWith('NULL'))).toBe(false);
    expect(values(rows, 1)).toContain('NULL::character varying(3)');
    const dates = values(rows, 2);
    for (const d of ['1995-03-14', '1995-03-15', '1995-03-16']) expect(dates).toContain(`'${d}'::date`);
    const names = values(rows, 1);
    expect(names).toContain("'abc'::character varying(3)");
    expect(values(rows, 3)).toContain('12.5::numeric(6,2)');
    // Duplicates are common outside unique keys.
    expect(new Set(names).size).toBeLessThan(names.length / 2);
  });

  it('draws foreign keys from parent rows and renders an INSERT', () => {
    const profile = dataSetProfiles(1, [customers, orders], 20, createRng(1))[0];
    const { rows } = generateRows(orders, profile, createRng(4), literalSet([]), [[['3'], ['8']]]);
    const fks = new Set(values(rows, 1));
    for (const v of fks) expect(["'3'::integer", "'8'::integer", 'NULL::integer']).toContain(v);
    const sql = insertSql(generateRows(orders, profile, createRng(4), literalSet([]), [[['3']]]));
    expect(sql).toMatch(/^INSERT INTO "public"\."orders" \("id", "customer_id"\) OVERRIDING SYSTEM VALUE VALUES\n/);
    expect(sql).toMatch(/ON CONFLICT DO NOTHING$/);
    expect(parentsFirst([orders, customers]).map((t) => t.name)).toEqual(['customer', 'orders']);
  });
});
