import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { indexCandidateReport } from './candidates.ts';

const schema = parseSchema(
  `CREATE TABLE articles (id bigint primary key auto_increment, title varchar(200) not null, body text,
     status tinyint not null default 0, author_id bigint not null) ENGINE=InnoDB;
   CREATE TABLE posts (id int primary key, title varchar(100), body text, FULLTEXT KEY ft_posts (body, title));
   CREATE TABLE notes (id int primary key, body text) ENGINE=MyISAM;
   CREATE TABLE cache (id int primary key, body varchar(500)) ENGINE=MEMORY;
   CREATE TABLE counters (id int primary key, hits int);`,
  'mysql',
);

function report(sql: string, dialect: 'mysql' | 'postgresql' = 'mysql') {
  return indexCandidateReport(parseStatements(sql, dialect)[0]!, schema);
}

describe('FULLTEXT candidates for MATCH ... AGAINST (MySQL)', () => {
  it('proposes the FULLTEXT index a WHERE MATCH needs, required, beside the B-tree for the other conditions', () => {
    const { candidates } = report(
      "SELECT id, title FROM articles WHERE MATCH(title, body) AGAINST ('database tuning' IN NATURAL LANGUAGE MODE) AND status = 1 LIMIT 20",
    );
    const fulltext = candidates.filter((c) => c.kind === 'fulltext');
    expect(fulltext.map((c) => c.ddl)).toEqual([
      'CREATE FULLTEXT INDEX `ft_articles_title_body` ON `articles` (`title`, `body`);',
    ]);
    expect(fulltext[0]!.required).toBe(true);
    expect(fulltext[0]!.roles).toEqual(['fulltext', 'fulltext']);
    expect(fulltext[0]!.reason.en).toContain('MATCH (title, body) AGAINST');
    expect(fulltext[0]!.reason.en).toContain('error 1191');
    expect(fulltext[0]!.reason.zh).toContain('MATCH (title, body) AGAINST');
    expect(candidates.filter((c) => !c.required).map((c) => c.columns)).toContainEqual(['status']);
  });

  it('reads a MATCH in the select list (ORDER BY its relevance) and a qualified one in BOOLEAN MODE', () => {
    const selected = report(
      "SELECT id, MATCH(title, body) AGAINST ('x') AS score FROM articles WHERE author_id = 7 ORDER BY score DESC LIMIT 10",
    ).candidates;
    expect(selected.filter((c) => c.required).map((c) => c.columns)).toEqual([['title', 'body']]);
    expect(selected.filter((c) => !c.required).map((c) => c.columns)).toContainEqual(['author_id']);
    const boolean = report("SELECT a.id FROM articles a WHERE MATCH(a.body) AGAINST ('+x -y' IN BOOLEAN MODE)");
    expect(boolean.candidates.map((c) => c.name)).toEqual(['ft_articles_body']);
  });

  it('proposes nothing when a FULLTEXT index on the same columns exists, in any order', () => {
    const { candidates, skipped } = report("SELECT id FROM posts WHERE MATCH(title, body) AGAINST ('x')");
    expect(candidates).toEqual([]);
    expect(skipped).toEqual([expect.objectContaining({ table: 'posts', reason: 'already-covered' })]);
    expect(skipped[0]!.message.en).toContain('ft_posts');
  });

  it('still proposes one when the existing FULLTEXT index covers other columns (MATCH needs exactly its own)', () => {
    expect(report("SELECT id FROM posts WHERE MATCH(body) AGAINST ('x')").candidates.map((c) => c.ddl)).toEqual([
      'CREATE FULLTEXT INDEX `ft_posts_body` ON `posts` (`body`);',
    ]);
  });

  it('says what the table engine changes: MyISAM runs BOOLEAN MODE without it, MEMORY has no FULLTEXT', () => {
    const myisam = report("SELECT id FROM notes WHERE MATCH(body) AGAINST ('+x' IN BOOLEAN MODE)").candidates[0]!;
    expect(myisam.reason.en).toContain('MyISAM table IN BOOLEAN MODE runs without');
    expect(myisam.reason.en).not.toContain('refuse the statement');
    const natural = report("SELECT id FROM notes WHERE MATCH(body) AGAINST ('x')").candidates[0]!;
    expect(natural.reason.en).toContain('refuse the statement');
    const memory = report("SELECT id FROM cache WHERE MATCH(body) AGAINST ('x')").candidates[0]!;
    expect(memory.reason.en).toContain('MEMORY, has no FULLTEXT indexes (error 1214)');
    expect(memory.reason.zh).toContain('ENGINE=InnoDB');
  });

  it('proposes it on a table the statistics call tiny: the statement needs it whatever the size', () => {
    const tiny = parseSchema(
      `CREATE TABLE notes (id int primary key, body text);
       -- sqltune:stats notes rows=10`,
      'mysql',
    );
    const statement = parseStatements("SELECT id FROM notes WHERE MATCH(body) AGAINST ('x')", 'mysql')[0]!;
    expect(indexCandidateReport(statement, tiny).candidates.map((c) => c.name)).toEqual(['ft_notes_body']);
  });

  it('leaves a MATCH on a non-text column to the server', () => {
    expect(report("SELECT id FROM counters WHERE MATCH(hits) AGAINST ('1')").candidates).toEqual([]);
  });
});
