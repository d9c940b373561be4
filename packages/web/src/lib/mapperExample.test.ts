import { analyzeMapper } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_MAPPER, EXAMPLE_MAPPER_SCHEMA } from './mapperExample.ts';

describe('the example mapper of /xmlConfig', () => {
  it('is a mapper the engine reads, with the findings it is there to show', () => {
    const analysis = analyzeMapper({
      files: [{ name: 'mapper.xml', text: EXAMPLE_MAPPER }],
      framework: 'mybatis',
      dialect: 'mysql',
      schemaText: EXAMPLE_MAPPER_SCHEMA,
    });
    expect(analysis.statements.map((s) => s.statement.id)).toEqual(['findThisYear', 'search', 'purge']);
    for (const statement of analysis.statements) {
      expect(statement.error).toBeUndefined();
      for (const variant of statement.variants) expect(variant.error).toBeUndefined();
    }
    const found = (id: string) => analysis.statements.find((s) => s.statement.id === id)!.findings.map((f) => f.id);
    expect(found('findThisYear')).toContain('year-to-range');
    expect(found('search')).toEqual(
      expect.arrayContaining(['mapper-text-substitution', 'mapper-foreach-unbounded-in', 'mapper-where-1-equals-1']),
    );
    expect(found('purge')).toContain('mapper-write-where-disappears');
  });
});
