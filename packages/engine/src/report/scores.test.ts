import type { Finding, PlanNode, PlanTree } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { complexityOf, computeScores, scannedRows } from './scores.ts';

const node = (over: Partial<PlanNode>): PlanNode => ({
  node: 'Result',
  rows: 1,
  cost: 1,
  warnings: [],
  children: [],
  ...over,
});
const tree = (root: PlanNode): PlanTree => ({ root, totalCost: root.cost, raw: '' });
const finding = (id: string, severity: Finding['severity']): Finding => ({
  id,
  severity,
  title: { zh: '', en: '' },
  message: { zh: '', en: '' },
  rewrite: false,
});

describe('scores', () => {
  it('counts a full scan as its whole table and a bitmap scan once, at its index', () => {
    const rows = new Map([['orders', 1_500_000]]);
    const seq = node({ node: 'Seq Scan', relation: 'orders', rows: 7500 });
    const bitmap = node({
      node: 'Bitmap Heap Scan',
      relation: 'orders',
      rows: 7500,
      children: [node({ node: 'Bitmap Index Scan', rows: 7500 })],
    });
    expect(scannedRows(seq, rows)).toBe(1_500_000);
    expect(scannedRows(bitmap, rows)).toBe(7500);
    expect(scannedRows(seq)).toBe(7500);
    const mariadb = node({
      node: 'Nested loop',
      children: [
        node({ node: 'Table scan', relation: 'orders', rows: 10 }),
        node({ node: 'Unique index lookup (eq_ref)', relation: 'customer', rows: 1 }),
      ],
    });
    expect(scannedRows(mariadb, rows)).toBe(1_500_001);
  });

  it('gives the cheaper plan the better execution-plan score, and findings cost points', () => {
    const scores = computeScores({
      dialect: 'mysql',
      original: {
        text: 'SELECT * FROM t',
        findings: [finding('select-star', 'warning')],
        plan: tree(node({ cost: 1000 })),
      },
      optimized: { text: 'SELECT a FROM t', findings: [], plan: tree(node({ cost: 10 })) },
    });
    const byCategory = Object.fromEntries(scores.map((s) => [s.category, s]));
    expect(scores).toHaveLength(6);
    expect(byCategory['Execution Plan']!.original_score).toBeLessThan(byCategory['Execution Plan']!.optimized_score);
    expect(byCategory['Network Transport']).toMatchObject({ original_score: 85, optimized_score: 100 });
  });

  it('measures complexity by joins, subqueries and set operations', () => {
    expect(complexityOf('SELECT 1 FROM a', 'mysql')).toBe(0);
    expect(complexityOf('SELECT 1 FROM a JOIN b ON a.x = b.x WHERE a.y IN (SELECT y FROM c)', 'mysql')).toBe(2);
  });
});
