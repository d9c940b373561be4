/**
 * What the red-team tests share: the round itself (redTeamRound, run against each sandbox), optimize() as the entry
 * point (its report or its error as text), the check that a session is still unprivileged after an attack, and the
 * inputs that attack statistics injection and planning.
 */
import { AppError } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OptimizeInput, type OptimizeOptions, optimize } from '../../src/optimize.ts';
import type { PlannerBackend, PlannerSession } from '../../src/types.ts';
import {
  answersTo,
  attackerRequest,
  expectNothingLeaked,
  plantSecrets,
  removeSecrets,
  type Secrets,
  victimRequest,
} from './attacks.ts';

/** The report optimize() gives for `input`, or its error, as text. */
export async function optimizeAnswer(input: OptimizeInput, options: OptimizeOptions): Promise<string> {
  try {
    return JSON.stringify(await optimize(input, options));
  } catch (error) {
    return error instanceof AppError ? JSON.stringify(error.detail) : String(error);
  }
}

/** Asserts that the session's statements still run unprivileged: a host file and a privileged catalog are denied. */
export async function expectStillUnprivileged(
  session: PlannerSession,
  dialect: 'postgresql' | 'mysql',
  s: Secrets,
  after: string,
): Promise<void> {
  const mysql = dialect === 'mysql';
  const probe = mysql
    ? 'SELECT COUNT(*) AS x FROM mysql.global_priv'
    : `SELECT (pg_read_file('${s.file}'))::int AS x FROM t`;
  const answer = await answersTo(session, probe);
  expect(answer, `after ${after}`).toMatch(mysql ? /command denied/ : /permission denied for function pg_read_file/);
}

const SQL_PIECES = (s: Secrets) => [
  `'); SELECT pg_read_file('${s.file}'); --`,
  `\\'; SELECT LOAD_FILE('${s.file}'); -- `,
  '$$; SELECT 1; $$',
  '*/ SELECT 1 /*',
  "x' UESCAPE '!",
  '\\0 \\x00',
  '\u202e\ufeffzero-width\u200b',
];

function schemaFor(dialect: 'postgresql' | 'mysql'): string {
  return dialect === 'mysql'
    ? 'CREATE TABLE t (a int PRIMARY KEY, k varchar(200), d date, n decimal(10,2), j json, KEY tk (k), KEY td (d));'
    : 'CREATE TABLE t (a int PRIMARY KEY, k text, d date, n numeric, j jsonb, x xml);\nCREATE INDEX tk ON t (k);\nCREATE INDEX td ON t (d);';
}

const STATS_SQL = "SELECT a FROM t WHERE k = 'x' AND d > '2020-01-01' AND n < 3 AND a > 5";

/**
 * Statistics whose values are crafted: statements in strings, values of the wrong type for their column, unsorted
 * and out-of-range bounds, XML entities (internal expansion and external files), deeply nested JSON, and as many
 * values as the format takes. Each must reach the optimizer as data, never as code, or be refused.
 */
export function statisticsAttacks(dialect: 'postgresql' | 'mysql', s: Secrets): OptimizeInput[] {
  const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">${Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`,
  ).join('')}]><l>&j;</l>`;
  const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file://${s.file}">]><x>&e;</x>`;
  const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const columns = (entries: Record<string, unknown>) =>
    JSON.stringify({ tables: { t: { rows: 1_000_000, columns: entries } } });
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const pieces = SQL_PIECES(s);
  const stats = [
    columns({ k: { ndv: 100, mcv: pieces.map((value) => ({ value, freq: 0.01 })), histogram: [...pieces].sort() } }),
    columns({ a: { ndv: 100, histogram: ['x', 'y', 'z'] }, d: { histogram: ['9999-99-99', '0000-00-00', 'never'] } }),
    columns({ a: { histogram: ['9', '1', '5', '-3'] }, n: { histogram: ['1e999999', 'NaN', 'Infinity', '-0'] } }),
    columns({ a: { ndv: -5, null_frac: 7, avg_width: 1e300 }, k: { ndv: 1e308, null_frac: -1 } }),
    columns({ k: { mcv: [{ value: 'x'.repeat(200_000), freq: 0.5 }], histogram: ['a', 'b'.repeat(200_000)] } }),
    columns({
      k: { ndv: 20_000, mcv: many(10_000, (i) => ({ value: `v${i}`, freq: 0.00001 })) },
      a: { histogram: many(10_001, (i) => String(i)) },
    }),
    columns({ j: { mcv: [{ value: nested, freq: 0.5 }], histogram: [nested, `${nested} `] } }),
    ...(dialect === 'postgresql'
      ? [
          columns({ x: { mcv: [{ value: laughs, freq: 0.5 }] } }),
          columns({ x: { mcv: [{ value: external, freq: 0.5 }] } }),
          columns({ k: { most_common_vals: `{"a\\"}", "b"}`, most_common_freqs: '{0.1,0.1}' } }),
        ]
      : [columns({ k: { histogram: ['\\', "'", '"', '\u00ff'] } })]),
  ];
  return stats.map((statsText) => ({ sql: STATS_SQL, dialect, schemaText: schemaFor(dialect), statsText }));
}

/**
 * Statements whose planning alone is heavy: a value of a gigabyte built while folding constants, a long IN list
 * estimated against 10,000 most common values, a regular expression matched against them.
 */
export function planTimeAttacks(dialect: 'postgresql' | 'mysql'): OptimizeInput[] {
  const mcvs = JSON.stringify({
    tables: {
      t: {
        rows: 1_000_000,
        columns: {
          a: { ndv: 20_000, mcv: Array.from({ length: 10_000 }, (_, i) => ({ value: String(i), freq: 0.00005 })) },
          k: {
            ndv: 20_000,
            mcv: Array.from({ length: 10_000 }, (_, i) => ({ value: `${'a'.repeat(30)}${i}`, freq: 0.00005 })),
          },
        },
      },
    },
  });
  const inList = Array.from({ length: 100_000 }, (_, i) => i).join(',');
  const sql =
    dialect === 'mysql'
      ? [
          `SELECT a FROM t WHERE k = REPEAT(REPEAT('x', 1000000), 1000)`,
          `SELECT a FROM t WHERE a IN (${inList})`,
          `SELECT a FROM t WHERE k REGEXP '^(a|a?)+$'`,
        ]
      : [
          `SELECT a FROM t WHERE k = repeat(repeat('x', 1000000), 1000)`,
          `SELECT a FROM t WHERE a IN (${inList})`,
          `SELECT a FROM t WHERE k ~ '^(a|a?)+\\1$'`,
          `SELECT a FROM t WHERE k = (SELECT string_agg(md5(g::text), '') FROM generate_series(1, 100000000) g)`,
        ];
  return sql.map((statement) => ({ sql: statement, dialect, schemaText: schemaFor(dialect), statsText: mcvs }));
}

/** Asserts that optimize() answered with a report or a refusal of ours (an AppError), never a raw server error. */
export function expectAnsweredByContract(answer: string): void {
  expect(answer, answer.slice(0, 300)).toMatch(/^\{"(kind|code)":/);
}

/** One sandbox under the red-team round: its planner and the attacks written for its database. */
export interface RedTeamTarget {
  readonly name: string;
  /** Whether the sandbox can run here (its binaries are there, and it is not a server given by URL). */
  readonly available: boolean;
  readonly planner: PlannerBackend;
  /** Reads of catalogs, statistics views and server files, each an expression `SELECT <read> AS v FROM t` takes. */
  readonly catalogReads: (s: Secrets) => string[];
  /** Statements that try to change identity or privileges, outlive the session or lift its time limit. */
  readonly statementAttacks: (s: Secrets) => string[];
  /** Table structures whose expressions would run with privilege if the sandbox evaluated them so. */
  readonly schemaAttacks: (s: Secrets) => string[];
  /**
   * What the victim's plan still shows after the attacks, when its session stays open beside the attacker's (a
   * shared server); undefined when the victim's session is closed first (PGlite: each session its own instance).
   */
  readonly victimStillAnswers?: (s: Secrets) => string;
  /** What a plain `SELECT a FROM t` plan shows while the sandbox still works. */
  readonly stillAnswers: string;
  readonly shutdown: () => Promise<void>;
}

/**
 * The red-team round of docs/security.md against one real sandbox: another user's session is opened with planted
 * secrets (a table, a session value, a host file, an environment value), then an attacker's session and optimize()
 * try every attack; no answer may hold a secret, and every answer is a report or one of our refusals.
 * `more` adds tests of the sandbox's own (they run inside the same server's lifetime).
 */
export function redTeamRound(target: RedTeamTarget, more?: (secrets: Secrets) => void): void {
  const dialect = target.planner.dialect;
  const secrets = plantSecrets();
  const options = { planners: { [dialect]: target.planner }, engineVersion: 'test' };
  let victim: PlannerSession | undefined;
  let attacker: PlannerSession;

  describe.runIf(target.available)(`the ${target.name} sandbox, red-team round`, () => {
    beforeAll(async () => {
      const opened = await target.planner.open(victimRequest(secrets, dialect));
      await opened.explain(`SELECT id FROM ${secrets.table} WHERE email = '${secrets.sessionValue}'`);
      if (target.victimStillAnswers) victim = opened;
      else await opened.close();
      attacker = await target.planner.open(attackerRequest(dialect));
    }, 120_000);

    afterAll(async () => {
      await attacker?.close();
      await victim?.close();
      await target.shutdown();
      removeSecrets(secrets);
    });

    it('reads nothing of another session or the server from catalogs, statistics views and server files', async () => {
      for (const read of target.catalogReads(secrets)) {
        expectNothingLeaked(await answersTo(attacker, `SELECT ${read} AS v FROM t`), secrets, read);
      }
    }, 600_000);

    it('changes no identity or privilege, signals no other session, and stays unprivileged after each', async () => {
      for (const sql of target.statementAttacks(secrets)) {
        expectNothingLeaked(await answersTo(attacker, sql), secrets, sql);
        await expectStillUnprivileged(attacker, dialect, secrets, sql);
      }
      // The session next door was not cancelled, terminated or changed.
      if (victim && target.victimStillAnswers) {
        const plan = JSON.stringify(await victim.explain(`SELECT id FROM ${secrets.table}`));
        expect(plan).toContain(target.victimStillAnswers(secrets));
      }
    }, 600_000);

    it('evaluates no table structure with privilege (defaults, generated columns, checks, bounds, views...)', async () => {
      for (const schemaText of target.schemaAttacks(secrets)) {
        const answer = await optimizeAnswer({ sql: 'SELECT a, k FROM t WHERE a = 1', dialect, schemaText }, options);
        expectNothingLeaked(answer, secrets, schemaText);
        expectAnsweredByContract(answer);
      }
    }, 600_000);

    it('takes crafted statistics values as data, never as code, and answers with a report or a refusal', async () => {
      for (const attack of statisticsAttacks(dialect, secrets)) {
        const answer = await optimizeAnswer(attack, options);
        expectNothingLeaked(answer, secrets, attack.statsText ?? '');
        expectAnsweredByContract(answer);
      }
    }, 600_000);

    it('bounds what the optimizer evaluates while planning (huge values, long IN lists, regular expressions)', async () => {
      for (const attack of planTimeAttacks(dialect)) {
        const answer = await optimizeAnswer(attack, options);
        expectNothingLeaked(answer, secrets, attack.sql.slice(0, 200));
        expectAnsweredByContract(answer);
      }
      expect(await answersTo(attacker, 'SELECT a FROM t')).toContain(target.stillAnswers);
    }, 600_000);

    more?.(secrets);
  });
}
