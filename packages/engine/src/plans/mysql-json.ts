/**
 * MySQL/MariaDB EXPLAIN FORMAT=JSON and MariaDB ANALYZE FORMAT=JSON -> PlanTree.
 *
 * Both start at `query_block` and nest operations the same way (`nested_loop` of `table`s, derived tables'
 * `materialized` blocks, `subqueries`, `union_result` with `query_specifications`); they differ in detail:
 *  - MariaDB: table `rows` (read per lookup) and `filtered`; sorts and temporary tables as wrappers
 *    (`filesort` { temporary_table { nested_loop } }, `read_sorted_file`); no costs in 10.x (11.x adds `cost`);
 *    ANALYZE adds `r_loops`, `r_rows` (per loop), `r_filtered`, `r_total_time_ms` or `r_table_time_ms` +
 *    `r_other_time_ms`, and `expression_cache` around dependent subqueries.
 *  - MySQL 8: table `rows_examined_per_scan`, `rows_produced_per_join`, `filtered` as a string, `cost_info`
 *    { read_cost, eval_cost, prefix_cost } and `query_block.cost_info.query_cost`; sorts and temporary tables as
 *    flags (`ordering_operation` { using_filesort, using_temporary_table }, `grouping_operation`);
 *    `materialized_from_subquery`; subqueries in `attached_subqueries`, `select_list_subqueries`, ...
 * The tables of a nested loop become a left-deep chain of "Nested loop" nodes, as in the tabular reader. Without
 * costs, a node's cost is the rows it is expected to examine and the tree carries the NO_COSTS caveat.
 */
import type { PlanNode, PlanTree } from '@sqltune/contracts';
import { accessName, coveringName } from './mysql-names.ts';
import { NO_COSTS } from './mysql-table.ts';
import { isObject, type Json, numberOf, roundEstimates, roundMs, stringOf } from './numbers.ts';

export function isMysqlJsonPlan(json: unknown): json is Json {
  return isObject(json) && isObject(json.query_block);
}

export function readMysqlJson(json: Json, raw: string): PlanTree {
  const reader = new JsonReader();
  const top = json.query_block as Json;
  const node = roundEstimates(reader.block(top).node);
  // Keys only MySQL prints tell the two apart; MariaDB's `rows` and `r_*` keys are its own.
  const text = JSON.stringify(json);
  const mysql = text.includes('"cost_info"') || text.includes('"rows_examined_per_scan"');
  const tree: PlanTree = { root: node, totalCost: node.cost, raw, format: mysql ? 'mysql-json' : 'mariadb-json' };
  if (!reader.sawCost) tree.caveat = NO_COSTS;
  const time = numberOf(top.r_total_time_ms);
  if (time !== undefined) tree.executionTimeMs = time;
  return tree;
}

interface Built {
  node: PlanNode;
  /** Estimated rows produced. */
  out: number;
}

/** Keys under which MySQL 8 lists subqueries (MariaDB uses `subqueries`). */
const SUBQUERY_KEYS = [
  'subqueries',
  'attached_subqueries',
  'select_list_subqueries',
  'order_by_subqueries',
  'group_by_subqueries',
  'having_subqueries',
  'optimized_away_subqueries',
];

class JsonReader {
  sawCost = false;
  /** MySQL's prefix_cost is cumulative along the join order, so a join costs its last table's prefix. */
  private sawPrefixCost = false;

  block(qb: Json): Built {
    const inner = this.operation(qb, 1);
    const cost = numberOf(isObject(qb.cost_info) ? qb.cost_info.query_cost : undefined) ?? numberOf(qb.cost);
    if (cost !== undefined) {
      this.sawCost = true;
      inner.node.cost = cost;
    }
    return inner;
  }

  /** The operation in `obj` (a wrapper, a join or a table) with the subqueries listed at its level. */
  private operation(obj: Json, prefix: number): Built {
    const core = this.core(obj, prefix);
    for (const key of SUBQUERY_KEYS) {
      const list = obj[key];
      if (!Array.isArray(list)) continue;
      for (const item of list.filter(isObject)) {
        const sub = this.subquery(item, core.out);
        if (!sub) continue;
        core.node.children.push(sub);
        core.node.cost += sub.cost;
      }
    }
    return core;
  }

  private core(obj: Json, prefix: number): Built {
    if (isObject(obj.read_sorted_file)) return this.operation(obj.read_sorted_file, prefix);
    if (isObject(obj.filesort)) return this.filesort(obj.filesort, prefix);
    if (isObject(obj.ordering_operation)) return this.flagged(obj.ordering_operation, prefix, 'Temporary table');
    if (isObject(obj.grouping_operation))
      return this.flagged(obj.grouping_operation, prefix, 'Group (temporary table)');
    if (isObject(obj.duplicates_removal))
      return this.wrap('Duplicate weedout', this.operation(obj.duplicates_removal, prefix));
    if (Array.isArray(obj.duplicates_removal))
      return this.wrap('Duplicate weedout', this.nestedLoop(obj.duplicates_removal, prefix));
    if (isObject(obj.window_functions_computation)) {
      return this.wrap('Window functions', this.operation(obj.window_functions_computation, prefix));
    }
    if (isObject(obj.windowing)) return this.wrap('Window functions', this.operation(obj.windowing, prefix));
    if (isObject(obj.temporary_table)) return this.wrap('Temporary table', this.operation(obj.temporary_table, prefix));
    if (Array.isArray(obj.nested_loop)) return this.nestedLoop(obj.nested_loop, prefix);
    if (isObject(obj.table)) return this.nestedLoop([{ table: obj.table }], prefix);
    if (isObject(obj.union_result)) return this.union(obj.union_result);
    if (isObject(obj.query_block)) return this.block(obj.query_block);
    const message = stringOf(obj.message);
    return { node: { node: message ?? 'Result', rows: 0, cost: 0, warnings: [], children: [] }, out: 0 };
  }

  private filesort(fs: Json, prefix: number): Built {
    const sorted = this.wrap('Filesort', this.operation(fs, prefix));
    const key = stringOf(fs.sort_key);
    if (key) sorted.node.filter = `sort key: ${key}`;
    // Under a LIMIT the sort outputs only the first rows (r_limit): not comparable with the estimate.
    measure(sorted.node, fs, fs.r_limit === undefined ? numberOf(fs.r_output_rows) : undefined);
    return sorted;
  }

  /** MySQL 8's ordering/grouping operations say with flags whether they use a temporary table and sort. */
  private flagged(op: Json, prefix: number, temporaryName: string): Built {
    let result = this.operation(op, prefix);
    if (op.using_temporary_table === true) result = this.wrap(temporaryName, result);
    if (op.using_filesort === true) result = this.wrap('Filesort', result);
    return result;
  }

  private wrap(name: string, inner: Built): Built {
    return {
      node: { node: name, rows: inner.out, cost: inner.node.cost, warnings: [], children: [inner.node] },
      out: inner.out,
    };
  }

  private nestedLoop(items: unknown[], start: number): Built {
    let joined: Built | undefined;
    let prefix = start;
    for (const item of items.filter(isObject)) {
      let next: Built | undefined;
      if (isObject(item.table)) next = this.table(item.table, prefix, undefined);
      else if (isObject(item['block-nl-join'])) {
        const bnl = item['block-nl-join'];
        if (isObject(bnl.table)) next = this.table(bnl.table, prefix, stringOf(bnl.join_type) ?? 'BNL');
      } else if (isObject(item['range-checked-for-each-record'])) {
        const r = item['range-checked-for-each-record'];
        if (isObject(r.table)) next = this.table(r.table, prefix, undefined);
      } else next = this.operation(item, prefix);
      if (!next) continue;
      prefix = next.out;
      joined = joined ? this.join(joined, next) : next;
    }
    return joined ?? { node: { node: 'Result', rows: 0, cost: 0, warnings: [], children: [] }, out: 0 };
  }

  private join(outer: Built, inner: Built): Built {
    return {
      node: {
        node: 'Nested loop',
        rows: inner.out,
        cost: this.sawPrefixCost ? inner.node.cost : outer.node.cost + inner.node.cost,
        warnings: [],
        children: [outer.node, inner.node],
      },
      out: inner.out,
    };
  }

  private table(t: Json, prefix: number, joinBuffer: string | undefined): Built {
    const name = stringOf(t.table_name);
    const access = stringOf(t.access_type);
    const rows = numberOf(t.rows) ?? numberOf(t.rows_examined_per_scan) ?? 0;
    const filtered = numberOf(t.filtered) ?? 100;
    const out = numberOf(t.rows_produced_per_join) ?? prefix * rows * (filtered / 100);
    if (!name && stringOf(t.message)) {
      return { node: { node: stringOf(t.message)!, rows: 0, cost: 0, warnings: [], children: [] }, out: 0 };
    }
    let nodeName = accessName(access);
    if (t.using_index === true && access !== 'ALL') nodeName = coveringName(nodeName);
    const buffer = joinBuffer ?? stringOf(t.using_join_buffer);
    if (buffer) nodeName = `${nodeName} + join buffer (${buffer})`;
    const node: PlanNode = { node: nodeName, rows, cost: this.tableCost(t, rows * prefix), warnings: [], children: [] };
    if (name) node.relation = name;
    const key = stringOf(t.key);
    if (key) node.index = key;
    const conditions = [stringOf(t.index_condition) ?? stringOf(t.index_condition_bka), stringOf(t.attached_condition)];
    if (conditions[0]) conditions[0] = `Index condition: ${conditions[0]}`;
    const filter = conditions.filter(Boolean).join('; ');
    if (filter) node.filter = filter;
    node.details = [`filtered: ${filtered}%`];
    if (Array.isArray(t.ref)) node.details.push(`ref: ${t.ref.join(', ')}`);
    measure(node, t, numberOf(t.r_rows));
    const r = numberOf(t.r_filtered);
    if (r !== undefined) node.details.push(`r_filtered: ${r}%`);
    const derived = isObject(t.materialized)
      ? t.materialized
      : isObject(t.materialized_from_subquery)
        ? t.materialized_from_subquery
        : undefined;
    if (derived && isObject(derived.query_block)) {
      const inner = this.block(derived.query_block);
      node.children.push({
        node: 'Materialize',
        rows: inner.out,
        cost: inner.node.cost,
        warnings: [],
        children: [inner.node],
      });
    }
    return { node, out };
  }

  private tableCost(t: Json, examined: number): number {
    const info = isObject(t.cost_info) ? t.cost_info : undefined;
    const prefixCost = numberOf(info?.prefix_cost);
    if (prefixCost !== undefined) {
      this.sawCost = true;
      this.sawPrefixCost = true;
      return prefixCost;
    }
    const own = numberOf(t.cost);
    if (own !== undefined) {
      this.sawCost = true;
      return own;
    }
    return examined;
  }

  private union(u: Json): Built {
    const specs = Array.isArray(u.query_specifications) ? u.query_specifications.filter(isObject) : [];
    const parts = specs.map((s) => this.block(isObject(s.query_block) ? s.query_block : s));
    const distinct = Boolean(stringOf(u.table_name)) || u.using_temporary_table === true;
    const out = parts.reduce((sum, p) => sum + p.out, 0);
    const node: PlanNode = {
      node: distinct ? 'Union (distinct)' : 'Union all',
      rows: out,
      cost: parts.reduce((sum, p) => sum + p.node.cost, 0),
      warnings: [],
      children: parts.map((p) => p.node),
    };
    return { node, out };
  }

  /** A subquery: executed once, or once per outer row when it depends on it. */
  private subquery(item: Json, outerRows: number): PlanNode | undefined {
    const cache = isObject(item.expression_cache) ? item.expression_cache : undefined;
    const holder = cache ?? (isObject(item.materialization) ? item.materialization : item);
    if (!isObject(holder.query_block)) return undefined;
    const inner = this.block(holder.query_block);
    const loops = numberOf(holder.query_block.r_loops);
    const dependent = item.dependent === true || cache !== undefined || (loops ?? 0) > 1;
    const executions = dependent ? Math.max(1, loops ?? outerRows) : 1;
    const node: PlanNode = {
      node: dependent ? 'Dependent subquery' : 'Subquery',
      rows: inner.out,
      cost: inner.node.cost * executions,
      warnings: [],
      children: [inner.node],
    };
    if (loops !== undefined) node.loops = loops;
    return node;
  }
}

/** MariaDB ANALYZE's measurements on a table or filesort: loops, rows per loop, time over all loops. */
function measure(node: PlanNode, obj: Json, actualRows: number | undefined): void {
  const loops = numberOf(obj.r_loops);
  if (loops !== undefined) node.loops = loops;
  if (actualRows !== undefined) node.actualRows = actualRows;
  const total = numberOf(obj.r_total_time_ms);
  const split = [numberOf(obj.r_table_time_ms), numberOf(obj.r_other_time_ms)].filter((t) => t !== undefined);
  if (total !== undefined) node.actualTimeMs = total;
  else if (split.length > 0) node.actualTimeMs = roundMs(split.reduce((a, b) => a + b, 0));
}
