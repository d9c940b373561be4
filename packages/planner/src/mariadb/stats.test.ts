import { describe, expect, it } from 'vitest';
import { type CatalogTable, jsonHistogram, MAX_BOUND_BYTES, planStatistics } from './stats.ts';

describe('jsonHistogram', () => {
  const widest = 'b'.repeat(MAX_BOUND_BYTES);
  const wide = 'b'.repeat(MAX_BOUND_BYTES + 1);

  it('keeps bounds as wide as mysql.column_stats holds', () => {
    const h = jsonHistogram(['a', widest, 'c'], 10);
    expect(h).toMatchObject({ min: 'a', max: 'c', buckets: 2 });
    expect(JSON.parse(h!.json).histogram_hb.map((b: { start: string }) => b.start)).toEqual(['a', widest]);
  });

  it('leaves out wider bounds (counted in UTF-8 bytes), and the histogram when fewer than two remain', () => {
    const multiByte = 'é'.repeat(MAX_BOUND_BYTES / 2 + 1);
    expect(jsonHistogram(['a', wide, multiByte, 'c'], 10)).toMatchObject({ min: 'a', max: 'c', buckets: 1 });
    expect(jsonHistogram(['a', wide], 10)).toBeUndefined();
  });
});

describe('planStatistics', () => {
  const catalog: CatalogTable[] = [
    {
      name: 'docs',
      kind: 'table',
      engine: 'InnoDB',
      indexes: [],
      columns: [
        {
          name: 'title',
          dataType: 'varchar',
          columnType: 'varchar(500)',
          charMax: 500,
          numericPrecision: null,
          numericScale: null,
          datetimePrecision: null,
          nullable: true,
          extra: '',
        },
      ],
    },
  ];
  const notesFor = (bounds: string[]) =>
    planStatistics(catalog, [
      { table: 'docs', rows: 1000, columns: [{ column: 'title', distinct: 50, histogramBounds: bounds }] },
    ]).notes.map((n) => n.en);

  it('says how many histogram bounds were too wide to store, and says nothing when none was', () => {
    const wide = 'b'.repeat(MAX_BOUND_BYTES + 1);
    expect(notesFor(['a', wide, 'm', 'z'])).toEqual([
      `1 value(s) of docs.title (most common values or histogram bounds) are wider than ${MAX_BOUND_BYTES} bytes and were left out (the database's own ANALYZE keeps none so wide)`,
    ]);
    expect(notesFor(['a', 'b'.repeat(MAX_BOUND_BYTES), 'z'])).toEqual([]);
  });

  it("sizes a table without statistics from the pasted plan, and the user's statistics win over it", () => {
    const fromPlan = planStatistics(catalog, [], [{ table: 'DOCS', rows: 5_000_000 }]);
    expect(fromPlan.tables[0]).toMatchObject({ name: 'docs', rows: 5_000_000, defaulted: false });
    expect(fromPlan.notes.map((n) => n.en)).toEqual([
      'docs: 5,000,000 rows, taken from the pasted plan (no statistics given)',
    ]);
    const given = planStatistics(catalog, [{ table: 'docs', rows: 1234, columns: [] }], [{ table: 'docs', rows: 5e6 }]);
    expect(given.tables[0]).toMatchObject({ rows: 1234, defaulted: false });
    expect(given.notes).toEqual([]);
    const neither = planStatistics(catalog, []);
    expect(neither.tables[0]).toMatchObject({ rows: 1000, defaulted: true });
    expect(neither.notes.map((n) => n.en)).toEqual(['no statistics for docs: planned as 1000 rows each']);
  });
});
