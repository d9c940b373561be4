import type { MapperStatementReport, WorkloadIndexes } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { cachedTree, parseStatements, TREE_CACHE_ENTRIES } from '../dialect/parse.ts';
import { indexCandidateReport } from '../indexes/candidates.ts';
import { workloadInXml } from '../mybatis/report.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { withAnalysisCaches } from '../text/analysis-caches.ts';
import { dedupeStatements } from './dedupe.ts';
import { writeTargetOf } from './prepare.ts';

/** What a mapper's workload index advice rests on in the engine (issue 13): dedupe, the tree cache, writes, usage. */
const schema = parseSchema(
  `CREATE TABLE coupons (id BIGINT PRIMARY KEY, code VARCHAR(32), kind INT, used INT, total INT, ends_at DATETIME);
-- sqltune:stats coupons rows=2000000
-- sqltune:stats coupons.code distinct=2000000`,
  'mysql',
);

describe('dedupeStatements', () => {
  it('merges texts whose tokens are the same, summing their weights, and remembers every copy', () => {
    const texts = [
      "SELECT id FROM coupons WHERE code = 'a'",
      "SELECT id\n  FROM coupons -- the search\n WHERE code = 'a';",
      'SELECT id FROM coupons WHERE kind = 1',
      "SELECT  id FROM coupons WHERE code = 'a'",
    ];
    const deduped = dedupeStatements(texts, 'mysql', [1, 2, 3, 4]);
    expect(deduped.texts).toEqual([texts[0], texts[2]]);
    expect(deduped.weights).toEqual([7, 3]);
    expect(deduped.members).toEqual([[0, 1, 3], [2]]);
    // Without weights each copy weighs 1.
    expect(dedupeStatements(texts, 'mysql').weights).toEqual([3, 1]);
  });

  it('keeps texts apart that differ in a literal, an identifier or a string', () => {
    const texts = [
      "SELECT id FROM coupons WHERE code = 'a'",
      "SELECT id FROM coupons WHERE code = 'A'",
      "SELECT id FROM coupons WHERE code = 'a '",
      "SELECT id FROM coupons WHERE kind = 'a'",
      'SELECT id FROM coupons WHERE kind = 1',
      'SELECT id FROM coupons WHERE kind = 2',
    ];
    const deduped = dedupeStatements(texts, 'mysql');
    expect(deduped.texts).toEqual(texts);
    expect(deduped.weights).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('the parser tree cache of an analysis', () => {
  it('reads a repeated text once within one analysis: the same tree comes back, per dialect', () => {
    const sql = "SELECT id FROM coupons WHERE code = 'tree cache 1'";
    withAnalysisCaches(() => {
      const first = parseStatements(sql, 'mysql')[0]!.ast;
      expect(parseStatements(sql, 'mysql')[0]!.ast).toBe(first);
      expect(cachedTree(sql, 'mysql')).toBe(first);
      // Another dialect reads the text on its own: no tree is shared across grammars.
      expect(cachedTree(sql, 'postgresql')).toBeUndefined();
      expect(parseStatements(sql, 'postgresql')[0]!.ast).not.toBe(first);
    });
  });

  it('holds at most TREE_CACHE_ENTRIES trees, the least recently used leaving first', () => {
    const old = "SELECT id FROM coupons WHERE code = 'tree cache old'";
    const kept = "SELECT id FROM coupons WHERE code = 'tree cache kept'";
    withAnalysisCaches(() => {
      parseStatements(old, 'mysql');
      const keptTree = parseStatements(kept, 'mysql')[0]!.ast;
      for (let i = 0; i < TREE_CACHE_ENTRIES + 10; i++) {
        // The kept text is read again now and then: it stays, the old one leaves.
        if (i % 100 === 0) parseStatements(kept, 'mysql');
        parseStatements(`SELECT id FROM coupons WHERE kind = ${i}`, 'mysql');
      }
      expect(cachedTree(old, 'mysql')).toBeUndefined();
      expect(cachedTree(kept, 'mysql')).toBe(keptTree);
    });
    expect(TREE_CACHE_ENTRIES).toBe(1024);
  });

  it('does not keep a text that does not parse (its error is placed anew each time)', () => {
    const broken = "SELECT FROM WHERE code = 'tree cache broken'";
    withAnalysisCaches(() => {
      expect(() => parseStatements(broken, 'mysql')).toThrow();
      expect(cachedTree(broken, 'mysql')).toBeUndefined();
    });
  });
});

describe('an UPDATE or DELETE in the workload', () => {
  const candidates = (sql: string, writes?: boolean) =>
    indexCandidateReport(parseStatements(sql, 'mysql')[0]!, schema, writes ? { writes } : {}).candidates.map((c) =>
      c.columns.join(','),
    );

  it('gets candidates for the WHERE that finds its rows when the workload advisor asks', () => {
    expect(candidates("UPDATE coupons SET used = used + 1 WHERE code = 'x' AND used < total", true)).toContain('code');
    expect(candidates('DELETE FROM coupons WHERE kind = 3 AND ends_at < NOW()', true)[0]).toBe('kind,ends_at');
  });

  it('gets none otherwise (a statement report advises indexes for reads only), nor for an INSERT', () => {
    expect(candidates("UPDATE coupons SET used = used + 1 WHERE code = 'x'")).toEqual([]);
    expect(candidates('DELETE FROM coupons WHERE kind = 3')).toEqual([]);
    expect(candidates("INSERT INTO coupons (id, code) VALUES (1, 'x')", true)).toEqual([]);
  });

  it('names the table it writes and the columns it assigns; a read writes nothing', () => {
    expect(writeTargetOf("UPDATE coupons SET used = used + 1 WHERE code = 'x'", 'mysql', schema)).toEqual({
      table: 'coupons',
      columns: ['used'],
    });
    expect(writeTargetOf('DELETE FROM coupons WHERE kind = 3', 'mysql', schema)).toEqual({
      table: 'coupons',
      columns: 'all',
    });
    expect(writeTargetOf("SELECT id FROM coupons WHERE code = 'x'", 'mysql', schema)).toBeUndefined();
    expect(writeTargetOf('DELETE FROM elsewhere WHERE kind = 3', 'mysql', schema)).toBeUndefined();
  });

  it("names a PostgreSQL MERGE's target, every column of it; MySQL has no MERGE", () => {
    const merge = 'MERGE INTO coupons c USING batch b ON c.code = b.code WHEN MATCHED THEN UPDATE SET used = 1';
    expect(writeTargetOf(merge, 'postgresql', schema)).toEqual({ table: 'coupons', columns: 'all' });
    expect(writeTargetOf(merge, 'mysql', schema)).toBeUndefined();
  });
});

describe('workloadInXml: what each index serves, named by mapper statement', () => {
  const statement = (key: string) => ({ key, id: key.split('.').at(-1)! }) as MapperStatementReport;
  const mapperStatements = ['m.search', 'm.byCode', 'm.consume'].map(statement);
  // The planned batch's statements 1..4 are the mapper report's 3..6; statement 2 (a ${} variant batch) is not in it.
  const part = (s: number) => ({ statement: s, variant: 0, text: undefined as never, line: 1 });
  const planned = new Map([
    [1, { position: 3, part: part(0) }],
    [2, { position: 4, part: part(0) }],
    [3, { position: 5, part: part(1) }],
    [4, { position: 6, part: part(2) }],
  ]);
  const workload: WorkloadIndexes = {
    indexes: [],
    budgetBytes: 1,
    costBefore: 2,
    costAfter: 1,
    statements: 4,
    evaluations: 9,
    usage: [
      { ddl: 'CREATE INDEX a ON coupons (code)', serves: [3, 1, 2], slows: [4] },
      { ddl: 'CREATE INDEX b ON coupons (kind)', serves: [], slows: [] },
    ],
    excluded: [{ statement: 4, reason: { zh: '无', en: 'caveat' } }],
  };

  it('renumbers the statements and names each mapper statement once, in mapper order', () => {
    const out = workloadInXml(workload, planned, mapperStatements);
    expect(out.usage![0]).toMatchObject({ serves: [5, 3, 4], slows: [6] });
    expect(out.usage![0]!.mapper).toEqual({ serves: ['m.search', 'm.byCode'], slows: ['m.consume'] });
    expect(out.excluded).toEqual([{ statement: 6, key: 'm.consume', reason: { zh: '无', en: 'caveat' } }]);
  });

  it('names nothing for an index that serves nothing, and nothing outside the planned batch', () => {
    const out = workloadInXml(
      { ...workload, usage: [...workload.usage!, { ddl: 'x', serves: [99], slows: [] }] },
      planned,
      mapperStatements,
    );
    expect(out.usage![1]!.mapper).toEqual({ serves: [], slows: [] });
    expect(out.usage![2]).toMatchObject({ serves: [], mapper: { serves: [], slows: [] } });
  });
});
