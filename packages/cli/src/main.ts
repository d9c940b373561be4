import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppError, Dialect, type Report } from '@sqltune/contracts';
import { availablePlanners, optimize, shutdownPlanners } from '@sqltune/planner';
import { formatText } from './format-text.ts';

const usage = `Usage: sqltune optimize FILE [--dialect mysql|postgresql] [--schema FILE] [--format json|text] [--lang zh|en]

Optimizes the statements in FILE and prints the report (the same one the web app shows).
  --dialect  SQL dialect of FILE (default mysql)
  --schema   CREATE TABLE / CREATE INDEX text, with optional "-- sqltune:stats" lines
  --format   json (the report contract) or text (default text)
  --lang     language of text output (default en)`;

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dialect: { type: 'string', default: 'mysql' },
      schema: { type: 'string' },
      format: { type: 'string', default: 'text' },
      lang: { type: 'string', default: 'en' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, file] = positionals;
  if (values.help || command !== 'optimize' || !file) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const dialect = Dialect.safeParse(values.dialect);
  if (!dialect.success || !['json', 'text'].includes(values.format!)) {
    console.error(usage);
    return 2;
  }
  const language = values.lang === 'zh' ? 'zh' : 'en';
  try {
    const report: Report = await optimize(
      {
        sql: readFileSync(file, 'utf8'),
        dialect: dialect.data,
        schemaText: values.schema ? readFileSync(values.schema, 'utf8') : null,
      },
      { planners: await availablePlanners(), engineVersion: '0.1.0' },
    );
    console.log(values.format === 'json' ? JSON.stringify(report, null, 2) : formatText(report, language));
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      const where = error.detail.line ? ` (${file}:${error.detail.line}:${error.detail.column ?? 1})` : '';
      console.error(`error ${error.code}${where}: ${error.detail.message[language]}`);
      return 1;
    }
    throw error;
  } finally {
    await shutdownPlanners();
  }
}
