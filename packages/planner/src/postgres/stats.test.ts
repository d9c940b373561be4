import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrayLiteral } from '../column-distribution.ts';
import { setRelationFileSize } from './stats.ts';

// Statistics injection on a server is tested in backend.test.ts and external.test.ts.
describe('relation file sizing (pure file system)', () => {
  it('writes sparse segment files and removes the ones past a shrunken end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqltune-pg-files-'));
    try {
      writeFileSync(join(dir, '16384'), '');
      const access = { dataDir: dir, blockSize: 8192, segmentBlocks: 4 };
      await setRelationFileSize(access, '16384', 10);
      expect(readdirSync(dir).sort()).toEqual(['16384', '16384.1', '16384.2']);
      expect(['16384', '16384.1', '16384.2'].map((f) => statSync(join(dir, f)).size)).toEqual([
        4 * 8192,
        4 * 8192,
        2 * 8192,
      ]);
      expect(statSync(join(dir, '16384.1')).blocks).toBe(0);
      await setRelationFileSize(access, '16384', 4);
      expect(readdirSync(dir)).toEqual(['16384']);
      expect(statSync(join(dir, '16384')).size).toBe(4 * 8192);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('quotes array literals for array_in', () => {
    expect(arrayLiteral(['a', 'b"c', 'd\\e', 'x,y'])).toBe('{"a","b\\"c","d\\\\e","x,y"}');
  });
});
