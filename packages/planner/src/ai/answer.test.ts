import { describe, expect, it } from 'vitest';
import { candidatesFromAnswer, cleanSql } from './answer.ts';

const sql = 'SELECT c_custkey FROM customer';

describe('reading candidates from the model answer', () => {
  it('reads the JSON shape the prompt asks for', () => {
    const answer = JSON.stringify({
      candidates: [
        { sql, explanation: 'simpler' },
        { sql: 'SELECT 1', explanation: '' },
      ],
    });
    expect(candidatesFromAnswer(answer, 3)).toEqual([
      { sql, explanation: 'simpler' },
      { sql: 'SELECT 1', explanation: '' },
    ]);
  });

  it('reads JSON inside a ```json fence with prose around it, and strips ```sql fences and semicolons inside', () => {
    const inner = JSON.stringify({ candidates: [{ sql: `\`\`\`sql\n${sql};\n\`\`\``, explanation: 'x' }] });
    const answer = `Here is my proposal:\n\`\`\`json\n${inner}\n\`\`\`\nHope it helps.`;
    expect(candidatesFromAnswer(answer, 3)).toEqual([{ sql, explanation: 'x' }]);
  });

  it('reads JSON between prose without a fence, a bare array, and a single object', () => {
    expect(candidatesFromAnswer(`Sure! {"candidates":[{"sql":"${sql}"}]} Done.`, 3)).toEqual([
      { sql, explanation: '' },
    ]);
    expect(candidatesFromAnswer(JSON.stringify([{ sql, explanation: 'a' }]), 3)).toEqual([{ sql, explanation: 'a' }]);
    expect(candidatesFromAnswer(JSON.stringify({ sql, explanation: 'b' }), 3)).toEqual([{ sql, explanation: 'b' }]);
  });

  it('falls back to bare ```sql blocks when there is no JSON', () => {
    const answer = `Try this:\n\`\`\`sql\n${sql};\n\`\`\`\nor this:\n\`\`\`SQL\nSELECT 2\n\`\`\``;
    expect(candidatesFromAnswer(answer, 3)).toEqual([
      { sql, explanation: '' },
      { sql: 'SELECT 2', explanation: '' },
    ]);
  });

  it('drops duplicates and empty statements and keeps at most the number asked for', () => {
    const answer = JSON.stringify({
      candidates: [{ sql }, { sql: `  ${sql.toLowerCase()} ;` }, { sql: '' }, { sql: 'SELECT 2' }, { sql: 'SELECT 3' }],
    });
    expect(candidatesFromAnswer(answer, 2)?.map((c) => c.sql)).toEqual([sql, 'SELECT 2']);
  });

  it('reads nothing from prose, broken JSON or JSON of another shape', () => {
    expect(candidatesFromAnswer('I am sorry, I cannot help with that.', 3)).toBeUndefined();
    expect(candidatesFromAnswer('{"candidates": [{"sql": "SELECT 1"', 3)).toBeUndefined();
    expect(candidatesFromAnswer('{"answer": "SELECT 1"}', 3)).toBeUndefined();
  });

  it('reads an empty candidate list as "no candidates", not as unreadable', () => {
    expect(candidatesFromAnswer('{"candidates": []}', 3)).toEqual([]);
  });

  it('cleans a statement: fence, surrounding space and final semicolons', () => {
    expect(cleanSql('```sql\nSELECT 1;;\n```')).toBe('SELECT 1');
    expect(cleanSql('  SELECT 1 ; ')).toBe('SELECT 1');
  });
});
