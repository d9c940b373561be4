import { describe, expect, it } from 'vitest';
import { addFulltextIndexSql, missingFulltextIndexes, missingFulltextNote, notAskedFor } from './fulltext.ts';
import type { CatalogColumn, CatalogIndex, CatalogTable } from './stats.ts';

const column = (name: string, dataType: string): CatalogColumn => ({
  name,
  dataType,
  columnType: dataType,
  charMax: null,
  numericPrecision: null,
  numericScale: null,
  datetimePrecision: null,
  nullable: true,
  extra: '',
});
const table = (name: string, columns: CatalogColumn[], indexes: CatalogIndex[] = []): CatalogTable => ({
  name,
  kind: 'table',
  engine: 'InnoDB',
  columns,
  indexes,
});
const fulltext = (name: string, columns: string[]): CatalogIndex => ({
  name,
  unique: false,
  columns,
  type: 'FULLTEXT',
});

const articles = table('articles', [column('id', 'int'), column('title', 'varchar'), column('body', 'text')]);
const notes = table('notes', [column('id', 'int'), column('body', 'mediumtext')]);

describe('the FULLTEXT indexes a MATCH ... AGAINST needs', () => {
  it('are those the table lacks, on its columns as defined, by alias or by the one table having them', () => {
    const sql = `SELECT a.id FROM articles a JOIN notes n ON n.id = a.id
WHERE MATCH (a.TITLE, a.body) AGAINST ('x') AND MATCH (n.body) AGAINST ('y' IN BOOLEAN MODE)`;
    expect(missingFulltextIndexes(sql, [articles, notes])).toEqual([
      { table: 'articles', columns: ['title', 'body'], index: 'ft_articles_title_body' },
      { table: 'notes', columns: ['body'], index: 'ft_notes_body' },
    ]);
    const [first] = missingFulltextIndexes(sql, [articles, notes]);
    expect(addFulltextIndexSql(first!)).toBe(
      'ALTER TABLE `articles` ADD FULLTEXT INDEX `ft_articles_title_body` (`title`, `body`)',
    );
    expect(addFulltextIndexSql(first!, 'v_1')).toMatch(/^ALTER TABLE `v_1`\.`articles` ADD/);
    expect(missingFulltextIndexes("SELECT id FROM articles WHERE MATCH(title) AGAINST ('x')", [articles])).toEqual([
      expect.objectContaining({ table: 'articles', columns: ['title'] }),
    ]);
    const note = missingFulltextNote(
      missingFulltextIndexes("SELECT 1 FROM notes WHERE MATCH(body) AGAINST('x')", [notes])[0]!,
    );
    expect(note.en).toContain('ALTER TABLE notes ADD FULLTEXT INDEX ft_notes_body (body)');
    expect(note.zh).toContain('1191');
  });

  it('are none when an index of the structure has the columns in any order, but a what-if one does not count', () => {
    const indexed = table('articles', articles.columns, [fulltext('ft', ['body', 'title'])]);
    const sql = "SELECT id FROM articles WHERE MATCH (title, body) AGAINST ('x')";
    expect(missingFulltextIndexes(sql, [indexed])).toEqual([]);
    expect(missingFulltextIndexes(sql, [indexed], (t, i) => t === 'articles' && i === 'ft')).toHaveLength(1);
    // An index on one of the columns only is not the one MATCH needs.
    expect(
      missingFulltextIndexes(sql, [table('articles', articles.columns, [fulltext('ft', ['title'])])]),
    ).toHaveLength(1);
  });

  it('leave to the server a list whose table can not be told, a column that is not text, and no MATCH', () => {
    const both = 'SELECT 1 FROM articles JOIN notes USING (id) WHERE MATCH (body) AGAINST (?)';
    expect(missingFulltextIndexes(both, [articles, notes])).toEqual([]);
    expect(missingFulltextIndexes('SELECT 1 FROM articles WHERE MATCH (id) AGAINST (1)', [articles])).toEqual([]);
    expect(
      missingFulltextIndexes('SELECT 1 FROM articles a, notes n WHERE MATCH (a.title, n.body) AGAINST (1)', [
        articles,
        notes,
      ]),
    ).toEqual([]);
    expect(missingFulltextIndexes("SELECT match_id FROM articles WHERE title = 'MATCH (title)'", [articles])).toEqual(
      [],
    );
  });
});

describe('the missing FULLTEXT indexes the sandbox adds beside the what-if ones asked for', () => {
  const [missing] = missingFulltextIndexes("SELECT id FROM articles WHERE MATCH (title, body) AGAINST ('x')", [
    articles,
  ]);

  it('are none when a what-if index asked for adds the same key (the advised index), in either form', () => {
    expect(notAskedFor([missing!], ['CREATE FULLTEXT INDEX `ft_a` ON `articles` (`body`, `title`);'])).toEqual([]);
    expect(notAskedFor([missing!], ['ALTER TABLE Articles ADD FULLTEXT INDEX x (title, body)'])).toEqual([]);
  });

  it('are kept when the what-if indexes add another key, another table or a B-tree on the same columns', () => {
    for (const asked of [
      'CREATE FULLTEXT INDEX ft_t ON articles (title)',
      'CREATE FULLTEXT INDEX ft_b ON notes (title, body)',
      'CREATE INDEX idx_tb ON articles (title, body(20))',
    ])
      expect(notAskedFor([missing!], [asked])).toEqual([missing]);
  });
});
