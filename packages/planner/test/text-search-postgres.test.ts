import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner, shutdownPglitePool } from '../src/pglite/backend.ts';

/**
 * Text search on PostgreSQL (embedded PGlite, always available): `to_tsvector('english', body) @@ ...` gets a GIN on
 * that expression, and a LIKE or ILIKE whose pattern starts with a wildcard a pg_trgm GIN, which the sandbox builds
 * with the extension made for the advice when the structure does not create it.
 */
const schemaText = (extra = '') =>
  [
    'CREATE TABLE articles (id bigserial PRIMARY KEY, title varchar(200) NOT NULL, body text, status smallint NOT NULL DEFAULT 0);',
    extra,
    '-- sqltune:stats articles rows=2000000',
    '-- sqltune:stats articles.status distinct=3 nulls=0 width=2',
    '-- sqltune:stats articles.title distinct=1900000 nulls=0 width=60',
  ].join('\n');

const run = (sql: string, schema = schemaText()) =>
  optimize(
    { sql, dialect: 'postgresql', schemaText: schema },
    { planners: { postgresql: pglitePlanner }, engineVersion: 'test' },
  );

describe('text search index advice on PostgreSQL (embedded PGlite)', { timeout: 120_000 }, () => {
  afterAll(async () => {
    await shutdownPglitePool();
  });

  it('advises a GIN on the to_tsvector expression the @@ search writes, costed by the optimizer', async () => {
    const report = await run(
      "SELECT id, title FROM articles WHERE to_tsvector('english', body) @@ plainto_tsquery('english', 'database tuning') AND status = 1 LIMIT 20",
    );
    const [statement] = report.statements;
    expect(statement!.indexes.map((i) => i.ddl)).toContain(
      "CREATE INDEX idx_articles_to_tsvector_english_body_gin ON articles USING gin ((to_tsvector('english', body)));",
    );
    const gin = statement!.indexes.find((i) => i.kind === 'gin')!;
    expect(gin.costAfter).toBeLessThan(gin.costBefore!);
    expect(statement!.plan.after?.raw).toContain('idx_articles_to_tsvector_english_body_gin');
  });

  it('advises it for a document concatenated from columns and for a tsquery named in the FROM list', async () => {
    const report = await run(
      [
        "SELECT id FROM articles WHERE to_tsvector('english', title || ' ' || coalesce(body, '')) @@ websearch_to_tsquery('english', 'database tuning')",
        "SELECT id, ts_rank(to_tsvector('english', body), q) AS rank FROM articles, plainto_tsquery('english', 'tuning') q WHERE to_tsvector('english', body) @@ q ORDER BY rank DESC LIMIT 10",
      ].join(';\n'),
    );
    const [concatenated, named] = report.statements;
    expect(concatenated!.indexes.map((i) => i.columns)).toEqual([
      ["to_tsvector('english', title || ' ' || coalesce(body, ''))"],
    ]);
    expect(named!.indexes.map((i) => i.columns)).toEqual([["to_tsvector('english', body)"]]);
    for (const statement of [concatenated!, named!]) {
      const [gin] = statement.indexes;
      expect(gin!.costAfter).toBeLessThan(gin!.costBefore!);
      expect(statement.plan.after?.raw).toContain(gin!.ddl.split(' ')[2]);
    }
  });

  it('advises a pg_trgm GIN for ILIKE and LIKE patterns that start with a wildcard, read in place of the scan', async () => {
    const report = await run(
      [
        "SELECT id, title FROM articles WHERE body ILIKE '%tuning%'",
        "SELECT id FROM articles WHERE title LIKE '%tuning%'",
      ].join(';\n'),
    );
    const expected = [
      'CREATE INDEX idx_articles_body_trgm ON articles USING gin (body gin_trgm_ops);',
      'CREATE INDEX idx_articles_title_trgm ON articles USING gin (title gin_trgm_ops);',
    ];
    for (const [k, statement] of report.statements.entries()) {
      expect(statement.errors).toEqual([]);
      expect(statement.indexes.map((i) => i.ddl)).toEqual([expected[k]]);
      const [advice] = statement.indexes;
      expect(advice!.kind).toBe('gin');
      expect(advice!.roles?.[0]?.role).toBe('pattern');
      expect(advice!.costAfter).toBeLessThan(advice!.costBefore!);
      expect(advice!.reason.en).toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      expect(advice!.reason.zh).toContain('pg_trgm');
      expect(statement.plan.after?.raw).toContain(expected[k]!.split(' ')[2]);
      // The rule no longer says no index can serve it: only a B-tree cannot.
      const rule = statement.rules.find((r) => r.id === 'leading-wildcard-like');
      expect(rule?.message.en).toContain(
        'no B-tree index can serve this condition (a pg_trgm GIN index on PostgreSQL can)',
      );
    }
  });

  it('advises a pg_trgm GIN on each column an OR searches, which the plan reads together (a BitmapOr)', async () => {
    const report = await run("SELECT id FROM articles WHERE title ILIKE '%tuning%' OR body ILIKE '%tuning%'");
    const [statement] = report.statements;
    expect(statement!.indexes.map((i) => i.columns[0]).sort()).toEqual(['body', 'title']);
    const raw = statement!.plan.after?.raw ?? '';
    expect(raw).toContain('BitmapOr');
    expect(raw).toContain('idx_articles_title_trgm');
    expect(raw).toContain('idx_articles_body_trgm');
    expect(statement!.indexes[0]!.costAfter).toBeLessThan(statement!.indexes[0]!.costBefore!);
  });

  it('advises no trigram index for a pattern without three characters in a row, nor where one exists', async () => {
    const short = await run("SELECT id FROM articles WHERE title LIKE '%ab%'");
    expect(short.statements[0]!.indexes).toEqual([]);
    const indexed = await run(
      "SELECT id FROM articles WHERE title ILIKE '%tuning%'",
      schemaText(
        'CREATE EXTENSION pg_trgm;\nCREATE INDEX articles_title_trgm ON articles USING gin (title gin_trgm_ops);',
      ),
    );
    const [statement] = indexed.statements;
    expect(statement!.indexes).toEqual([]);
    expect(statement!.plan.before?.raw).toContain('articles_title_trgm');
  });
});
