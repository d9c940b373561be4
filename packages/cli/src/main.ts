import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AppError,
  Dialect,
  ErrorCode,
  Language,
  MapperFramework,
  type Message,
  type Report,
  type Severity,
} from '@sqltune/contracts';
import { formatMapperMarkdown, formatMapperText } from './format-mapper.ts';
import { formatMarkdown } from './format-markdown.ts';
import { formatRulesJson, formatRulesMarkdown, formatRulesText } from './format-rules.ts';
import { formatSarif, type SarifRule } from './format-sarif.ts';
import { formatText } from './format-text.ts';
import { progressBar } from './progress.ts';

// The engine (its SQL parser) and the planners load only when a command needs them: usage errors and help stay fast.
const loadEngine = () => import('@sqltune/engine');

export const usage = `Usage:
  sqltune optimize FILE|DIR|- [--dialect mysql|postgresql] [--schema FILE] [--stats FILE] [--plan FILE]
  sqltune optimize --workload FILE [--dialect mysql|postgresql] [--schema FILE] [--stats FILE]
                              [--orm mybatis|ibatis] [--format text|json|markdown|sarif] [--lang zh|en]
                              [--fail-on info|warning|critical|none]
  sqltune rules [--format text|json|markdown] [--lang zh|en]

optimize  Optimizes the statements in FILE (- reads standard input) and prints the report
          (the same one the web app shows). An .xml FILE is a MyBatis mapper or an iBatis sqlMap; a DIR is
          searched recursively for them (other XML files are skipped). Findings point at the XML's file,
          line and column; rewrites that fall in a statement's own text are shown as a diff of the mapper.
  --orm      read FILE (or standard input) as a mapper of this framework; with a DIR, only its files
             (default: each file's root element says: <mapper> MyBatis, <sqlMap> iBatis)
  --dialect  SQL dialect of FILE (default mysql)
  --schema   CREATE TABLE / CREATE INDEX text, with optional "-- sqltune:stats" lines, or pasted
             SHOW CREATE TABLE / SHOW INDEX output (MySQL)
  --stats    statistics: JSON ({"tables": ...}) or pasted SHOW TABLE STATUS, information_schema,
             pg_class or pg_stats output (see docs/schema-input.md)
  --plan     your own EXPLAIN output, shown next to the optimizer's plans; the table sizes it shows
             size the tables --stats says nothing about (full scans: see docs/design.md)
  --workload statement statistics to optimize in place of FILE, weighed by what runs: pg_stat_statements
             (psql output or CSV), performance_schema.events_statements_summary_by_digest (mysql client
             output), mysqldumpslow output or a slow query log; the statements that took the most time are
             optimized and one index set is chosen for them, with the statements each index serves and slows
  --format   text (default), json (the report contract), markdown, or sarif (SARIF 2.1.0)
  --lang     language of messages (default en)
  --fail-on  exit with 1 when a finding at or above this severity exists (default none)
rules     Prints the rule catalogue: the statement rules, then the mapper rules (MyBatis / iBatis).

Exit codes: 0 done, 1 findings at or above --fail-on, 2 input error, 64 usage error.`;

/** Exit codes: sysexits' EX_USAGE for bad command lines, 2 for input the engine rejects. */
export const EXIT = { ok: 0, findings: 1, input: 2, usage: 64 } as const;

const optimizeFormats = ['text', 'json', 'markdown', 'sarif'] as const;
const rulesFormats = ['text', 'json', 'markdown'] as const;
const failOnLevels = ['info', 'warning', 'critical', 'none'] as const;
const severityRank: Record<Severity, number> = { info: 0, warning: 1, critical: 2 };

class UsageError extends Error {}

export async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError) && !isParseArgsError(error)) throw error;
    console.error(`sqltune: ${(error as Error).message}\n\n${usage}`);
    return EXIT.usage;
  }
  if (command.name === 'help') {
    console.log(usage);
    return EXIT.ok;
  }
  if (command.name === 'rules') {
    const { statementRules, mapperRules } = await loadEngine();
    const catalogue = { statementRules, mapperRules };
    const output =
      command.format === 'json'
        ? formatRulesJson(catalogue)
        : command.format === 'markdown'
          ? formatRulesMarkdown(catalogue, command.language)
          : formatRulesText(catalogue, command.language);
    process.stdout.write(`${output}\n`);
    return EXIT.ok;
  }
  return runOptimize(command);
}

type Command =
  | { name: 'help' }
  | { name: 'rules'; format: (typeof rulesFormats)[number]; language: Language }
  | {
      name: 'optimize';
      file: string;
      orm?: MapperFramework;
      dialect: Dialect;
      schema?: string;
      stats?: string;
      plan?: string;
      workload?: string;
      format: (typeof optimizeFormats)[number];
      language: Language;
      failOn: (typeof failOnLevels)[number];
    };

function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dialect: { type: 'string' },
      schema: { type: 'string' },
      stats: { type: 'string' },
      plan: { type: 'string' },
      workload: { type: 'string' },
      orm: { type: 'string' },
      format: { type: 'string' },
      lang: { type: 'string' },
      'fail-on': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, ...rest] = positionals;
  if (values.help || name === 'help') return { name: 'help' };
  if (!name) throw new UsageError('a command is required');
  const language = oneOf('--lang', values.lang ?? 'en', Language.options);
  const format = values.format ?? 'text';
  if (name === 'rules') {
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    const foreign = (['dialect', 'schema', 'stats', 'plan', 'workload', 'orm', 'fail-on'] as const).find(
      (key) => values[key] !== undefined,
    );
    if (foreign) throw new UsageError(`--${foreign} is not an option of rules`);
    return { name, format: oneOf('--format', format, rulesFormats), language };
  }
  if (name !== 'optimize') throw new UsageError(`unknown command "${name}"`);
  if (values.workload !== undefined) {
    if (rest.length > 0) throw new UsageError('give FILE or --workload, not both: the workload holds the statements');
    if (values.orm !== undefined || values.plan !== undefined) {
      throw new UsageError(`--${values.orm !== undefined ? 'orm' : 'plan'} does not go with --workload`);
    }
  } else if (rest.length === 0) throw new UsageError('optimize needs a FILE (or - for standard input)');
  if (rest.length > 1) throw new UsageError(`unexpected argument "${rest[1]}"`);
  return {
    name,
    file: values.workload ?? rest[0]!,
    ...(values.workload !== undefined ? { workload: values.workload } : {}),
    dialect: oneOf('--dialect', values.dialect ?? 'mysql', Dialect.options),
    schema: values.schema,
    stats: values.stats,
    plan: values.plan,
    ...(values.orm !== undefined ? { orm: oneOf('--orm', values.orm, MapperFramework.options) } : {}),
    format: oneOf('--format', format, optimizeFormats),
    language,
    failOn: oneOf('--fail-on', values['fail-on'] ?? 'none', failOnLevels),
  };
}

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if (allowed.includes(value as T)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(', ')} (got "${value}")`);
}

function isParseArgsError(error: unknown): boolean {
  return (
    typeof (error as { code?: unknown })?.code === 'string' &&
    String((error as { code: string }).code).startsWith('ERR_PARSE_ARGS')
  );
}

type OptimizeCommand = Extract<Command, { name: 'optimize' }>;

/** Whether the command names mappers: an .xml file, a directory, or standard input with --orm. */
function namesMappers(command: OptimizeCommand): boolean {
  if (command.file === '-') return command.orm !== undefined;
  if (command.orm || /\.xml$/i.test(command.file)) return true;
  try {
    return statSync(command.file).isDirectory();
  } catch {
    return false;
  }
}

async function runOptimize(command: OptimizeCommand): Promise<number> {
  if (!command.workload && namesMappers(command)) return runOptimizeMappers(command);
  const { file, language } = command;
  const label = file === '-' ? 'stdin' : file;
  const progress = progressBar(process.stderr);
  const [
    { statementRules, UnparsableStatementError },
    { aiSettingsFromEnv, availablePlanners, optimize, plannerSettingsFromEnv, shutdownPlanners },
  ] = await Promise.all([loadEngine(), import('@sqltune/planner')]);
  try {
    const workloadText = command.workload ? readInput(command.workload) : null;
    const sql = workloadText !== null ? '' : file === '-' ? await readStdin() : readInput(file);
    const schemaText = command.schema ? readInput(command.schema) : null;
    const statsText = command.stats ? readInput(command.stats) : null;
    const planText = command.plan ? readInput(command.plan) : null;
    let report: Report;
    try {
      // One optimize() for the whole file: one sandbox session, statements and findings placed in the file.
      report = await optimize(
        // A project's files hold data changes and DDL beside the queries: all are analyzed (the web app refuses
        // INSERT and DELETE, as the spec says), and a statement in error does not hide the others.
        { sql, dialect: command.dialect, schemaText, statsText, planText, workloadText, dataChanges: 'analyze' },
        {
          statementErrors: 'report',
          planners: await availablePlanners(plannerSettingsFromEnv(process.env)),
          engineVersion: version(),
          // LLM_BASE_URL / LLM_API_KEY / LLM_MODEL, as for the server: the AI step runs when they are set.
          ai: aiSettingsFromEnv(process.env),
          onProgress: (done, total) => progress.update(done, total),
        },
      );
    } finally {
      progress.finish();
    }
    process.stdout.write(`${render(report, command, label, statementRules)}\n`);
    return exitCodeAfterReport(
      report,
      report.statements.flatMap((s) => s.errors),
      (error) => {
        // A pasted plan's 4204 is at a line of the --plan file, not of the statements' file.
        const file = error.field === 'plan' && command.plan ? command.plan : label;
        return error.line ? `${file}:${error.line}:${error.column ?? 1}` : file;
      },
      command,
    );
  } catch (error) {
    if (error instanceof InputFileError) {
      console.error(`error ${error.code} (${error.path}): ${error.message}`);
      return EXIT.input;
    }
    if (error instanceof AppError) {
      const source =
        error.code === ErrorCode.TABLE_STRUCTURE_INVALID && error.detail.field === 'stats' && command.stats
          ? command.stats
          : error.code === ErrorCode.TABLE_STRUCTURE_INVALID && command.schema
            ? command.schema
            : error.code === ErrorCode.PLAN_INVALID && command.plan
              ? command.plan
              : label;
      const where = error.detail.line
        ? `${error.detail.file ?? source}:${error.detail.line}:${error.detail.column ?? 1}`
        : source;
      console.error(`error ${error.code} (${where}): ${error.detail.message[language]}`);
      // What the text-level rules still found in the statement that does not parse (an injectable ${}, say).
      for (const finding of error instanceof UnparsableStatementError ? error.findings : []) {
        const at = finding.span ? `${label}:${finding.span.line}:${finding.span.column}` : label;
        console.error(`  ${finding.severity} ${finding.id} (${at}): ${finding.message[language]}`);
      }
      return EXIT.input;
    }
    throw error;
  } finally {
    await shutdownPlanners();
  }
}

/**
 * Statements in error are in the report; each is also printed as an input error at `where`, and the exit code says
 * so: input errors first, then whether a finding reaches --fail-on.
 */
function exitCodeAfterReport(
  report: Report,
  errors: readonly Message[],
  where: (error: Message) => string,
  command: OptimizeCommand,
): number {
  for (const error of errors)
    console.error(`error ${error.code} (${where(error)}): ${error.message[command.language]}`);
  if (errors.length > 0) return EXIT.input;
  return failed(report, command.failOn) ? EXIT.findings : EXIT.ok;
}

function render(report: Report, command: OptimizeCommand, label: string, rules: readonly SarifRule[]): string {
  const mapper = report.mapper !== undefined;
  switch (command.format) {
    case 'json':
      return JSON.stringify(report, null, 2);
    case 'markdown':
      return mapper ? formatMapperMarkdown(report, command.language) : formatMarkdown(report, command.language);
    case 'sarif':
      return formatSarif(report, {
        uri: label,
        schemaUri: command.schema,
        language: command.language,
        version: version(),
        rules,
      });
    default:
      return mapper ? formatMapperText(report, command.language) : formatText(report, command.language);
  }
}

/** Whether a finding (statement rule or table structure check) is at or above the --fail-on severity. */
export function failed(report: Report, failOn: (typeof failOnLevels)[number]): boolean {
  if (failOn === 'none') return false;
  const threshold = severityRank[failOn];
  const findings = [
    ...report.statements.flatMap((statement) => [...statement.rules, ...statement.schemaFindings]),
    // A mapper's own findings (the rules on its dynamic SQL: ${}, a WHERE that disappears...).
    ...(report.mapper?.statements.flatMap((statement) => statement.findings) ?? []),
  ];
  return findings.some((finding) => severityRank[finding.severity] >= threshold);
}

/** A file named on the command line that cannot be read: an input error (exit 2), like a syntax error. */
class InputFileError extends Error {
  constructor(
    readonly code: string,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function readInput(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    throw new InputFileError(code, path, code === 'ENOENT' ? 'no such file' : `cannot read the file (${code})`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let cachedVersion: string | undefined;

/** The CLI's version, from its package.json (reported as the engine version and the SARIF tool version). */
function version(): string {
  cachedVersion ??= (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return cachedVersion;
}

/**
 * Mappers through the same pipeline as a .sql file: optimizeMapper() expands each statement into its variants and
 * optimizes them in one optimize() call (one sandbox session), then ties the report back to the XML.
 */
async function runOptimizeMappers(command: OptimizeCommand): Promise<number> {
  const { language } = command;
  const progress = progressBar(process.stderr);
  const [{ statementRules, mapperRules, mapperFrameworkOf, sourceFile }, planner] = await Promise.all([
    loadEngine(),
    import('@sqltune/planner'),
  ]);
  try {
    const files =
      command.file === '-'
        ? [{ name: 'stdin', text: await readStdin() }]
        : statSync(command.file).isDirectory()
          ? mapperFilesIn(command.file, command.orm, (text, name) => mapperFrameworkOf(sourceFile(name, text)))
          : [{ name: command.file, text: readInput(command.file) }];
    if (files.length === 0) {
      console.error(`error ${ErrorCode.INPUT_REQUIRED} (${command.file}): ${noMappers[language]}`);
      return EXIT.input;
    }
    let report: Report;
    try {
      report = await planner.optimizeMapper(
        {
          files,
          ...(command.orm ? { framework: command.orm } : {}),
          dialect: command.dialect,
          schemaText: command.schema ? readInput(command.schema) : null,
          statsText: command.stats ? readInput(command.stats) : null,
        },
        {
          planners: await planner.availablePlanners(planner.plannerSettingsFromEnv(process.env)),
          engineVersion: version(),
          ai: planner.aiSettingsFromEnv(process.env),
          onProgress: (done, total) => progress.update(done, total),
        },
      );
    } finally {
      progress.finish();
    }
    process.stdout.write(`${render(report, command, command.file, [...statementRules, ...mapperRules])}\n`);
    return exitCodeAfterReport(
      report,
      report.mapper!.statements.flatMap((s) => s.errors),
      (error) => (error.line ? `${error.file ?? command.file}:${error.line}:${error.column ?? 1}` : command.file),
      command,
    );
  } catch (error) {
    if (error instanceof InputFileError) {
      console.error(`error ${error.code} (${error.path}): ${error.message}`);
      return EXIT.input;
    }
    if (error instanceof AppError) {
      const { file, line, column } = error.detail;
      const source = error.code === ErrorCode.TABLE_STRUCTURE_INVALID && command.schema ? command.schema : command.file;
      const where = line ? `${file ?? source}:${line}:${column ?? 1}` : (file ?? source);
      console.error(`error ${error.code} (${where}): ${error.detail.message[language]}`);
      return EXIT.input;
    }
    throw error;
  } finally {
    await planner.shutdownPlanners();
  }
}

const noMappers = {
  zh: '目录中没有 MyBatis 映射文件（<mapper>）或 iBatis 文件（<sqlMap>）',
  en: 'no MyBatis mapper (<mapper>) or iBatis sqlMap (<sqlMap>) file in the directory',
};

/** Directories a Java project keeps no sources in. */
const skippedDirectories = new Set(['node_modules', 'target', 'build', 'out']);

/** Every .xml file under `dir` (sorted, recursively) whose root element is a mapper of `orm` (or of either). */
function mapperFilesIn(
  dir: string,
  orm: MapperFramework | undefined,
  frameworkOf: (text: string, name: string) => MapperFramework | undefined,
): Array<{ name: string; text: string }> {
  const found: Array<{ name: string; text: string }> = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !skippedDirectories.has(entry.name)) walk(path);
      } else if (entry.isFile() && /\.xml$/i.test(entry.name)) {
        const text = readInput(path);
        const framework = frameworkOf(text, path);
        if (framework && (!orm || framework === orm)) found.push({ name: path, text });
      }
    }
  };
  walk(dir);
  return found;
}
