import { describe, expect, it } from 'vitest';
import { tokenize } from '../sql-text.ts';
import { statisticsObjectLabel, statisticsObjectName, statisticsObjectsNote } from './statistics-objects.ts';

const tokens = (sql: string) => tokenize(sql, 'postgresql');

describe('statistics objects of a table structure', () => {
  it('are named by their last name part, as folded; one written without a name by its table', () => {
    expect(statisticsObjectName(tokens('CREATE STATISTICS public.City_Zip (dependencies) ON city, zip FROM t'))).toBe(
      'city_zip',
    );
    expect(statisticsObjectName(tokens('CREATE STATISTICS IF NOT EXISTS "S1" ON lower(a), b FROM t'))).toBe('S1');
    const unnamed = tokens('CREATE STATISTICS ON (a + b), c FROM public.addresses');
    expect(statisticsObjectName(unnamed)).toBeUndefined();
    expect(statisticsObjectLabel(unnamed)).toBe('(on addresses)');
    expect(statisticsObjectLabel(tokens('CREATE STATISTICS s ON a, b FROM t'))).toBe('s');
  });

  it('get one note for all, in both languages, and none when there are none', () => {
    expect(statisticsObjectsNote([])).toEqual([]);
    const [note] = statisticsObjectsNote(['s1', 's2']);
    expect(note!.en).toMatch(/^statistics object\(s\) s1, s2 made in the sandbox, but without values/);
    expect(note!.zh).toMatch(/^扩展统计对象 s1, s2 已在沙箱中创建，但没有统计值/);
  });
});
