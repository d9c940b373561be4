import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it, vi } from 'vitest';
import { parseStatements } from '../../dialect/parse.ts';
import type { AstNode } from '../../model/ast.ts';
import { editsProduce, parseExpression } from './verify.ts';

const statement = parseStatements('SELECT 1 FROM t WHERE a = 1', 'mysql')[0]!;
const condition = statement.ast.where as AstNode;
const at = statement.text.indexOf('a = 1');
const replace = (replacement: string) => [{ start: at, end: at + 'a = 1'.length, replacement }];

/**
 * verify.ts loaded again over a parser that crashes (as a reader bug would, with a TypeError) on any text naming
 * `crash_here` and reads everything else as the real one does. The setup file loaded the real module before any
 * mock could apply, so this one is a fresh copy, with its switch off until the test sets it.
 */
async function verifyOverCrashingParser(throwOnCrash: boolean) {
  vi.resetModules();
  vi.doMock('../../dialect/parse.ts', async (importOriginal) => {
    const real = await importOriginal<typeof import('../../dialect/parse.ts')>();
    return {
      ...real,
      parseStatements: (text: string, dialect: Dialect) => {
        if (text.includes('crash_here')) throw new TypeError("Cannot read properties of undefined (reading 'type')");
        return real.parseStatements(text, dialect);
      },
    };
  });
  const verify = await import('./verify.ts');
  vi.doUnmock('../../dialect/parse.ts');
  verify.throwOnParserCrash(throwOnCrash);
  return verify;
}

describe('verification of a rewrite', () => {
  it('reads text the parser refuses as no rewrite, also under test', () => {
    expect(parseExpression('a = (', 'mysql')).toBeUndefined();
    expect(editsProduce(statement, replace('a = ('), new Map())).toBe(false);
    // Overlapping edits are a wrong rewrite, not a crash.
    expect(editsProduce(statement, [...replace('a = 2'), ...replace('a = 3')], new Map())).toBe(false);
  });

  it('accepts edits that produce the intended tree', () => {
    const tree = parseExpression('b = 2', 'mysql')!;
    expect(editsProduce(statement, replace('b = 2'), new Map([[condition, tree]]))).toBe(true);
    expect(editsProduce(statement, replace('b = 3'), new Map([[condition, tree]]))).toBe(false);
  });

  it('under test, throws a parser crash instead of reading it as no rewrite', async () => {
    const verify = await verifyOverCrashingParser(true);
    expect(() => verify.parseExpression('crash_here = 1', 'mysql')).toThrow(TypeError);
    expect(() => verify.editsProduce(statement, replace('crash_here = 1'), new Map())).toThrow(TypeError);
    expect(verify.parseExpression('a = (', 'mysql')).toBeUndefined();
  });

  it('outside tests, a parser crash only costs the rewrite', async () => {
    const verify = await verifyOverCrashingParser(false);
    expect(verify.parseExpression('crash_here = 1', 'mysql')).toBeUndefined();
    expect(verify.editsProduce(statement, replace('crash_here = 1'), new Map())).toBe(false);
  });
});
