import type { PlannerBackend } from '../src/types.ts';

/** The backend, with every text it is sent (the structure, each EXPLAIN, each verification) recorded. */
export function recording(backend: PlannerBackend): { backend: PlannerBackend; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    backend: {
      dialect: backend.dialect,
      async open(request) {
        sent.push(request.schemaSql);
        const session = await backend.open(request);
        return {
          source: session.source,
          get notes() {
            return session.notes;
          },
          explain: (sql, whatIf) => {
            sent.push(sql, ...(whatIf ?? []));
            return session.explain(sql, whatIf);
          },
          verify: (original, candidate, options) => {
            sent.push(original, candidate);
            return session.verify(original, candidate, options);
          },
          close: () => session.close(),
        };
      },
    },
  };
}
