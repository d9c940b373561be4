/**
 * Reads what users paste from the mysql and psql command-line clients: result tables in every layout the
 * clients print, mixed with other text (DDL, comments) and with the clients' own noise (prompts, "N rows in
 * set", "(N rows)"). The result is a list of pieces in input order, each with its 1-based line, so the
 * callers can say where a problem is.
 *
 * Layouts:
 *  - boxed:     mysql's interactive / `-t` output, `+---+` borders around `| a | b |` rows; a cell may span
 *               lines (SHOW CREATE TABLE prints the DDL with its newlines inside the box);
 *  - aligned:   psql's default, a header, a `---+---` line and ` a | b ` rows;
 *  - delimited: tab-separated (mysql `-e` / `--batch`, psql `-A -F '\t'`) or pipe-separated (psql `-A`) rows
 *               under a header line; recognised only when the header names a known result (see `classify`);
 *  - vertical:  mysql's `\G` (`*** 1. row ***`, `Key: value`) and psql's `\x` (`-[ RECORD 1 ]`, `key | value`).
 * Clients pad cells to the display width of their text, so a CJK character counts as two columns here too.
 */

export interface Cell {
  text: string;
  /** 1-based position of the cell's first character. */
  line: number;
  column: number;
}

export interface OutputRow {
  line: number;
  /** One cell per header, in header order; a missing cell is an empty one. */
  cells: Cell[];
}

export type OutputLayout = 'boxed' | 'aligned' | 'delimited' | 'vertical';

export interface OutputTable {
  layout: OutputLayout;
  /** Header names as printed. */
  headers: string[];
  rows: OutputRow[];
  /** Line of the header (or of the first record marker). */
  line: number;
}

export type Piece = { kind: 'text'; line: number; text: string } | { kind: 'table'; table: OutputTable };

/** What the caller knows about a header: whether it is a result it reads, and whether its last cell may span lines. */
export type Classify = (headers: string[]) => { multiline: boolean } | undefined;

export interface ReadResult {
  pieces: Piece[];
  /** Whether any line was client noise (a prompt, a row count): then the text is not plain input. */
  noise: boolean;
}

export function readClientOutput(text: string, classify: Classify): ReadResult {
  const lines = text.split('\n');
  const pieces: Piece[] = [];
  let noise = false;
  let open: { line: number; lines: string[] } | undefined;
  const closeText = () => {
    if (open) pieces.push({ kind: 'text', line: open.line, text: open.lines.join('\n') });
    open = undefined;
  };
  let i = 0;
  while (i < lines.length) {
    const table = readTable(lines, i, classify);
    if (table) {
      closeText();
      pieces.push({ kind: 'table', table: table.table });
      i = table.next;
      continue;
    }
    if (isNoise(lines[i]!)) {
      closeText();
      noise = true;
    } else {
      open ??= { line: i + 1, lines: [] };
      open.lines.push(lines[i]!);
    }
    i++;
  }
  closeText();
  return { pieces, noise };
}

const prompt =
  /^(?:(?:mysql|MariaDB \[[^\]]*\]|MySQL \[[^\]]*\])> |\s*-> |[A-Za-z_][\w$.-]*[=\-(*'"$][#>] )|^(?:mysql|MariaDB \[[^\]]*\])>$/;
const footer =
  /^(?:\d+ rows? in set\b|Empty set\b|Query OK\b|\(\d+ rows?\)$|Bye$|Expanded display is (?:on|off)\.$|Time: \d)/;

/** Prompts with the command typed after them, and the clients' row counts: never data, never DDL. */
export function isNoise(line: string): boolean {
  return prompt.test(line) || footer.test(line.trim());
}

const boxBorder = /^\+(?:-+\+)+\s*$/;
const boxRow = /^\|.*\|\s*$/;
const alignedRule = /^-+(?:\+-+)+\s*$/;
const mysqlRecord = /^\*{5,} (\d+)\. row \*{5,}\s*$/;
const psqlRecord = /^-\[ RECORD (\d+) \]-*(?:\+-*)?\s*$/;

function readTable(
  lines: string[],
  start: number,
  classify: Classify,
): { table: OutputTable; next: number } | undefined {
  const line = lines[start]!;
  if (boxBorder.test(line) && boxRow.test(lines[start + 1] ?? '') && boxBorder.test(lines[start + 2] ?? '')) {
    return readBoxed(lines, start);
  }
  if (mysqlRecord.test(line)) return readMysqlVertical(lines, start);
  if (psqlRecord.test(line)) return readPsqlExpanded(lines, start);
  if (line.includes('|') && alignedRule.test(lines[start + 1] ?? '')) return readAligned(lines, start);
  const separator = line.includes('\t') ? '\t' : line.includes('|') ? '|' : undefined;
  if (!separator) return undefined;
  const headers = splitDelimited(line, separator, start + 1).map((cell) => cell.text.trim());
  const known = classify(headers);
  return known ? readDelimited(lines, start, separator, headers, known.multiline, classify) : undefined;
}

function readBoxed(lines: string[], start: number): { table: OutputTable; next: number } {
  const border = lines[start]!.trimEnd();
  const cuts = [...border].flatMap((c, i) => (c === '+' ? [i] : []));
  const headerCells =
    splitAtCuts(lines[start + 1]!, cuts, start + 2) ?? splitBoxedLoosely(lines[start + 1]!, start + 2);
  const headers = headerCells.map((cell) => cell.text.trim());
  const rows: OutputRow[] = [];
  let record: { line: number; lines: string[] } | undefined;
  const flush = () => {
    if (record) rows.push(boxedRow(record.lines, record.line, cuts, headers.length));
    record = undefined;
  };
  let i = start + 3;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (boxBorder.test(line)) {
      i++;
      break;
    }
    // A line that does not open with `|` continues a cell that holds newlines (SHOW CREATE TABLE's DDL).
    if (line.startsWith('|') || !record) {
      flush();
      record = { line: i + 1, lines: [line] };
    } else record.lines.push(line);
  }
  flush();
  return { table: { layout: 'boxed', headers, rows, line: start + 2 }, next: i };
}

function boxedRow(recordLines: string[], line: number, cuts: number[], width: number): OutputRow {
  if (recordLines.length === 1) {
    const cells = splitAtCuts(recordLines[0]!, cuts, line) ?? splitBoxedLoosely(recordLines[0]!, line);
    return { line, cells: fit(cells.map(trimCell), width, line) };
  }
  // Multi-line: every cell but the last sits on the first line; the last runs to the closing `|`.
  const first = recordLines[0]!;
  const leading = splitDelimited(first.slice(1), '|', line, 2).slice(0, width - 1);
  const consumed = leading.length === 0 ? 1 : leading.at(-1)!.column + leading.at(-1)!.text.length;
  const rest = [first.slice(consumed), ...recordLines.slice(1)].join('\n').replace(/\s*\|\s*$/, '');
  const last: Cell = { text: rest, line, column: consumed + 1 };
  return { line, cells: fit([...leading, last].map(trimCell), width, line) };
}

/**
 * Splits a row at the display columns where the border (boxed, `closed`) or the rule line (psql aligned) has a
 * `+`, when every one of them holds a `|` in the row: values may contain `|` themselves. Undefined otherwise.
 */
function splitAtCuts(line: string, cuts: number[], lineNumber: number, closed = true): Cell[] | undefined {
  const bars: number[] = [];
  let display = 0;
  let offset = 0;
  for (const char of line) {
    const cut = cuts[bars.length];
    if (cut !== undefined && display === cut) {
      if (char !== '|') return undefined;
      bars.push(offset);
    } else if (cut !== undefined && display > cut) return undefined;
    display += charWidth(char.codePointAt(0)!);
    offset += char.length;
  }
  if (bars.length < cuts.length) return undefined;
  const edges = closed ? bars : [-1, ...bars, line.length];
  return edges.slice(1).map((end, k) => ({
    text: line.slice(edges[k]! + 1, end),
    line: lineNumber,
    column: edges[k]! + 2,
  }));
}

function splitBoxedLoosely(line: string, lineNumber: number): Cell[] {
  const inner = line.trimEnd().replace(/\|$/, '');
  return splitDelimited(inner.slice(1), '|', lineNumber, 2);
}

function readAligned(lines: string[], start: number): { table: OutputTable; next: number } {
  const rule = lines[start + 1]!.trimEnd();
  const cuts = [...rule].flatMap((c, i) => (c === '+' ? [i] : []));
  const split = (line: string, lineNumber: number) =>
    splitAtCuts(line, cuts, lineNumber, false) ?? splitDelimited(line, '|', lineNumber);
  const headers = split(lines[start]!, start + 1).map((cell) => cell.text.trim());
  const rows: OutputRow[] = [];
  let i = start + 2;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    // Every row of several columns has their bars: psql's footers (`Indexes:` of `\d`) follow without a blank line.
    if (!line.trim() || isNoise(line) || (headers.length > 1 && !line.includes('|'))) break;
    rows.push({ line: i + 1, cells: fit(split(line, i + 1).map(trimCell), headers.length, i + 1) });
  }
  return { table: { layout: 'aligned', headers, rows, line: start + 1 }, next: i };
}

function readDelimited(
  lines: string[],
  start: number,
  separator: string,
  headers: string[],
  multiline: boolean,
  classify: Classify,
): { table: OutputTable; next: number } {
  const rows: OutputRow[] = [];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim() || isNoise(line)) break;
    // mysql -e prints one result after another, each under its own header.
    if (classify(splitDelimited(line, separator, i + 1).map((cell) => cell.text.trim()))) break;
    const last = rows.at(-1)?.cells.at(-1);
    if (multiline && last && !line.includes(separator)) {
      last.text += `\n${line}`;
      continue;
    }
    rows.push({ line: i + 1, cells: fit(splitDelimited(line, separator, i + 1).map(trimCell), headers.length, i + 1) });
  }
  return { table: { layout: 'delimited', headers, rows, line: start + 1 }, next: i };
}

function readMysqlVertical(lines: string[], start: number): { table: OutputTable; next: number } {
  const records: Array<{ line: number; values: Map<string, Cell> }> = [];
  let colon = -1;
  let lastKey: string | undefined;
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = mysqlRecord.exec(line);
    if (marker) {
      if (i > start && marker[1] === '1') break;
      records.push({ line: i + 1, values: new Map() });
      colon = -1;
      lastKey = undefined;
      continue;
    }
    if (!line.trim() || isNoise(line)) break;
    const record = records.at(-1)!;
    const key = /^(\s*)([A-Za-z_][\w ]*?): ?/.exec(line);
    const keyColon = key ? key[1]!.length + key[2]!.length : -1;
    if (key && (colon < 0 || keyColon === colon)) {
      colon = keyColon;
      lastKey = key[2]!;
      record.values.set(lastKey, { text: line.slice(key[0].length), line: i + 1, column: key[0].length + 1 });
    } else if (lastKey) {
      // A value with newlines (the DDL of SHOW CREATE TABLE ... \G) continues on the following lines.
      record.values.get(lastKey)!.text += `\n${line}`;
    }
  }
  return { table: verticalTable(records, start), next: i };
}

function readPsqlExpanded(lines: string[], start: number): { table: OutputTable; next: number } {
  const records: Array<{ line: number; values: Map<string, Cell> }> = [];
  let lastKey: string | undefined;
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = psqlRecord.exec(line);
    if (marker) {
      if (i > start && marker[1] === '1') break;
      records.push({ line: i + 1, values: new Map() });
      lastKey = undefined;
      continue;
    }
    if (!line.trim() || isNoise(line)) break;
    const record = records.at(-1)!;
    const pair = /^(\S+)\s*\| ?/.exec(line);
    if (pair) {
      lastKey = pair[1]!;
      record.values.set(lastKey, { text: line.slice(pair[0].length), line: i + 1, column: pair[0].length + 1 });
      continue;
    }
    const more = /^\s+\| ?/.exec(line);
    if (more && lastKey) {
      const cell = record.values.get(lastKey)!;
      cell.text = `${cell.text.replace(/\+$/, '')}\n${line.slice(more[0].length)}`;
    }
  }
  return { table: verticalTable(records, start), next: i };
}

function verticalTable(records: Array<{ line: number; values: Map<string, Cell> }>, start: number): OutputTable {
  const headers = [...new Set(records.flatMap((r) => [...r.values.keys()]))];
  const rows = records.map((record) => ({
    line: record.line,
    cells: headers.map((h) => trimCell(record.values.get(h) ?? { text: '', line: record.line, column: 1 })),
  }));
  return { layout: 'vertical', headers, rows, line: start + 1 };
}

/**
 * Splits a line at `separator`, except inside `{...}` (PostgreSQL array text such as `{a|b,"c d"}` may hold the
 * separator) and inside double quotes within braces. `firstColumn` is where `line` starts in its source line.
 */
function splitDelimited(line: string, separator: string, lineNumber: number, firstColumn = 1, braces = true): Cell[] {
  const cells: Cell[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"' && depth > 0) quoted = true;
    else if (c === '{' && braces) depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === separator && depth === 0) {
      cells.push({ text: line.slice(start, i), line: lineNumber, column: firstColumn + start });
      start = i + 1;
    }
  }
  // An unbalanced brace or quote is a broken value, not a reason to swallow the rest of the line.
  if (depth > 0 || quoted) return splitDelimited(line, separator, lineNumber, firstColumn, false);
  cells.push({ text: line.slice(start), line: lineNumber, column: firstColumn + start });
  return cells;
}

function trimCell(cell: Cell): Cell {
  const lead = cell.text.length - cell.text.trimStart().length;
  return { text: cell.text.trim(), line: cell.line, column: cell.column + lead };
}

/** Pads a short row with empty cells; a long one keeps only the cells the header names. */
function fit(cells: Cell[], width: number, line: number): Cell[] {
  const result = cells.slice(0, width);
  while (result.length < width) result.push({ text: '', line, column: 1 });
  return result;
}

/** Terminal columns a character takes: two for East Asian wide and full-width forms, as the clients count. */
function charWidth(code: number): number {
  if (code >= 0x300 && code <= 0x36f) return 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}
