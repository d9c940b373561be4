/**
 * PostgreSQL's text form of a one-dimensional array, as pg_stats prints most_common_vals and histogram_bounds:
 * `{a,b,"c d","say \"hi\""}`. Elements are separated by commas; an element is double-quoted when it holds a
 * comma, brace, quote, backslash or white space, with `\` escaping inside quotes; an unquoted NULL is SQL NULL.
 */

export type PgArrayResult = { values: Array<string | null> } | { error: string; offset: number };

export function parsePgArray(text: string): PgArrayResult {
  const body = text.trim();
  const lead = text.length - text.trimStart().length;
  if (!body.startsWith('{') || !body.endsWith('}')) {
    return { error: 'an array is written {value,value,...}', offset: lead };
  }
  const values: Array<string | null> = [];
  let i = 1;
  const end = body.length - 1;
  if (body.slice(1, end).trim() === '') return { values };
  while (i <= end) {
    while (i < end && body[i] === ' ') i++;
    const element = body[i] === '"' ? quotedElement(body, i) : unquotedElement(body, i, end);
    if ('error' in element) return { error: element.error, offset: lead + element.offset };
    values.push(element.value);
    i = element.next;
    while (i < end && body[i] === ' ') i++;
    if (i === end) break;
    if (body[i] !== ',') return { error: 'expected a comma between array elements', offset: lead + i };
    i++;
  }
  return { values };
}

type Element = { value: string | null; next: number } | { error: string; offset: number };

function quotedElement(body: string, start: number): Element {
  let value = '';
  for (let i = start + 1; i < body.length - 1; i++) {
    const c = body[i]!;
    if (c === '\\') {
      value += body[i + 1] ?? '';
      i++;
    } else if (c === '"') return { value, next: i + 1 };
    else value += c;
  }
  return { error: 'a quoted array element is not closed', offset: start };
}

function unquotedElement(body: string, start: number, end: number): Element {
  let i = start;
  while (i < end && body[i] !== ',') {
    if ('{}"'.includes(body[i]!)) {
      return { error: 'only one-dimensional arrays are read; quote elements that hold { } or "', offset: i };
    }
    i++;
  }
  const raw = body.slice(start, i).trim();
  if (raw === '') return { error: 'an array element is empty', offset: start };
  return { value: raw.toUpperCase() === 'NULL' ? null : raw.replace(/\\(.)/g, '$1'), next: i };
}
