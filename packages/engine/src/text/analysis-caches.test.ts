import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import { cachedTree, parseStatements } from '../dialect/parse.ts';
import { analyzeMapper } from '../mybatis/analyze-mapper.ts';
import { currentAnalysisCaches, newAnalysisCaches, withAnalysisCaches } from './analysis-caches.ts';
import { lex, TOKEN_CACHE_ENTRIES } from './lexer.ts';

/** The parse and token caches belong to one analysis (issue 16 item 4): nothing of one stays for the next. */
describe('analysis caches', () => {
  const sql = "SELECT * FROM orders WHERE 1 = 1 AND status = 'cache owner'";
  const rewritten = "SELECT * FROM orders WHERE status = 'cache owner'";

  it('keeps what an analysis read for its duration: its statements and the texts its rewrites produced', () => {
    withAnalysisCaches(() => {
      const analysis = analyze({ sql, dialect: 'mysql' });
      const [item] = analysis.statements;
      expect(item!.steps.map((s) => s.after)).toEqual([rewritten]);
      expect(cachedTree(sql, 'mysql')).toBe(item!.statement.ast);
      // The step's check parsed the edited text: a second reading in the same analysis gets that tree.
      const again = cachedTree(rewritten, 'mysql');
      expect(again).toBeDefined();
      expect(parseStatements(rewritten, 'mysql')[0]!.ast).toBe(again);
    });
  });

  it('keeps nothing once an analysis returns: its texts are read anew, and nothing is current', () => {
    const first = analyze({ sql, dialect: 'mysql' }).statements[0]!.statement.ast;
    expect(currentAnalysisCaches()).toBeUndefined();
    expect(cachedTree(sql, 'mysql')).toBeUndefined();
    const later = parseStatements(sql, 'mysql')[0]!.ast;
    expect(later).not.toBe(first);
    expect(later).toEqual(first);
  });

  it('gives two analyses of the same text trees of their own', () => {
    const one = analyze({ sql, dialect: 'postgresql' }).statements[0]!;
    const two = analyze({ sql, dialect: 'postgresql' }).statements[0]!;
    expect(two.statement.ast).not.toBe(one.statement.ast);
    expect(two.statement.ast).toEqual(one.statement.ast);
    const mapper = (name: string) =>
      analyzeMapper({
        dialect: 'mysql',
        files: [
          {
            name,
            text: `<mapper namespace="m"><select id="a">${sql}</select><select id="b">${sql}</select></mapper>`,
          },
        ],
      });
    const [a, b] = mapper('one.xml').statements.map((s) => s.variants[0]!.analyses[0]!.statement.ast);
    // Within one mapper analysis a repeated statement is read once; the next mapper reads it again.
    expect(b).toBe(a);
    expect(mapper('two.xml').statements[0]!.variants[0]!.analyses[0]!.statement.ast).not.toBe(a);
  });

  it('lets an asynchronous caller carry its caches from one engine call to the next', () => {
    const caches = newAnalysisCaches();
    const first = withAnalysisCaches(() => parseStatements(sql, 'mysql')[0]!.ast, caches);
    expect(currentAnalysisCaches()).toBeUndefined();
    expect(withAnalysisCaches(() => parseStatements(sql, 'mysql')[0]!.ast, caches)).toBe(first);
    // Other caches, even inside that analysis, do not see them; the outer analysis is current again after.
    withAnalysisCaches(() => {
      expect(withAnalysisCaches(() => cachedTree(sql, 'mysql'), newAnalysisCaches())).toBeUndefined();
      expect(currentAnalysisCaches()).toBe(caches);
      expect(cachedTree(sql, 'mysql')).toBe(first);
    }, caches);
  });

  it('ends its scope when the work throws', () => {
    expect(() =>
      withAnalysisCaches(() => {
        parseStatements(sql, 'mysql');
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(currentAnalysisCaches()).toBeUndefined();
  });

  it('refuses work that returns a promise: its continuations would run outside the scope', () => {
    expect(() => withAnalysisCaches(async () => parseStatements(sql, 'mysql'))).toThrow(TypeError);
    expect(currentAnalysisCaches()).toBeUndefined();
  });

  describe('tokens', () => {
    const text = 'SELECT a FROM t -- tokens';

    it('outside an analysis: each call lexes anew and keeps nothing', () => {
      const first = lex(text, { mysql: true });
      expect(lex(text, { mysql: true })).not.toBe(first);
      expect(lex(text, { mysql: true })).toEqual(first);
    });

    it('inside one: the same array comes back, one per reading, and at most TOKEN_CACHE_ENTRIES texts', () => {
      withAnalysisCaches(() => {
        const engine = lex(text, { mysql: true });
        expect(lex(text, { mysql: true })).toBe(engine);
        const server = lex(text, { mysql: true, templateParameters: false });
        expect(server).not.toBe(engine);
        expect(lex(text, { mysql: true, templateParameters: false })).toBe(server);
        const postgres = lex(text, { mysql: false });
        expect(postgres).not.toBe(engine);
        const filling = Array.from({ length: TOKEN_CACHE_ENTRIES }, (_, i) => lex(`SELECT ${i}`, { mysql: true }));
        // First in, first out: the oldest text left, the newest is still held.
        expect(lex(text, { mysql: true })).not.toBe(engine);
        expect(lex(`SELECT ${TOKEN_CACHE_ENTRIES - 1}`, { mysql: true })).toBe(filling.at(-1));
        expect(lex(text, { mysql: false })).toBe(postgres);
      });
      expect(TOKEN_CACHE_ENTRIES).toBe(64);
    });
  });
});
