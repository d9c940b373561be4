import type { PlanTree, Verification } from '@sqltune/contracts';
import type { PlannerSession, VerifyOptions } from './types.ts';

/**
 * A session that answers a question it was already asked from memory. Within one session the schema and statistics
 * are fixed, a what-if index set is built fresh for each set asked for, and verification data is generated from a
 * seed, so the same EXPLAIN (statement and what-if indexes) or the same verification (both statements and options)
 * gets the same answer: asking again only costs time. That is common in a mapper (a statement's variants share
 * their text, repeated statements, the workload advisor re-costing the statements it has seen) and in SQL files
 * with repeated statements. Errors are not remembered (a lost connection must be retried); answers are copied so a
 * caller that annotates one does not change the next.
 */
export function rememberingSession(session: PlannerSession): PlannerSession & { readonly asked: AskedCounts } {
  const plans = new Map<string, Promise<PlanTree>>();
  const verifications = new Map<string, Promise<Verification>>();
  const asked: AskedCounts = { explains: 0, explainsAnswered: 0, verifications: 0, verificationsAnswered: 0 };
  const remembered = <T>(memory: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> => {
    const known = memory.get(key);
    if (known) return known.then((answer) => structuredClone(answer));
    const answer = ask();
    memory.set(key, answer);
    answer.catch(() => memory.delete(key));
    return answer.then((value) => structuredClone(value));
  };
  return {
    get source() {
      return session.source;
    },
    get notes() {
      return session.notes;
    },
    asked,
    explain(sql: string, whatIfIndexes: string[] = []) {
      asked.explains++;
      return remembered(plans, JSON.stringify([sql, whatIfIndexes]), () => {
        asked.explainsAnswered++;
        return session.explain(sql, whatIfIndexes);
      });
    },
    verify(original: string, candidate: string, options: VerifyOptions) {
      asked.verifications++;
      return remembered(verifications, JSON.stringify([original, candidate, options]), () => {
        asked.verificationsAnswered++;
        return session.verify(original, candidate, options);
      });
    },
    close: () => session.close(),
  };
}

/** How many questions the session got, and how many of them the optimizer answered (the rest came from memory). */
export interface AskedCounts {
  explains: number;
  explainsAnswered: number;
  verifications: number;
  verificationsAnswered: number;
}
