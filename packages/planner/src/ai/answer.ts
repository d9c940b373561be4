/**
 * Reading the model's answer. The prompt asks for `{"candidates":[{"sql":"...","explanation":"..."}]}`, but models
 * wrap JSON in ```json fences, add prose around it, put ```sql fences inside the "sql" strings, or answer with bare
 * SQL blocks. Each of those is accepted; anything else yields no candidates. Pure.
 */

export interface ProposedRewrite {
  sql: string;
  explanation: string;
}

/** The candidates in the answer (at most `max`, duplicates removed), or undefined when none could be read. */
export function candidatesFromAnswer(content: string, max: number): ProposedRewrite[] | undefined {
  const json = jsonIn(content);
  const found = json === undefined ? sqlFences(content) : candidatesFromJson(json);
  if (found === undefined) return undefined;
  const seen = new Set<string>();
  const unique = found.filter((c) => {
    const key = c.sql.replace(/\s+/g, ' ').toLowerCase();
    if (!c.sql || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.slice(0, max);
}

/** The first JSON value found: the whole text, a fenced block, or the outermost braces. */
function jsonIn(content: string): unknown {
  const attempts = [
    content,
    ...[...content.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)].map((m) => m[1] ?? ''),
    content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1),
  ];
  for (const text of attempts) {
    const trimmed = text.trim();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) continue;
    try {
      return JSON.parse(trimmed);
    } catch {
      // try the next shape
    }
  }
  return undefined;
}

/** `{candidates: [...]}`, a bare array, or a single `{sql, explanation}`. */
function candidatesFromJson(value: unknown): ProposedRewrite[] | undefined {
  const list = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.candidates)
      ? value.candidates
      : isRecord(value) && typeof value.sql === 'string'
        ? [value]
        : undefined;
  if (!list) return undefined;
  return list.flatMap((item): ProposedRewrite[] => {
    if (typeof item === 'string') return [{ sql: cleanSql(item), explanation: '' }];
    if (!isRecord(item) || typeof item.sql !== 'string') return [];
    const explanation = typeof item.explanation === 'string' ? item.explanation.trim() : '';
    return [{ sql: cleanSql(item.sql), explanation }];
  });
}

/** Bare ```sql blocks: one candidate each, without explanation. */
function sqlFences(content: string): ProposedRewrite[] | undefined {
  const blocks = [...content.matchAll(/```sql\s*\n?([\s\S]*?)```/gi)].map((m) => cleanSql(m[1] ?? ''));
  return blocks.length > 0 ? blocks.map((sql) => ({ sql, explanation: '' })) : undefined;
}

/** Strips a fence around the statement and the final semicolon(s). */
export function cleanSql(sql: string): string {
  const fenced = /^\s*```[a-zA-Z]*\s*\n?([\s\S]*?)```\s*$/.exec(sql);
  return (fenced ? fenced[1]! : sql)
    .trim()
    .replace(/;+\s*$/, '')
    .trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
