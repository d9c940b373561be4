import { ErrorCode } from '@sqltune/contracts';
import { parseSchema } from '@sqltune/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { appError, withSession } from '../test-support/helpers.ts';
import { pglitePlanner, shutdownPglitePool } from './backend.ts';

/** pgvector's table as its README and pg_dump write it; the sandbox has no pgvector. */
const PGVECTOR = `CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public;
CREATE TABLE public.documents (
    id bigint NOT NULL,
    title text NOT NULL,
    embedding public.vector(1536)
);
ALTER TABLE ONLY public.documents ADD CONSTRAINT documents_pkey PRIMARY KEY (id);
CREATE INDEX documents_embedding_idx ON public.documents USING hnsw (embedding public.vector_cosine_ops);
CREATE INDEX documents_embedding_ivf ON public.documents USING ivfflat (embedding vector_l2_ops) WITH (lists='100');
CREATE INDEX documents_title ON public.documents (title);
COMMENT ON INDEX public.documents_embedding_idx IS 'nearest neighbours';
ALTER INDEX public.documents_embedding_ivf SET (lists = 200);`;

const open = (schemaSql: string) =>
  pglitePlanner.open({
    dialect: 'postgresql',
    schemaSql,
    statistics: [{ table: 'documents', rows: 100_000, columns: [] }],
  });

describe('types and objects of extensions the sandbox does not have (PGlite)', () => {
  afterAll(async () => {
    await shutdownPglitePool();
  });

  it('plans a pgvector table with the vector column as a stand-in, and notes it and the indexes not made', async () => {
    await withSession(open(PGVECTOR), async (session) => {
      const en = session.notes?.map((n) => n.en) ?? [];
      expect(en).toContain(
        'column documents.embedding: public.vector(1536) is not known to the planner (its extension is not in the sandbox); planned as a bytea stand-in; statements using its operators or functions (such as ordering by distance) can not be planned',
      );
      expect(en).toContain(
        'CREATE INDEX documents_embedding_idx not made and not considered in plans: access method "hnsw" does not exist',
      );
      expect(en).toContain(
        'CREATE INDEX documents_embedding_ivf not made and not considered in plans: access method "ivfflat" does not exist',
      );
      expect(en).toContain('COMMENT skipped: it names documents_embedding_idx, which was not made');
      expect(en).toContain('ALTER INDEX skipped: it names documents_embedding_ivf, which was not made');
      const zh = session.notes?.map((n) => n.zh) ?? [];
      expect(zh).toContain('COMMENT 已跳过：它引用的 documents_embedding_idx 未创建');
      expect(zh).toContain(
        '列 documents.embedding 的类型 public.vector(1536) 不为规划器所知（其扩展不在沙箱中），按 bytea 代替规划；使用该类型的运算符或函数的语句（如按距离排序）无法规划',
      );
      // The rest of the table is planned: its key, its other index, the statistics.
      const byTitle = await session.explain("SELECT id FROM documents WHERE title = 'x'");
      expect(byTitle.raw).toMatch(/Index Scan on documents_title/);
      const byId = await session.explain('SELECT embedding FROM documents WHERE id = 7');
      expect(byId.raw).toMatch(/Index Scan using documents_pkey/);
      expect((await session.explain('SELECT * FROM documents')).root.rows).toBe(100_000);
      // Ordering by distance needs pgvector's operator: a placed error that names the stand-in, no crash.
      const distance = await appError(session.explain('SELECT id\nFROM documents ORDER BY embedding <=> $1 LIMIT 5'));
      expect(distance.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 2, column: 35 });
      expect(distance.detail.message.en).toContain('operator does not exist: bytea <=> unknown');
      expect(distance.detail.message.en).toContain(
        '(documents.embedding (public.vector(1536)) planned as bytea: the planner does not know these types)',
      );
      expect(distance.detail.message.zh).toContain('按 bytea 代替规划');
    });
  }, 120_000);

  it('gives PostGIS columns (modifiers, arrays, ALTER TABLE ADD COLUMN) stand-ins, and skips their gist index and view', async () => {
    const schemaSql = `CREATE TABLE public.places (
    id integer PRIMARY KEY,
    geom public.geometry(Point,4326) NOT NULL,
    areas geography(MultiPolygon, 4326)[]
);
ALTER TABLE public.places ADD COLUMN centre public.geometry DEFAULT 'POINT(0 0)'::public.geometry;
CREATE INDEX places_geom ON public.places USING gist (geom);
CREATE VIEW near AS SELECT id FROM places WHERE ST_DWithin(geom, ST_MakePoint(0, 0), 10);`;
    await withSession(open(schemaSql), async (session) => {
      const en = session.notes?.map((n) => n.en) ?? [];
      expect(en.filter((n) => n.includes('planned as a bytea stand-in')).map((n) => n.split(':')[0])).toEqual([
        'column places.geom',
        'column places.areas',
        'column places.centre',
        // The default's cast: no column of its own.
        'table places',
      ]);
      expect(session.notes?.map((n) => n.zh)).toContainEqual(
        expect.stringMatching(/^表 places 的语句中的类型 public\.geometry 不为规划器所知/),
      );
      expect(en).toContainEqual(expect.stringMatching(/^CREATE INDEX places_geom not made .*operator class/));
      expect(en).toContainEqual(expect.stringMatching(/^CREATE VIEW near not made .*function st_makepoint/i));
      const plan = await session.explain('SELECT geom FROM places WHERE id = 1');
      expect(plan.raw).toMatch(/Index Scan using places_pkey/);
    });
  }, 120_000);

  it('reads an operator class pg_dump qualified where it is not (public.text_pattern_ops) from pg_catalog', async () => {
    const schemaSql = `CREATE TABLE public.documents (id bigint PRIMARY KEY, name character varying(100));
CREATE INDEX documents_lower ON public.documents USING btree (lower((name)::text) public.text_pattern_ops);`;
    await withSession(open(schemaSql), async (session) => {
      expect(session.notes?.filter((n) => !n.en.includes('no statistics'))).toEqual([]);
      const plan = await session.explain("SELECT id FROM documents WHERE lower(name) LIKE 'ab%'");
      expect(plan.raw).toMatch(/documents_lower/);
    });
  }, 120_000);

  it("plans psql's \\d of a pgvector table as the engine reads it", async () => {
    const pasted = `                    Table "public.documents"
  Column   |     Type     | Collation | Nullable | Default
-----------+--------------+-----------+----------+---------
 id        | bigint       |           | not null | nextval('documents_id_seq'::regclass)
 title     | text         |           | not null |
 embedding | vector(1536) |           |          |
Indexes:
    "documents_pkey" PRIMARY KEY, btree (id)
    "documents_embedding_idx" hnsw (embedding vector_cosine_ops)
    "documents_title_lower" btree (lower(title) text_pattern_ops)
`;
    await withSession(open(parseSchema(pasted, 'postgresql').ddl), async (session) => {
      const en = session.notes?.map((n) => n.en) ?? [];
      expect(en).toContainEqual(expect.stringMatching(/^column documents\.embedding: vector\(1536\) is not known/));
      expect(en).toContainEqual(expect.stringMatching(/^CREATE INDEX documents_embedding_idx not made/));
      const plan = await session.explain("SELECT id FROM documents WHERE lower(title) LIKE 'ab%'");
      expect(plan.raw).toMatch(/Index Scan on documents_title_lower/);
      expect((await session.explain('SELECT title FROM documents WHERE id = 1')).raw).toMatch(/documents_pkey/);
    });
  }, 120_000);

  it('keeps every other failure a 4203 at its place, also after a stand-in in the same statement', async () => {
    const afterStandIn = await appError(
      open('CREATE TABLE a (id int PRIMARY KEY);\nCREATE TABLE b (e vector(3), x int REFERENCES a (nope));'),
    );
    expect(afterStandIn.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2 });
    expect(afterStandIn.detail.message.en).toContain(
      'column "nope" referenced in foreign key constraint does not exist',
    );
    const badColumn = await appError(open('CREATE TABLE a (id int);\nCREATE INDEX ai ON a USING btree (nope);'));
    expect(badColumn.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2 });
    const noIndex = await appError(open("CREATE TABLE a (id int);\nCOMMENT ON INDEX nowhere IS 'x';"));
    expect(noIndex.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2 });
    const noTable = await appError(open('CREATE INDEX ai ON nowhere (id);'));
    expect(noTable.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 1 });
    // A view on a missing table is the user's mistake, not a missing extension.
    const view = await appError(open('CREATE TABLE a (id int);\nCREATE VIEW v AS SELECT id FROM nowhere;'));
    expect(view.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2 });
  }, 120_000);
});
