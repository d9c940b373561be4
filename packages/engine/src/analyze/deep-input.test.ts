import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_PARENTHESIS_DEPTH, MAX_TREE_DEPTH } from '../dialect/parse.ts';
import { analyze } from './analyze.ts';

/**
 * Deeply nested statements: the engine's reader and its rules recurse, and node-sql-parser's generated parser
 * does too. None of them may take the process's stack with it: such a statement gets a 4202 of its own and the
 * others in the input are analyzed.
 */
const dialects: Dialect[] = ['mysql', 'postgresql'];
const ors = (n: number) => Array.from({ length: n }, (_, i) => `a = ${i}`).join(' OR ');

describe('deeply nested statements', () => {
  for (const dialect of dialects) {
    it(`are refused with 4202, the other statements analyzed (${dialect})`, () => {
      const deep = [
        `SELECT ${'('.repeat(5000)}1${')'.repeat(5000)} FROM t`,
        `SELECT a FROM t WHERE ${ors(5000)}`,
        `SELECT a FROM t WHERE a IN ${'(SELECT a FROM t WHERE a IN '.repeat(1000)}(1)${')'.repeat(1000)}`,
        // Left to node-sql-parser by the engine's reader (FOR UPDATE): its corrections recurse too.
        `SELECT a FROM t WHERE ${ors(5000)} FOR UPDATE`,
      ];
      for (const sql of deep) {
        const analysis = analyze({ sql: `SELECT a FROM t WHERE b = 1;\n${sql}`, dialect });
        expect(analysis.statements[0]!.error).toBeUndefined();
        expect(analysis.statements[1]!.error?.detail).toMatchObject({ code: 4202, line: 2 });
      }
    });

    it(`are refused at the first parenthesis past the limit, before parsing (${dialect})`, () => {
      // 100,000 parentheses held an analysis thread over 300 s while the parser read them.
      const opens = 100_000;
      const sql = `SELECT a FROM t;\nSELECT /* ( ( */ '((' ,\n  ${'('.repeat(opens)}1${')'.repeat(opens)} FROM t`;
      const analysis = analyze({ sql, dialect });
      expect(analysis.statements[0]!.error).toBeUndefined();
      const { detail } = analysis.statements[1]!.error!;
      // Line 3, after two spaces: the parenthesis number MAX_PARENTHESIS_DEPTH + 1 (those in the comment and the
      // string do not count).
      expect(detail).toMatchObject({ code: 4202, line: 3, column: 3 + MAX_PARENTHESIS_DEPTH });
      expect(detail.message.en).toContain(`over ${MAX_PARENTHESIS_DEPTH} levels`);
      expect(detail.message.zh).toContain(`超过 ${MAX_PARENTHESIS_DEPTH} 层`);
    });

    it(`reads parentheses nested up to the limit (${dialect})`, () => {
      const depth = MAX_PARENTHESIS_DEPTH;
      const analysis = analyze({ sql: `SELECT a FROM t WHERE a = ${'('.repeat(depth)}1${')'.repeat(depth)}`, dialect });
      expect(analysis.statements[0]!.error).toBeUndefined();
    });

    it(`are analyzed below the limit (${dialect})`, () => {
      const analysis = analyze({ sql: `SELECT a FROM t WHERE ${ors(Math.floor(MAX_TREE_DEPTH * 0.9))}`, dialect });
      expect(analysis.statements[0]!.error).toBeUndefined();
      expect(analysis.statements[0]!.findings.length).toBeGreaterThan(0);
    });
  }
});
