import type { Cell, OutputTable } from './client-output.ts';
import { type InputField, statisticsError, type Where } from './input-errors.ts';
import { cellReader } from './output-kinds.ts';
import { cellNumber, type StatisticsFacts } from './statistics-facts.ts';

/** One index as SHOW INDEX / information_schema.STATISTICS describe it: one row per column. */
export interface PastedIndex {
  table: string;
  name: string;
  unique: boolean;
  primary: boolean;
  /** BTREE, HASH, FULLTEXT, SPATIAL as Index_type says; empty when not given. */
  type: string;
  columns: PastedIndexColumn[];
  /** The index's first row. */
  at: Where;
}

export interface PastedIndexColumn {
  name: string;
  /** Sub_part: the indexed prefix length of a string column. */
  prefix?: number;
  /** Distinct values of the key prefix ending at this column, as the server estimates them. */
  cardinality?: number;
  at: Cell;
}

export function readPastedIndexes(table: OutputTable, field: InputField): PastedIndex[] {
  const cell = cellReader(table);
  const indexes = new Map<string, PastedIndex>();
  for (const row of table.rows) {
    const tableName = cell(row, 'table', 'table_name')?.text ?? '';
    const name = cell(row, 'key_name', 'index_name')?.text ?? '';
    const column = cell(row, 'column_name')!;
    if (!tableName || !name || !column.text) continue;
    const key = `${tableName.toLowerCase()}\u0000${name.toLowerCase()}`;
    const nonUnique = cellNumber(cell(row, 'non_unique'), field, 'Non_unique');
    const index = indexes.get(key) ?? {
      table: tableName,
      name,
      unique: nonUnique === 0,
      primary: name.toUpperCase() === 'PRIMARY',
      type: (cell(row, 'index_type')?.text ?? '').toUpperCase(),
      columns: [],
      at: { line: row.line, column: 1 },
    };
    indexes.set(key, index);
    const sequence = cellNumber(cell(row, 'seq_in_index'), field, 'Seq_in_index') ?? index.columns.length + 1;
    const entry: PastedIndexColumn = {
      name: column.text,
      prefix: cellNumber(cell(row, 'sub_part'), field, 'Sub_part'),
      cardinality: cellNumber(cell(row, 'cardinality'), field, 'Cardinality'),
      at: column,
    };
    if (index.columns[sequence - 1]) {
      throw statisticsError(
        field,
        row.cells[0]!,
        `index ${name} on ${tableName} lists column ${sequence} twice`,
        `表 ${tableName} 的索引 ${name} 第 ${sequence} 列出现了两次`,
      );
    }
    index.columns[sequence - 1] = entry;
  }
  return [...indexes.values()].map((index) => ({ ...index, columns: index.columns.filter(Boolean) }));
}

/**
 * What index cardinalities say about the data: the leading column's cardinality is that column's distinct count,
 * and a unique index's full-key cardinality is the table's row count (an estimate, used only when nothing states
 * the row count). A cardinality of 0 means the server has not counted (an empty or never analysed table).
 */
export function cardinalityFacts(indexes: PastedIndex[], derived: boolean, facts: StatisticsFacts): void {
  for (const index of indexes) {
    const [first] = index.columns;
    // A prefix index (Sub_part) counts distinct prefixes, not distinct values.
    if (first?.cardinality && !first.prefix) {
      facts.columns.push({
        table: index.table,
        column: first.name,
        statistics: { distinct: first.cardinality },
        at: first.at,
        ...(derived ? { derived } : {}),
      });
    }
    const last = index.columns.at(-1);
    if (index.unique && last?.cardinality && !last.prefix) {
      facts.rowCounts.push({ table: index.table, rows: last.cardinality, at: last.at, inferred: true });
    }
  }
}
