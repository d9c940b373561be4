import { normalizeNewlines } from '../text/position.ts';
import type { SchemaModel } from './model.ts';
import { applyFacts } from './statistics-facts.ts';
import { statisticsFactsFromJson } from './statistics-json.ts';
import { statisticsFactsFromRows } from './statistics-rows.ts';

/**
 * Reads the statistics field and puts what it says on the schema's tables, over the table structure's own
 * statistics. JSON (text starting with `{` or `[`) is the documented form; anything else is read as pasted client
 * output, each result recognised by its header (statistics-rows.ts). Errors are 4203 with field 'stats'.
 */
export function applyStatisticsText(schema: SchemaModel, input: string): void {
  const text = normalizeNewlines(input);
  const json = /^\s*[{[]/.test(text);
  const facts = json ? statisticsFactsFromJson(text) : statisticsFactsFromRows(text);
  applyFacts(schema, facts, 'stats');
}
