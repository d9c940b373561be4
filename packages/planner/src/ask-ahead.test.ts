import type { PlanTree } from '@sqltune/contracts';
import { candidateReportFor, readSchemaInput } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { askAhead } from './ask-ahead.ts';
import type { PlannerSession } from './types.ts';

const schema = readSchemaInput({
  dialect: 'mysql',
  schemaText: [
    'CREATE TABLE orders (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, status INT NOT NULL, created_at DATETIME);',
    'CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL, city VARCHAR(40));',
    '-- sqltune:stats orders rows=1000000',
    '-- sqltune:stats users rows=100000',
  ].join('\n'),
});

const byUser = 'SELECT id FROM orders WHERE user_id = 7';
const byUserAndStatus = 'SELECT id FROM orders WHERE user_id = 7 AND status = 2';
const byEmail = "SELECT id FROM users WHERE email = 'a@b.c'";
// Read by the engine (it has candidates), refused by the fake optimizer below.
const refused = 'SELECT id FROM orders WHERE status = 3 ORDER BY created_at';

/** A session that answers everything but `refused`, and records each question and each change of what-if set. */
function recordingSession() {
  const asked: Array<{ sql: string; whatIf: string[] }> = [];
  let built = '[]';
  let setChanges = 0;
  const session: PlannerSession = {
    source: 'test',
    async explain(sql, whatIf = []) {
      asked.push({ sql, whatIf });
      if (JSON.stringify(whatIf) !== built) setChanges++;
      built = JSON.stringify(whatIf);
      if (sql === refused) throw new Error('refused');
      const plan: PlanTree = {
        root: { node: 'Table scan', rows: 1, cost: 1, warnings: [], children: [] },
        totalCost: 1,
        raw: '',
      };
      return plan;
    },
    verify: () => Promise.reject(new Error('not asked ahead')),
    close: async () => {},
  };
  return { session, asked, setChanges: () => setChanges };
}

const ddls = (sql: string) => candidateReportFor(sql, 'mysql', schema).candidates.map((c) => c.ddl);

describe('askAhead', () => {
  it("asks every statement's plan, then each candidate once for all the statements that have it", async () => {
    const { session, asked, setChanges } = recordingSession();
    await askAhead(session, [byUser, byUserAndStatus, byUser, byEmail], 'mysql', schema);
    const shared = ddls(byUser)[0]!;
    // The two statements on orders share the candidate on user_id: a precondition of what the test shows.
    expect(ddls(byUserAndStatus)).toContain(shared);
    expect(asked.slice(0, 3)).toEqual([byUser, byUserAndStatus, byEmail].map((sql) => ({ sql, whatIf: [] })));
    const whatIf = asked.slice(3);
    // Every statement under each of its own candidates alone, the repeated text once.
    const expected = [byUser, byUserAndStatus, byEmail].flatMap((sql) =>
      ddls(sql).map((ddl) => ({ sql, whatIf: [ddl] })),
    );
    expect(whatIf).toHaveLength(expected.length);
    expect(whatIf).toEqual(expect.arrayContaining(expected));
    // The shared candidate is built once, for both statements in a row; each set is built once.
    const sharedAt = whatIf.flatMap((q, i) => (q.whatIf[0] === shared ? [i] : []));
    expect(sharedAt).toHaveLength(2);
    expect(sharedAt[1]! - sharedAt[0]!).toBe(1);
    expect(setChanges()).toBe(new Set(expected.map((q) => q.whatIf[0])).size);
    expect(setChanges()).toBeLessThan(expected.length);
  });

  it('asks nothing under what-if indexes for a statement the optimizer refuses', async () => {
    const { session, asked } = recordingSession();
    expect(ddls(refused).length).toBeGreaterThan(0);
    await askAhead(session, [refused, byEmail], 'mysql', schema);
    expect(asked.filter((q) => q.sql === refused)).toEqual([{ sql: refused, whatIf: [] }]);
    expect(asked.filter((q) => q.sql === byEmail).length).toBe(1 + ddls(byEmail).length);
  });

  it('asks nothing for a single text: the statement asks in its turn what it needs', async () => {
    const { session, asked } = recordingSession();
    await askAhead(session, [byUser, byUser], 'mysql', schema);
    await askAhead(session, [], 'mysql', schema);
    expect(asked).toEqual([]);
  });
});
