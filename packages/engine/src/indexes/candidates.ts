import type { Dialect } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, literalValue, walk } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { resolveColumn, selects } from '../rules/rule.ts';
import { findTable, type SchemaModel } from '../schema/model.ts';

/** A B-tree index worth asking the optimizer about: equality columns first, then one range column. */
export interface IndexCandidate {
  table: string;
  columns: string[];
  ddl: string;
  reason: { zh: string; en: string };
}

const equality = new Set(['=', 'IN', 'IS']);
const range = new Set(['<', '<=', '>', '>=', 'BETWEEN', 'LIKE']);

/**
 * Proposes indexes from the statement's predicates, per table (classic "equality, then range" order).
 * These are only candidates: the planner keeps the ones the real optimizer says lower the cost.
 */
export function indexCandidates(statement: ParsedStatement, schema: SchemaModel): IndexCandidate[] {
  const usage = new Map<string, { equality: Set<string>; range: Set<string> }>();
  for (const query of selects(statement.ast)) {
    const conditions = [child(query, 'where'), ...children(query, 'from').map((s) => child(s, 'on'))];
    for (const condition of conditions) {
      if (!condition) continue;
      walk(condition, ({ node }) => {
        if (node.type !== 'binary_expr') return undefined;
        const operator = String(node.operator).toUpperCase();
        const kind = equality.has(operator) ? 'equality' : range.has(operator) ? 'range' : undefined;
        if (!kind) return undefined;
        if (operator === 'LIKE' && !isPrefixPattern(child(node, 'right'))) return undefined;
        for (const side of [child(node, 'left'), child(node, 'right')]) {
          const ref = columnRef(side);
          if (!ref) continue;
          const owner = resolveColumn(schema, query, ref);
          if (!owner) continue;
          const entry = usage.get(owner.table) ?? { equality: new Set(), range: new Set() };
          entry[kind].add(owner.column.name);
          usage.set(owner.table, entry);
        }
        return undefined;
      });
    }
  }
  const candidates: IndexCandidate[] = [];
  for (const [table, columns] of usage) {
    if (tooSmallToIndex(schema, table)) continue;
    const eq = [...columns.equality];
    const rangeColumn = [...columns.range].find((c) => !columns.equality.has(c));
    const proposals = [
      eq.length > 0 ? [...eq.slice(0, 3), ...(rangeColumn ? [rangeColumn] : [])] : [],
      ...eq.map((c) => [c]),
    ];
    if (rangeColumn) proposals.push([rangeColumn]);
    for (const cols of proposals) {
      if (cols.length === 0 || alreadyIndexed(schema, table, cols)) continue;
      if (pinnedByUniqueKey(schema, table, cols, columns.equality)) continue;
      if (candidates.some((c) => c.table === table && c.columns.join() === cols.join())) continue;
      candidates.push(candidateFor(statement.dialect, table, cols));
    }
  }
  return candidates;
}

function isPrefixPattern(node: AstNode | undefined): boolean {
  const value = literalValue(node);
  return typeof value === 'string' && !/^[%_]/.test(value);
}

function alreadyIndexed(schema: SchemaModel, tableName: string, columns: string[]): boolean {
  const table = findTable(schema, tableName);
  return !!table?.indexes.some((index) =>
    columns.every((column, i) => index.columns[i]?.toLowerCase() === column.toLowerCase()),
  );
}

/**
 * Below this many rows (from the user's statistics) a table fits in a few pages: a scan is as cheap as an
 * index, and a new index mostly changes join orders (bench:quality: an index on TPC-H's 25-row nation made
 * Q7 0.7x on MariaDB).
 */
export const MIN_ROWS_FOR_INDEX = 1000;

function tooSmallToIndex(schema: SchemaModel, tableName: string): boolean {
  const rows = findTable(schema, tableName)?.statistics?.rows;
  return rows !== undefined && rows < MIN_ROWS_FOR_INDEX;
}

/**
 * A candidate whose equality columns already include a whole unique key finds at most one row through
 * the existing unique index; a wider index only adds write cost (and can mislead the optimizer).
 */
function pinnedByUniqueKey(schema: SchemaModel, tableName: string, columns: string[], equality: Set<string>): boolean {
  const bound = new Set(columns.filter((c) => equality.has(c)).map((c) => c.toLowerCase()));
  const table = findTable(schema, tableName);
  return !!table?.indexes.some(
    (index) => index.unique && index.columns.length > 0 && index.columns.every((c) => bound.has(c.toLowerCase())),
  );
}

function candidateFor(dialect: Dialect, table: string, columns: string[]): IndexCandidate {
  const name = `idx_${table}_${columns.join('_')}`.toLowerCase().slice(0, 60);
  const quote = (id: string) => (dialect === 'mysql' ? `\`${id}\`` : /^[a-z_][a-z0-9_]*$/.test(id) ? id : `"${id}"`);
  return {
    table,
    columns,
    ddl: `CREATE INDEX ${quote(name)} ON ${quote(table)} (${columns.map(quote).join(', ')});`,
    reason: {
      zh: `查询按 ${columns.join(', ')} 过滤 ${table}，该索引可以避免全表扫描。`,
      en: `The query filters ${table} on ${columns.join(', ')}; this index can replace a full scan.`,
    },
  };
}
