/**
 * MySQL/MariaDB tabular EXPLAIN -> PlanTree: the boxed output of the mysql client, its `-B` tab-separated output
 * and `\G` vertical records. Columns id, select_type, table, type, possible_keys, key, key_len, ref, rows,
 * filtered and Extra (MySQL 8 adds partitions, MariaDB's ANALYZE adds r_rows and r_filtered).
 *
 * The rows of one select id are its join order: the first table is read, each next one is looked up for every row
 * so far. They become a left-deep chain of "Nested loop" nodes (as MySQL 8's TREE format prints it) whose rows are
 * the estimated output: rows x filtered% of each table, multiplied along the order. "Using temporary" and
 * "Using filesort" on a block's first row apply to the whole block's result ("Filesort" over "Temporary table").
 * `<derivedN>` and `<subqueryN>` tables get block N materialized under them, `<unionA,B>` unites its blocks, and
 * the remaining blocks (subqueries) hang under the closest block with a smaller id: MySQL numbers a subquery right
 * after the select that contains it.
 * The format prints no costs: a node's cost is the number of rows it is expected to examine (rows read per lookup
 * times the lookups), and the tree carries a caveat saying so.
 */
import type { Localized, PlanNode, PlanTree } from '@sqltune/contracts';
import { PlanReadError } from './errors.ts';
import { accessName, coveringName } from './mysql-names.ts';
import { numberOf, roundEstimates } from './numbers.ts';
import { BORDER, type SourceLine, startOf } from './source-lines.ts';
import { glue, isCut, type LineGrammar, rawWidths, rejoinWrapped } from './wrapped-lines.ts';

export const NO_COSTS: Localized = {
  zh: '该格式不含优化器代价：代价一栏是预计检查的行数（每次读取的行数乘以读取次数）',
  en: 'This format has no optimizer costs: the cost shown is the number of rows the server expects to examine (rows per read times the reads)',
};

const RECORD = /^\*+ \d+\. row \*+$/;
const REQUIRED_COLUMNS = ['id', 'select_type', 'table', 'type', 'rows'];

export function looksLikeMysqlTable(lines: SourceLine[]): boolean {
  const first = lines[0]!.text;
  if (RECORD.test(first.trim())) return lines.some((l) => /^\s*select_type:/.test(l.text));
  const header = BORDER.test(first) ? lines[1]?.text : first;
  if (header !== undefined && /\bselect_type\b/.test(header) && /[|\t,]/.test(header)) return true;
  return headerlessColumns(lines) !== undefined;
}

/**
 * A box or `\G` records whose long lines a wrap broke (wrapped-lines.ts), joined again: in a box, the border's
 * pieces are one border and a row goes on until it has as many bars as the border has corners; in a record, a
 * line goes on until the next `column: value` or `*** N. row ***`.
 */
export function rejoinMysqlTable(lines: SourceLine[], raw: string): SourceLine[] {
  const first = lines[0]!.text.trim();
  if (/^\+-[-+]*$/.test(first)) return rejoinBox(lines, raw);
  if (/^\*+ \d+\./.test(first)) return rejoinWrapped(lines, raw, RECORD_LINES);
  return lines;
}

const FIELD = /^\s*[A-Za-z_]+:(?: |$)/;

const RECORD_LINES: LineGrammar = {
  // A record's header a wrap broke is one line already (source-lines.ts).
  startsLine: (line) => FIELD.test(line.text) || /^\*+ \d+\./.test(line.text.trim()),
};

const BORDER_PIECE = /^[-+]+$/;

function rejoinBox(lines: SourceLine[], raw: string): SourceLine[] {
  const groups: SourceLine[][] = [];
  let corners = 0;
  for (const line of lines) {
    const group = groups.at(-1);
    const text = group?.map((l) => l.text.trim()).join('') ?? '';
    // mycli's rule under the header (`|----+----|`) is a border too.
    const border = BORDER_PIECE.test(line.text.trim()) || BORDER.test(line.text);
    if (group && border && BORDER_PIECE.test(text)) {
      group.push(line);
      continue;
    }
    if (corners === 0 && group) corners = [...text].filter((c) => c === '+').length;
    const bars = barsOf(text);
    const open = text.startsWith('|') && !BORDER.test(text) && (!text.endsWith('|') || bars < corners);
    // A line whose bars would make the row wider than the border starts the next row: the one above is short.
    if (group && !border && open && bars + barsOf(line.text) <= corners) group.push(line);
    else groups.push([line]);
  }
  const widths = rawWidths(lines, raw);
  const cut = isCut(
    groups.flatMap((g) => g.slice(0, -1)),
    groups.flatMap((g) => g.slice(1)),
    widths,
  );
  return groups.map((group) => {
    if (BORDER_PIECE.test(group[0]!.text.trim())) {
      return { ...group[0]!, text: group.map((l) => l.text.trim()).join('') };
    }
    return group.slice(1).reduce((joined, line, i) => glue(joined, group[i]!, line, cut, widths), group[0]!);
  });
}

function barsOf(text: string): number {
  return [...text].filter((c) => c === '|').length;
}

const SELECT_TYPE =
  /^(?:SIMPLE|PRIMARY|UNION|UNION RESULT|SUBQUERY|DEPENDENT (?:SUBQUERY|UNION)|DERIVED|MATERIALIZED|UNCACHEABLE (?:SUBQUERY|UNION)|LATERAL DERIVED|INTERSECT|EXCEPT)$/i;

/**
 * The columns of rows copied from a result grid without their header (Navicat's and DBeaver's Ctrl+C copy the
 * cells, tab-separated), when every row's second cell is a select_type: told by their count, which differs in every
 * layout MySQL and MariaDB print (a row whose last cell, Extra, is empty may have lost its tab to the paste).
 */
function headerlessColumns(lines: SourceLine[]): string[] | undefined {
  const rows = lines.map((l) => l.text.split('\t'));
  if (!rows.every((cells) => SELECT_TYPE.test(cells[1]?.trim() ?? ''))) return undefined;
  const count = Math.max(...rows.map((cells) => cells.length));
  if (rows.some((cells) => cells.length < count - 1)) return undefined;
  return HEADERLESS_LAYOUTS[count];
}

const BASE = ['id', 'select_type', 'table'];
const INDEX = ['possible_keys', 'key', 'key_len', 'ref'];
const HEADERLESS_LAYOUTS: Record<number, string[]> = {
  // MySQL 5.6 and MariaDB EXPLAIN
  10: [...BASE, 'type', ...INDEX, 'rows', 'Extra'],
  // EXPLAIN EXTENDED (MySQL 5.6, MariaDB)
  11: [...BASE, 'type', ...INDEX, 'rows', 'filtered', 'Extra'],
  // MySQL 5.7 and 8
  12: [...BASE, 'partitions', 'type', ...INDEX, 'rows', 'filtered', 'Extra'],
  // MariaDB ANALYZE
  13: [...BASE, 'type', ...INDEX, 'rows', 'r_rows', 'filtered', 'r_filtered', 'Extra'],
};

interface Row {
  cells: Map<string, string | null>;
  line: SourceLine;
}

export function readMysqlTable(lines: SourceLine[], raw: string): PlanTree {
  const rows = RECORD.test(lines[0]!.text.trim()) ? verticalRows(lines) : gridRows(lines);
  if (rows.length === 0) {
    throw new PlanReadError(startOf(lines[0]!), {
      zh: '表格只有表头，没有数据行',
      en: 'the table has a header but no rows',
    });
  }
  const root = roundEstimates(new TableBuilder(rows).build());
  return { root, totalCost: root.cost, raw, format: 'mysql-table', caveat: NO_COSTS };
}

function gridRows(lines: SourceLine[]): Row[] {
  const content = lines.filter((l) => !BORDER.test(l.text));
  const boxed = content[0]!.text.trim().startsWith('|');
  const csv = !boxed && !content[0]!.text.includes('\t');
  const split = (l: SourceLine) => {
    if (csv) return csvFields(l.text);
    const text = boxed ? l.text.trim().replace(/^\|/, '').replace(/\|$/, '') : l.text;
    return text.split(boxed ? '|' : '\t').map((c) => c.trim());
  };
  const headerless = csv ? undefined : headerlessColumns(content);
  // MySQL Workbench's "Copy Row (with names)" writes the header as a comment: `# id, select_type, ...`.
  const header = headerless ?? split(content[0]!).map((name, i) => (i === 0 ? name.replace(/^#\s*/, '') : name));
  checkColumns(header, content[0]!);
  return content.slice(headerless ? 0 : 1).map((line) => {
    const cells = split(line);
    // `-B` prints an empty last cell (Extra) as a trailing tab, which a paste (and sourceLines) trims away.
    while (!boxed && cells.length < header.length) cells.push('');
    if (cells.length !== header.length) {
      throw new PlanReadError(startOf(line), {
        zh: `这一行有 ${cells.length} 列，表头有 ${header.length} 列`,
        en: `this row has ${cells.length} columns but the header has ${header.length}`,
      });
    }
    return { cells: new Map(header.map((name, i) => [name, nullable(cells[i]!)])), line };
  });
}

function verticalRows(lines: SourceLine[]): Row[] {
  const rows: Row[] = [];
  for (const line of lines) {
    if (RECORD.test(line.text.trim())) {
      rows.push({ cells: new Map(), line });
      continue;
    }
    const field = /^\s*([A-Za-z_]+):(?: (.*))?$/.exec(line.text);
    if (!field) {
      throw new PlanReadError(startOf(line), {
        zh: '竖排（\\G）输出的每一行应为 "列名: 值"',
        en: 'each line of vertical (\\G) output should be "column: value"',
      });
    }
    rows.at(-1)!.cells.set(field[1]!, nullable(field[2] ?? ''));
  }
  for (const row of rows) checkColumns([...row.cells.keys()], row.line);
  return rows;
}

function checkColumns(columns: string[], line: SourceLine): void {
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length === 0) return;
  throw new PlanReadError(startOf(line), {
    zh: `表格缺少列：${missing.join(', ')}`,
    en: `the table lacks the column(s) ${missing.join(', ')}`,
  });
}

/** NULL as the clients print it: the mysql client, DataGrip (`<null>`), DBeaver (`[NULL]`), Navicat (`(Null)`). */
function nullable(cell: string): string | null {
  return /^(?:NULL|<null>|\[NULL\]|\(Null\))$/.test(cell) ? null : cell;
}

/**
 * One line of a CSV export of the result grid (Navicat, DataGrip: `"idx_a,idx_b"` quoted where it holds a comma)
 * or of MySQL Workbench's copied row (every value in single quotes, NULL bare); an empty field is an empty cell.
 */
function csvFields(text: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (text[i] === ' ') i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      let value = '';
      i++;
      while (i < text.length) {
        if (text[i] === quote && text[i + 1] === quote) {
          value += quote;
          i += 2;
        } else if (text[i] === quote) {
          i++;
          break;
        } else value += text[i++];
      }
      fields.push(value);
      while (i < text.length && text[i] !== ',') i++;
    } else {
      const end = text.indexOf(',', i);
      fields.push(text.slice(i, end < 0 ? undefined : end).trim());
      i = end < 0 ? text.length : end;
    }
    if (i >= text.length) return fields;
    i++;
  }
}

interface Block {
  id: number;
  rows: Row[];
}

interface Built {
  node: PlanNode;
  /** Estimated rows the block or table produces. */
  out: number;
}

class TableBuilder {
  private readonly blocks: Block[] = [];
  private readonly unions: Row[] = [];
  private readonly consumed = new Set<number>();

  constructor(rows: Row[]) {
    for (const row of rows) {
      const id = numberOf(row.cells.get('id'));
      if (id === undefined) {
        this.unions.push(row);
        continue;
      }
      const block = this.blocks.find((b) => b.id === id);
      if (block) block.rows.push(row);
      else this.blocks.push({ id, rows: [row] });
    }
    for (const row of rows) {
      for (const id of referencedBlocks(row.cells.get('table'))) this.consumed.add(id);
    }
  }

  build(): PlanNode {
    const built = new Map<number, Built>();
    // Innermost first: a block's derived tables and subqueries have larger ids.
    for (const block of [...this.blocks].sort((a, b) => b.id - a.id)) built.set(block.id, this.block(block, built));
    for (const block of this.blocks) {
      if (this.consumed.has(block.id) || block === this.blocks[0]) continue;
      const parent = this.blocks.filter((b) => b.id < block.id).sort((a, b) => b.id - a.id)[0] ?? this.blocks[0]!;
      const outer = built.get(parent.id)!;
      outer.node.children.push(this.subqueryNode(block, built.get(block.id)!, outer.out));
    }
    const first = this.blocks[0];
    if (!first) {
      throw new PlanReadError(startOf(this.unions[0]!.line), {
        zh: '表格中没有查询块',
        en: 'no select block in the table',
      });
    }
    const topUnion = this.unions.find((u) => referencedBlocks(u.cells.get('table'))[0] === first.id);
    return topUnion ? this.unionNode(topUnion, built).node : built.get(first.id)!.node;
  }

  private block(block: Block, built: Map<number, Built>): Built {
    let prefix = 1;
    let joined: Built | undefined;
    for (const row of block.rows) {
      const table = this.table(row, prefix, built);
      prefix = table.out;
      joined = joined
        ? {
            node: {
              node: 'Nested loop',
              rows: table.out,
              cost: joined.node.cost + table.node.cost,
              warnings: [],
              children: [joined.node, table.node],
            },
            out: table.out,
          }
        : table;
    }
    return wrapBlock(block.rows[0]!, joined!);
  }

  private table(row: Row, prefix: number, built: Map<number, Built>): Built {
    const cell = (name: string) => row.cells.get(name) ?? undefined;
    const extras = (cell('Extra') ?? '').split(/;\s*/).filter(Boolean);
    const name = cell('table');
    const rows = numberOf(cell('rows')) ?? 0;
    const filtered = numberOf(cell('filtered')) ?? 100;
    if (!name) {
      return { node: { node: extras.join('; ') || 'Result', rows: 0, cost: 0, warnings: [], children: [] }, out: 0 };
    }
    const node: PlanNode = {
      node: tableAccessName(cell('type'), extras),
      relation: name,
      rows,
      cost: rows * prefix,
      warnings: [],
      children: [],
    };
    const key = cell('key');
    if (key) node.index = key;
    const actual = numberOf(cell('r_rows'));
    if (actual !== undefined) node.actualRows = actual;
    const loops = numberOf(cell('loops'));
    if (loops !== undefined) node.loops = loops;
    node.details = tableDetails(row, extras);
    for (const id of referencedBlocks(name)) {
      const inner = this.unionFor(id, built) ?? built.get(id);
      if (!inner || !/^<(derived|subquery)/.test(name)) continue;
      node.children.push({
        node: 'Materialize',
        rows: inner.out,
        cost: inner.node.cost,
        warnings: [],
        children: [inner.node],
      });
      node.cost += inner.node.cost;
    }
    return { node, out: prefix * rows * (filtered / 100) };
  }

  /** A derived table whose body is a UNION reads the union's result. */
  private unionFor(id: number, built: Map<number, Built>): Built | undefined {
    const union = this.unions.find((u) => referencedBlocks(u.cells.get('table'))[0] === id);
    return union ? this.unionNode(union, built) : undefined;
  }

  private unionNode(row: Row, built: Map<number, Built>): Built {
    const parts = referencedBlocks(row.cells.get('table'))
      .map((id) => built.get(id))
      .filter((b): b is Built => b !== undefined);
    const out = parts.reduce((sum, p) => sum + p.out, 0);
    const distinct = /UNION RESULT/i.test(row.cells.get('select_type') ?? '');
    return {
      node: {
        node: distinct ? 'Union (distinct)' : 'Union all',
        rows: out,
        cost: parts.reduce((sum, p) => sum + p.node.cost, 0),
        warnings: [],
        children: parts.map((p) => p.node),
      },
      out,
    };
  }

  /** A subquery runs once, or once per row of its outer block when it depends on it (or cannot be cached). */
  private subqueryNode(block: Block, inner: Built, outerRows: number): PlanNode {
    const type = block.rows[0]!.cells.get('select_type') ?? '';
    const dependent = /DEPENDENT|UNCACHEABLE/i.test(type);
    return {
      node: dependent ? 'Dependent subquery' : 'Subquery',
      rows: inner.out,
      cost: inner.node.cost * (dependent ? Math.max(1, outerRows) : 1),
      warnings: [],
      children: [inner.node],
      details: [`select_type: ${type}`],
    };
  }
}

/** Ids named in `<derived2>`, `<subquery3>`, `<union1,4>`. */
function referencedBlocks(table: string | null | undefined): number[] {
  const match = /^<(?:derived|subquery|union)([\d,]+)>$/.exec(table ?? '');
  return match ? match[1]!.split(',').filter(Boolean).map(Number) : [];
}

function tableAccessName(type: string | undefined, extras: string[]): string {
  let name = accessName(type);
  if (extras.includes('Using index') && type !== 'ALL') name = coveringName(name);
  const buffer = extras.find((e) => e.startsWith('Using join buffer'));
  if (buffer) name = `${name} + join buffer (${/\((.*)\)/.exec(buffer)?.[1] ?? 'BNL'})`;
  return name;
}

function tableDetails(row: Row, extras: string[]): string[] {
  const details = [...extras];
  for (const column of ['ref', 'filtered', 'r_filtered', 'possible_keys']) {
    const value = row.cells.get(column);
    if (value) details.push(`${column}: ${value}`);
  }
  return details;
}

/** "Using temporary" / "Using filesort" on the first table of a block: the block's result is grouped / sorted. */
function wrapBlock(first: Row, inner: Built): Built {
  const extras = first.cells.get('Extra') ?? '';
  let result = inner;
  if (/Using temporary/.test(extras)) {
    result = {
      node: {
        node: 'Temporary table',
        rows: result.out,
        cost: result.node.cost,
        warnings: [],
        children: [result.node],
      },
      out: result.out,
    };
  }
  if (/Using filesort/.test(extras)) {
    result = {
      node: { node: 'Filesort', rows: result.out, cost: result.node.cost, warnings: [], children: [result.node] },
      out: result.out,
    };
  }
  return result;
}
