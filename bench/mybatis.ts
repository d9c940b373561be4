/**
 * A 200-statement MyBatis mapper optimized end to end, as the CLI and the service do it (planner's optimizeMapper:
 * the engine reads the XML and expands every statement into its variants, every variant without ${} goes through
 * optimize() on the default planners in one session, the report is tied back to the XML and the mapper patched).
 *   npm run bench:mybatis
 * The mapper is generated from the shapes of the corpus (packages/engine/test/mybatis/corpus/mybatis, MySQL): its
 * statements copied in turn under new ids until there are 200, with every <sql> fragment they include. The last line
 * is `mapper_statements=N variants=N parse_failures=N seconds=S` (S: the whole optimizeMapper call, planner start
 * included); the lines before it split the time: the engine alone, and the optimizer's share (session set-up, plain
 * EXPLAINs, EXPLAINs under what-if indexes, verifications, as the optimizer answered them: repeated questions are
 * answered from memory by the session, see rememberingSession) with what remains for the engine's work in between.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeMapper, readMapperFile, sourceFile } from '@sqltune/engine';
import {
  availablePlanners,
  optimizeMapper,
  type PlannerBackend,
  type PlannerSession,
  plannerSettingsFromEnv,
  shutdownPlanners,
} from '@sqltune/planner';

const STATEMENTS = 200;
const corpus = fileURLToPath(new URL('../packages/engine/test/mybatis/corpus/', import.meta.url));

/** The generated mapper: corpus statements (those for every database) in turn, ids numbered, fragments once. */
function generatedMapper(): string {
  const files = readdirSync(join(corpus, 'mybatis'))
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => readMapperFile(sourceFile(name, readFileSync(join(corpus, 'mybatis', name), 'utf8'))));
  const raw = (file: (typeof files)[number], site: { start: number; end: number }) =>
    file.file.text.slice(site.start, site.end).replaceAll('com.shop.common.CommonMapper.', '');
  const fragments = new Map<string, string>();
  for (const file of files)
    for (const f of file.fragments) if (!fragments.has(f.id)) fragments.set(f.id, raw(file, f.site));
  const shapes = files.flatMap((file) =>
    file.statements.filter((s) => s.databaseId === null).map((s) => ({ id: s.id, xml: raw(file, s.site) })),
  );
  const statements = Array.from({ length: STATEMENTS }, (_, i) => {
    const shape = shapes[i % shapes.length]!;
    return shape.xml.replace(` id="${shape.id}"`, ` id="${shape.id}_${i + 1}"`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">',
    '<mapper namespace="bench.GeneratedMapper">',
    ...[...fragments.values()].map((f) => `  ${f}`),
    ...statements.map((s) => `  ${s}`),
    '</mapper>',
    '',
  ].join('\n');
}

const input = {
  files: [{ name: 'GeneratedMapper.xml', text: generatedMapper() }],
  framework: 'mybatis' as const,
  dialect: 'mysql' as const,
  schemaText: readFileSync(join(corpus, 'schema-mysql.sql'), 'utf8'),
};

const analysisStarted = performance.now();
const analysis = analyzeMapper(input);
const analysisSeconds = (performance.now() - analysisStarted) / 1000;
const variants = analysis.statements.reduce((n, s) => n + s.variants.length, 0);
console.log(
  `engine only: analyzeMapper (read, expand, bind, rules) ${analysisSeconds.toFixed(2)} s for ${analysis.statements.length} statements, ${variants} variants`,
);

/** Time spent waiting for the optimizer, by kind of call. */
const waited = new Map<string, { calls: number; ms: number }>();
async function timed<T>(kind: string, call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await call();
  } finally {
    const entry = waited.get(kind) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += performance.now() - start;
    waited.set(kind, entry);
  }
}
function timedBackend(backend: PlannerBackend): PlannerBackend {
  return {
    dialect: backend.dialect,
    async open(request) {
      const session = await timed('open', () => backend.open(request));
      const wrapped: PlannerSession = {
        get source() {
          return session.source;
        },
        get notes() {
          return session.notes;
        },
        explain: (sql, whatIf = []) =>
          timed(whatIf.length > 0 ? 'what-if explain' : 'explain', () => session.explain(sql, whatIf)),
        verify: (original, candidate, options) => timed('verify', () => session.verify(original, candidate, options)),
        close: () => timed('close', () => session.close()),
      };
      return wrapped;
    },
  };
}

const started = performance.now();
const available = await availablePlanners(plannerSettingsFromEnv(process.env));
const planners = Object.fromEntries(
  Object.entries(available).map(([dialect, backend]) => [dialect, backend && timedBackend(backend)]),
);
console.log(
  `planners: ${Object.entries(available)
    .map(([dialect, p]) => `${dialect}=${p ? 'yes' : 'no'}`)
    .join(' ')}`,
);
try {
  const report = await optimizeMapper(input, {
    planners,
    engineVersion: 'bench',
    onProgress: (done, total) => {
      if (done % 50 === 0 || done === total) process.stderr.write(`  optimized ${done}/${total} variants\n`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const mapper = report.mapper!;
  const reported = mapper.statements.flatMap((s) => s.variants);
  const parseFailures =
    mapper.statements.reduce((n, s) => n + s.errors.length, 0) + reported.filter((v) => v.report === undefined).length;
  const planned = reported.filter((v) => v.planned).length;
  const withPlan = report.statements.filter((s) => s.plan.before !== null).length;
  const patched = mapper.statements.flatMap((s) => s.rewrites).filter((r) => r.status === 'patched').length;
  const advice = mapper.statements.flatMap((s) => s.rewrites).filter((r) => r.status === 'advice').length;
  console.log(
    `planned variants: ${planned} (with a real plan: ${withPlan}), rewrites patched: ${patched}, kept as advice: ${advice}, workload indexes: ${report.workload?.indexes.length ?? 0}`,
  );
  const optimizerMs = [...waited.values()].reduce((sum, w) => sum + w.ms, 0);
  console.log(
    `optimizer: ${[...waited]
      .map(([kind, w]) => `${kind} ${w.calls}x ${(w.ms / 1000).toFixed(1)} s`)
      .join(', ')}; the rest (engine, report) ${(seconds - optimizerMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `mapper_statements=${mapper.statements.length} variants=${reported.length} parse_failures=${parseFailures} seconds=${seconds.toFixed(1)}`,
  );
} finally {
  await shutdownPlanners();
}
