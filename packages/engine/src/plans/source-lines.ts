/**
 * Users paste EXPLAIN output the way their client printed it: psql's `QUERY PLAN` header, dashes, `+` at the end
 * of wrapped cell lines and `(N rows)` footer; the mysql client's `+----+` boxes, `*** 1. row ***` records
 * (`\G`), `-B` batch output with `\n` escaped, prompts and `N rows in set` footers. This module strips that
 * framing and keeps, for every remaining line, where it came from, so errors can point at the user's text.
 */

/** One line of plan text with its 1-based position in the user's input (column of `text`'s first character). */
export interface SourceLine {
  text: string;
  line: number;
  column: number;
  /**
   * Blanks a client's framing put before the text and that were dropped with it (psql's one-space margin): part
   * of the text after all when the line is the rest of a line a terminal cut (wrapped-lines.ts).
   */
  margin?: string;
  /** The user's last line the text runs through, when it joins lines (`line` is the first). */
  through?: number;
}

export function sourceLines(input: string): SourceLine[] {
  let lines = input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((text, i) => ({ text: text.replace(/\s+$/, ''), line: i + 1, column: 1 }));
  lines = asciiBox(stripLineNumbers(stripQuoteMarkers(lines)));
  lines = dropTrailingCommandTag(dropClientChatter(dropLeadingStatement(cropToPsqlFrame(lines))));
  lines = uncommentLines(lines);
  lines = unwrapQuotedLines(lines);
  lines = unwrapQuotedCell(lines);
  lines = unwrapPsql(lines);
  lines = unwrapMysqlSingleCell(joinRecordHeaders(lines));
  lines = unescapeBatchCell(lines);
  return joinWrappedNumbers(lines.filter((l) => l.text.trim() !== ''));
}

/**
 * A plan quoted in a mail reply or a Markdown quote: `> ` before every line (`> > ` or `>> ` quoted twice), as deep
 * as on its first line. No plan format starts a line with `>`; a line the mail client wrapped after quoting may
 * have lost its marker, and is kept as it is.
 */
function stripQuoteMarkers(lines: SourceLine[]): SourceLine[] {
  const first = lines.find((l) => l.text.trim() !== '');
  const depth = /^\s*(?:> ?)+/.exec(first?.text ?? '')?.[0].split('>').length;
  if (!depth) return lines;
  const marker = new RegExp(`^\\s*(?:> ?){1,${depth - 1}}`);
  return lines.map((l) => {
    const found = marker.exec(l.text);
    return found ? sliceLine(l, found[0].length) : l;
  });
}

/**
 * Line numbers in front of every line: copied from an editor, a code block of a blog or a ticket, `cat -n` or
 * `less -N` (`12 `, `12: `, `12| `, `  12\t`). They count up by one from the first line; a line a wrap added has
 * none. A tab right after a number that is not padded is a tab-separated row of MySQL (`1\tSIMPLE\t...`), not
 * a line number.
 */
function stripLineNumbers(lines: SourceLine[]): SourceLine[] {
  const numbered = /^( *)(\d+)(?:[.:|)] ?|\t| |$)/;
  const first = lines.find((l) => l.text.trim() !== '');
  const start = numbered.exec(first?.text ?? '');
  if (!start) return lines;
  let next = Number(start[2]);
  const out = lines.map((l) => {
    const found = numbered.exec(l.text);
    if (!found || Number(found[2]) !== next || (found[0].endsWith('\t') && found[1] === '')) return l;
    next++;
    return sliceLine(l, found[0].length);
  });
  return next - Number(start[2]) >= 2 ? out : lines;
}

const BOX_LINE = /^\s*[┌├└][─┬┼┴]*[┐┤┘]\s*$/;

/**
 * psql's `\pset linestyle unicode` draws its box with line characters: the same box in ASCII (`+---+`, `| ... |`)
 * for the readers, its borders and the bars at both ends of each row, never a character inside the cell.
 */
function asciiBox(lines: SourceLine[]): SourceLine[] {
  if (!lines.some((l) => BOX_LINE.test(l.text))) return lines;
  return lines.map((l) => {
    if (BOX_LINE.test(l.text)) return { ...l, text: l.text.replace(/[┌┬┐├┼┤└┴┘]/g, '+').replace(/─/g, '-') };
    return { ...l, text: l.text.replace(/^(\s*)│/, '$1|').replace(/│$/, '|') };
  });
}

/** pgcli and mycli print the command's tag after its result (`EXPLAIN`): not part of the plan. */
function dropTrailingCommandTag(lines: SourceLine[]): SourceLine[] {
  const last = lines.findLastIndex((l) => l.text.trim() !== '');
  if (last <= 0 || lines[last]!.text.trim() !== 'EXPLAIN') return lines;
  return lines.slice(0, last);
}

/** The text from `skip` characters on, with its column moved accordingly. */
export function sliceLine(line: SourceLine, skip: number): SourceLine {
  return { text: line.text.slice(skip), line: line.line, column: line.column + skip };
}

/** Position of the first non-blank character of a line. */
export function startOf(line: SourceLine): { line: number; column: number } {
  const indent = line.text.length - line.text.trimStart().length;
  return { line: line.line, column: line.column + indent };
}

const MYSQL_PROMPT = /^\s*(?:mysql|MariaDB \[[^\]]*\]|MySQL \[[^\]]*\]|MySQL [^>]*)>/;
const PSQL_PROMPT = /^[A-Za-z_][\w$-]*[=\-(*'"][#>]\s/;
const STATEMENT_END = /(?:;|\\G|\\g)\s*$/;
const FOOTERS = [
  /^\d+ rows? in set/,
  /^Empty set/,
  /^\(\d+ rows?\)$/,
  /^Query OK/,
  /^Time: [\d.]+ ?(?:ms|s)\b/,
  /^(?:Warning|Note|Error) \(Code \d+\)/,
  /^Warnings?:$/,
  // psql's command tags, when the paste includes the SET commands run before EXPLAIN.
  /^(?:SET|RESET|BEGIN|COMMIT|ROLLBACK|LOAD|DISCARD ALL)$/,
];

/** Prompts with the statement typed after them (through its terminator), and the client's footers. */
function dropClientChatter(lines: SourceLine[]): SourceLine[] {
  const out: SourceLine[] = [];
  let inStatement = false;
  for (const line of lines) {
    if (inStatement) {
      if (STATEMENT_END.test(line.text)) inStatement = false;
      continue;
    }
    if (MYSQL_PROMPT.test(line.text) || PSQL_PROMPT.test(line.text)) {
      inStatement = !STATEMENT_END.test(line.text) && line.text.replace(MYSQL_PROMPT, '').trim() !== '';
      continue;
    }
    if (FOOTERS.some((f) => f.test(line.text.trim()))) continue;
    out.push(line);
  }
  return out;
}

/**
 * A plan copied from a blog post or a terminal log with the prose or commands around psql's output (Chinese
 * blogs write "执行计划如下：" above it and their reading below): psql's `QUERY PLAN` header over its dashes starts
 * the output and its `(N rows)` footer ends it, so what lies outside is not the plan.
 */
function cropToPsqlFrame(lines: SourceLine[]): SourceLine[] {
  const header = lines.findIndex((_, i) => afterPsqlHeader(lines, i) > 0);
  if (header < 0) return lines;
  const footer = lines.findIndex((l, i) => i > header && /^\(\d+ rows?\)$/.test(l.text.trim()));
  return lines.slice(header, footer < 0 ? undefined : footer);
}

const EXPLAIN_STATEMENT = /^\s*(?:EXPLAIN|DESCRIBE|DESC|ANALYZE)\s+\S/i;
/** What starts the output after a statement: a box, a cell, a record, JSON, a tree node, a tab-separated header. */
const OUTPUT_START = /^\s*(?:[+|{[]|\*{3}|-> |id\t|QUERY PLAN)/;

/**
 * The statement as a blog or a terminal log shows it above its output, without a prompt (`EXPLAIN ANALYZE SELECT
 * ...;` then the box): from the first line through its terminator, or up to the first line of output.
 */
function dropLeadingStatement(lines: SourceLine[]): SourceLine[] {
  const first = lines.findIndex((l) => l.text.trim() !== '');
  if (first < 0 || !EXPLAIN_STATEMENT.test(lines[first]!.text)) return lines;
  // A statement alone stays, for the refusal to say it is a statement and not its plan (lookalike.ts).
  const output = (rest: SourceLine[]) => (rest.some((l) => l.text.trim() !== '') ? rest : lines);
  for (let i = first; i < lines.length; i++) {
    if (i > first && OUTPUT_START.test(lines[i]!.text)) return output(lines.slice(i));
    if (STATEMENT_END.test(lines[i]!.text)) return output(lines.slice(i + 1));
  }
  return lines;
}

/** A plan kept in a .sql file as SQL comments: every line behind `-- `. */
function uncommentLines(lines: SourceLine[]): SourceLine[] {
  const content = lines.filter((l) => l.text.trim() !== '');
  if (content.length === 0 || !content.every((l) => /^\s*--(?: |$)/.test(l.text))) return lines;
  return content.map((l) => {
    const marker = /^\s*-- ?/.exec(l.text)![0];
    return sliceLine(l, marker.length);
  });
}

/** One CSV field in double quotes, its quotes doubled inside. */
const QUOTED_FIELD = /^\s*"(?:[^"]|"")*"$/;

/**
 * Result grids (DBeaver, pgAdmin) copy each row in double quotes: unquote when every line is quoted. A CSV export
 * that quotes only where it must (DataGrip, Navicat: a line with a comma or a quote) is unquoted too when its
 * header is psql's `QUERY PLAN` or every quoted line holds such a character: a plan line never starts and ends
 * with a double quote of its own.
 */
function unwrapQuotedLines(lines: SourceLine[]): SourceLine[] {
  const content = lines.filter((l) => l.text.trim() !== '');
  if (content.length === 0) return lines;
  const quoted = content.filter((l) => QUOTED_FIELD.test(l.text));
  // A quote opening or closing a line alone: one cell over many lines (pgAdmin's JSON), for unwrapQuotedCell.
  if (content.some((l) => !QUOTED_FIELD.test(l.text) && /^\s*"|"$/.test(l.text))) return lines;
  const csv =
    quoted.length === content.length ||
    (quoted.length > 0 &&
      (/^\s*"?QUERY PLAN"?\s*$/.test(content[0]!.text) || quoted.every((l) => /[,"]/.test(unquoteField(l.text)))));
  if (!csv) return lines;
  return content.map((l) => {
    if (!QUOTED_FIELD.test(l.text)) return l;
    const at = l.text.indexOf('"');
    return { text: unquoteField(l.text), line: l.line, column: l.column + at + 1 };
  });
}

function unquoteField(text: string): string {
  return text.trim().slice(1, -1).replace(/""/g, '"');
}

/**
 * One multi-line cell copied from a result grid in quotes (MySQL Workbench's copied row gives
 * `'-> Limit: ...` on the first line and the closing `'` after the last; DBeaver quotes with `"`): the quotes are
 * the grid's, not the plan's.
 */
function unwrapQuotedCell(lines: SourceLine[]): SourceLine[] {
  // pgAdmin's copy with headers puts the column's name, quoted, above the cell.
  const content = lines.filter((l) => l.text.trim() !== '' && !/^\s*"QUERY PLAN"$/.test(l.text));
  const first = content[0];
  const last = content.at(-1);
  const quote = /^\s*(['"])/.exec(first?.text ?? '')?.[1];
  if (!first || !last || !quote || content.length < 2 || !last.text.endsWith(quote)) return lines;
  // A CSV record (`"id","select_type",...`, Workbench's `'1', 'SIMPLE', ...`) is fields, not one cell.
  if (/^\s*(['"])[^'"]*\1\s*,/.test(first.text)) return lines;
  const at = first.text.indexOf(quote);
  const unquote = (text: string) => text.replaceAll(quote + quote, quote);
  return content.map((l) => {
    let out = l === first ? sliceLine(l, at + 1) : l;
    if (l === last) out = { ...out, text: out.text.slice(0, -1) };
    return { ...out, text: unquote(out.text) };
  });
}

/**
 * A node's numbers wrapped onto a line of their own, as blogs, manuals and narrow terminals print long nodes
 * (`->  Index Scan using idx on t` then `(cost=0.43..8.45 rows=1 width=64) (actual time=...)`): no format starts a
 * line with them, so they belong to the line before.
 */
function joinWrappedNumbers(lines: SourceLine[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous && /^\s*\((?:cost=|actual |never executed\))/.test(line.text)) {
      out[out.length - 1] = { ...previous, text: `${previous.text} ${line.text.trim()}`, through: line.line };
    } else {
      out.push(line);
    }
  }
  return out;
}

/**
 * psql: aligned output has a centred `QUERY PLAN` header, a dashes line, one leading space per row and ` +` where
 * a cell continues on the next line (FORMAT JSON is one multi-line cell); unaligned (-A) has the header alone;
 * expanded (\x) has `-[ RECORD 1 ]---` and `QUERY PLAN | ` in front of the first line of each cell.
 */
function unwrapPsql(lines: SourceLine[]): SourceLine[] {
  const first = lines.findIndex((l) => l.text.trim() !== '');
  if (first < 0) return lines;
  if (lines.some((l) => /^-\[ RECORD \d+/.test(l.text))) return unwrapPsqlExpanded(lines);
  const body = afterPsqlHeader(lines, first);
  if (body > 0) {
    return joinPsqlWrapped(lines.slice(body), lines[body - 1]!.text.length).map((l) => {
      const unpadded = l.text.startsWith(' ') ? { ...sliceLine(l, 1), margin: ' ' } : l;
      return { ...unpadded, text: unpadded.text.replace(/\s*[+↵]$/, '') };
    });
  }
  const header = /^\s*QUERY PLAN\s*$/.test(lines[first]!.text);
  const rest = header ? lines.slice(first + 1) : lines;
  // A psql JSON cell pasted without its header still ends its lines with `+`.
  if (/^\s*[[{].*\+$/.test(rest.find((l) => l.text.trim() !== '')?.text ?? '')) {
    return rest.map((l) => ({ ...l, text: l.text.replace(/\s*\+$/, '') }));
  }
  return rest;
}

/**
 * The index of the first line after psql's header (`QUERY PLAN` over a line of dashes) at `header`, or -1. A
 * terminal narrower than the plan cuts the header's padding off onto a blank line and the dashes into pieces.
 */
function afterPsqlHeader(lines: SourceLine[], header: number): number {
  const [first, second] = [lines[header]?.text.trim(), lines[header + 1]?.text.trim() ?? ''];
  let i = header + 1;
  // A wrap or a cut narrower than the header's centring breaks it in two (`QUERY` `PLAN`, `QUE` `RY PLAN`).
  if (first && first !== 'QUERY PLAN' && (first + second === 'QUERY PLAN' || `${first} ${second}` === 'QUERY PLAN'))
    i++;
  else if (first !== 'QUERY PLAN') return -1;
  while (lines[i]?.text === '') i++;
  // `\pset linestyle unicode` draws the dashes as a line.
  if (!/^(?:-+|─+)$/.test(lines[i]?.text ?? '')) return -1;
  while (/^(?:-+|─+)$/.test(lines[i]?.text ?? '')) i++;
  return i;
}

/**
 * psql's `\pset format wrapped` folds a row wider than the screen itself: `.` (`…` with unicode lines) ends the
 * row's part in the right margin, the column `width` where its dashes end, and starts the rest in the left one.
 */
function joinPsqlWrapped(lines: SourceLine[], width: number): SourceLine[] {
  const out: SourceLine[] = [];
  let marker: string | undefined;
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous && marker && line.text.startsWith(marker)) {
      out[out.length - 1] = { ...previous, text: previous.text.slice(0, -1) + line.text.slice(1) };
    } else {
      out.push(line);
    }
    // The marker of the part just read, in the margin or none.
    const last = line.text.at(-1);
    marker = line.column + line.text.length - 1 === width && (last === '.' || last === '…') ? last : undefined;
  }
  return out;
}

function unwrapPsqlExpanded(lines: SourceLine[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (const l of lines) {
    // A record's header, or the rest of one a wrap broke (`-[ RECORD 12` then `]-----`).
    if (/^-\[ RECORD \d+/.test(l.text) || /^\]?-+$/.test(l.text)) continue;
    const cell = /^(QUERY PLAN\s*\|\s?|\s*\|\s?)/.exec(l.text);
    const content = cell ? sliceLine(l, cell[0].length) : l;
    out.push({ ...content, text: content.text.replace(/\s*\+$/, '') });
  }
  return out;
}

/** A box's border: the mysql client's and psql's `+----+`, and the rule under the header of mycli / pgcli `|----|`. */
export const BORDER = /^\s*[+|]-[-+]*[+|]\s*$/;
const RECORD = /^\*+ \d+\. row \*+$/;
const SINGLE_COLUMN = /^\s*(EXPLAIN|ANALYZE|QUERY PLAN)\s*$/;

/** A prefix of a `\G` record's header, `*************************** 1. row ***************************`. */
const RECORD_PREFIX = /^\*+(?: \d+(?:\.(?: (?:r(?:o(?:w(?: \**)?)?)?)?)?)?)?$/;

/**
 * The header of a `\G` record that a wrap broke (`*** 1.` `row` `***`) or a terminal cut (`*** 1. ro` `w ***`), one
 * line again: a line goes on with the next while they make a header's beginning, with or without a blank between.
 */
function joinRecordHeaders(lines: SourceLine[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const so = previous?.text.trim() ?? '';
    const next = line.text.trim();
    // Whole once its closing stars are as many as its opening ones.
    const [opening, closing] = [/^\**/.exec(so)![0], /\**$/.exec(so)![0]];
    const whole = RECORD.test(so) && closing.length >= opening.length;
    const header = previous && next !== '' && RECORD_PREFIX.test(so) && !whole;
    const joined = [so + next, `${so} ${next}`].find((text) => RECORD_PREFIX.test(text));
    if (header && joined) out[out.length - 1] = { ...previous, text: joined };
    else out.push(line);
  }
  return out;
}

/**
 * The mysql client prints FORMAT=JSON and FORMAT=TREE as one cell: boxed (`| EXPLAIN |` header, the cell's lines
 * raw, `| ` before the first and ` |` after the last) or vertical (`EXPLAIN: ` before the first line). Tabular
 * EXPLAIN (many columns) is left for the tabular reader.
 */
function unwrapMysqlSingleCell(lines: SourceLine[]): SourceLine[] {
  const content = lines.filter((l) => l.text.trim() !== '');
  const first = content[0];
  if (!first) return lines;
  if (BORDER.test(first.text) && content[1] && isSingleCellHeader(content[1].text)) {
    return content
      .filter((l, i) => i !== 1 && !BORDER.test(l.text))
      .map((l) => {
        let out = /^\s*\| /.test(l.text) ? sliceLine(l, l.text.indexOf('|') + 2) : l;
        out = { ...out, text: out.text.replace(/\s*\|$/, '') };
        return out;
      });
  }
  // A \G record copied from its field on, without the stars line above it.
  const field = /^\s*(?:EXPLAIN|ANALYZE): (?=\s*(?:[[{]|->))/.exec(first.text);
  if (field) return [sliceLine(first, field[0].length), ...content.slice(1)];
  if (RECORD.test(first.text.trim())) {
    const records = content.filter((l) => RECORD.test(l.text.trim())).length;
    const field = /^\s*(EXPLAIN|ANALYZE|QUERY PLAN): ?/.exec(content[1]?.text ?? '');
    if (records === 1 && field) {
      return [sliceLine(content[1]!, field[0].length), ...content.slice(2)];
    }
  }
  return lines;
}

function isSingleCellHeader(text: string): boolean {
  const cells = text.trim().split('|');
  return cells.length === 3 && SINGLE_COLUMN.test(cells[1]!);
}

/**
 * `mysql -B` prints a one-column result as a header line and the cell with newlines escaped as `\n`
 * (and tabs as `\t`, backslashes as `\\`). Unescape it into lines again.
 */
function unescapeBatchCell(lines: SourceLine[]): SourceLine[] {
  const content = lines.filter((l) => l.text.trim() !== '');
  const header = content[0] && SINGLE_COLUMN.test(content[0].text) ? 1 : 0;
  const cell = content.slice(header);
  if (cell.length !== 1 || !/^\s*(?:[[{]|->)/.test(cell[0]!.text) || !cell[0]!.text.includes('\\n')) {
    return header && cell.length > 0 ? cell : lines;
  }
  const source = cell[0]!;
  const out: SourceLine[] = [];
  let text = '';
  let column = source.column;
  for (let i = 0; i < source.text.length; i++) {
    const ch = source.text[i]!;
    if (ch !== '\\' || i + 1 >= source.text.length) {
      text += ch;
      continue;
    }
    const next = source.text[++i]!;
    if (next === 'n') {
      out.push({ text, line: source.line, column });
      text = '';
      column = source.column + i + 1;
    } else text += next === 't' ? '\t' : next === '0' ? '\0' : next;
  }
  out.push({ text, line: source.line, column });
  return out;
}
