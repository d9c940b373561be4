import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type OutputTable, readClientOutput } from './client-output.ts';
import { classifyOutput } from './output-kinds.ts';

/** Real client output, captured by fixtures/capture.sh from MariaDB 10.11 and PostgreSQL 15. */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
}

function tables(text: string): OutputTable[] {
  return readClientOutput(text, classifyOutput).pieces.flatMap((p) => (p.kind === 'table' ? [p.table] : []));
}

/** A row as { header: cell text }. */
function record(table: OutputTable, i: number): Record<string, string> {
  return Object.fromEntries(table.headers.map((h, k) => [h, table.rows[i]!.cells[k]!.text]));
}

describe('reading pasted client output', () => {
  it('reads an interactive mysql session: boxed and \\G results, prompts and row counts skipped', () => {
    const { pieces, noise } = readClientOutput(fixture('mysql-schema-session.txt'), classifyOutput);
    expect(noise).toBe(true);
    const results = pieces.flatMap((p) => (p.kind === 'table' ? [p.table] : []));
    expect(results.map((t) => [t.layout, t.line])).toEqual([
      ['boxed', 3],
      ['vertical', 18],
      ['vertical', 36],
      ['boxed', 100],
    ]);
    // Nothing but blank lines is left over: the prompts and "N rows in set" lines are noise.
    expect(pieces.filter((p) => p.kind === 'text').every((p) => p.kind === 'text' && !p.text.trim())).toBe(true);

    const [boxedCreate, verticalCreate, verticalIndex, boxedIndex] = results as [
      OutputTable,
      OutputTable,
      OutputTable,
      OutputTable,
    ];
    // The DDL keeps its newlines inside the box, and the closing " |" is not part of it.
    const ddl = boxedCreate.rows[0]!.cells[1]!;
    expect(ddl.text.split('\n')).toHaveLength(9);
    expect(ddl.text).toMatch(/^CREATE TABLE `customers` \(\n {2}`c_id` int\(11\)/);
    expect(ddl.text).toMatch(/COLLATE=utf8mb4_general_ci$/);
    expect(ddl).toMatchObject({ line: 5, column: 15 });

    expect(verticalCreate.headers).toEqual(['Table', 'Create Table']);
    expect(verticalCreate.rows[0]!.cells[1]).toMatchObject({ line: 20, column: 15 });
    expect(verticalCreate.rows[0]!.cells[1]!.text).toMatch(
      /^CREATE TABLE `orders` \([\s\S]*REFERENCES `customers` \(`c_id`\)\n\) ENGINE=InnoDB/,
    );

    expect(verticalIndex.rows).toHaveLength(4);
    expect(record(verticalIndex, 2)).toMatchObject({
      Key_name: 'idx_city_created',
      Column_name: 'c_city',
      Cardinality: '8',
      Null: 'YES',
    });

    // Cells hold CJK text (two columns wide) and a "|": split at the border's columns, not at every bar.
    expect(record(boxedIndex, 1)).toMatchObject({
      Key_name: 'idx_cust',
      Cardinality: '2204',
      Index_comment: '客户',
      Ignored: 'NO',
    });
    expect(record(boxedIndex, 2)).toMatchObject({
      Key_name: 'idx_status_date',
      Index_comment: 'status|date',
      Ignored: 'NO',
    });
    expect(record(boxedIndex, 4)).toMatchObject({ Key_name: 'idx_note', Sub_part: '20', Null: 'YES' });
    expect(boxedIndex.rows[1]!.cells[6]).toMatchObject({ text: '2204', line: 103, column: 91 });
  });

  it('reads tab-separated results printed one after another, each under its own header', () => {
    const [customers, orders] = tables(fixture('mysql-show-create-batch.txt'));
    expect(customers!.layout).toBe('delimited');
    expect(record(customers!, 0).Table).toBe('customers');
    expect(record(orders!, 0).Table).toBe('orders');
    // mysql --batch escapes the DDL's newlines; the reader leaves the cell as printed.
    expect(record(orders!, 0)['Create Table']).toMatch(/^CREATE TABLE `orders` \(\\n {2}`o_id`/);

    const [rows, indexes] = tables(fixture('mysql-stats-batch.txt'));
    expect(rows!.headers).toEqual(['TABLE_NAME', 'TABLE_ROWS', 'AVG_ROW_LENGTH']);
    expect(indexes!.rows).toHaveLength(9);
    expect(record(indexes!, 6)).toMatchObject({
      INDEX_NAME: 'idx_status_date',
      INDEX_COMMENT: 'status|date',
      IGNORED: 'NO',
    });
  });

  it('reads psql aligned output, where array values may hold "|" and wide characters', () => {
    const [classes, stats] = tables(fixture('pg-stats-session.txt'));
    expect(classes!.layout).toBe('aligned');
    expect(classes!.rows.map((_, i) => record(classes!, i))).toEqual([
      { relname: 'customers', relkind: 'r', reltuples: '2000', relpages: '13' },
      { relname: 'events', relkind: 'r', reltuples: '1.2e+06', relpages: '7644' },
      { relname: 'orders', relkind: 'r', reltuples: '20000', relpages: '139' },
    ]);
    const kind = record(stats!, 2);
    expect(kind).toMatchObject({ attname: 'e_kind', most_common_vals: '{view,a|b,登录,click}', histogram_bounds: '' });
    expect(kind.most_common_freqs).toBe('{0.399,0.20366667,0.19923334,0.1981}');
    expect(record(stats!, 7).most_common_vals).toBe('{done,late,open,"x,y \\"q\\""}');
  });

  it('reads psql unaligned output (pipes) without splitting inside {...} arrays', () => {
    const [classes, stats] = tables(fixture('pg-stats-unaligned.txt'));
    expect(record(classes!, 1)).toEqual({ relname: 'events', relkind: 'r', reltuples: '1.2e+06', relpages: '7644' });
    expect(record(stats!, 2)).toMatchObject({
      attname: 'e_kind',
      most_common_vals: '{view,a|b,登录,click}',
      n_distinct: '4',
    });
    expect(stats!.rows[2]!.cells[6]).toMatchObject({ line: 9, column: 41 });
  });

  it('reads vertical records: mysql \\G and psql \\x', () => {
    const [status] = tables(fixture('mysql-table-status-vertical.txt'));
    expect(status!.rows.map((_, i) => record(status!, i).Rows)).toEqual(['1000', '19840']);
    expect(status!.rows[1]!.cells[4]).toMatchObject({ text: '19840', line: 27, column: 19 });

    const [expanded] = tables(fixture('pg-stats-expanded.txt'));
    expect(expanded!.headers).toContain('histogram_bounds');
    expect(record(expanded!, 1)).toMatchObject({
      attname: 'e_kind',
      most_common_vals: '{view,a|b,登录,click}',
      inherited: 'f',
    });
  });

  it('leaves text that is not a known result alone, and reports no noise for plain DDL', () => {
    const ddl = 'CREATE TABLE t (a INT); -- a | b\nCREATE INDEX i ON t (a);';
    expect(readClientOutput(ddl, classifyOutput)).toEqual({
      pieces: [{ kind: 'text', line: 1, text: ddl }],
      noise: false,
    });
    // A tab-separated header nobody recognises is text too (the callers then reject it with its line).
    const unknown = 'foo\tbar\n1\t2';
    expect(tables(unknown)).toEqual([]);
  });
});
