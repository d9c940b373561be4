/**
 * MySQL/MariaDB EXPLAIN FORMAT=JSON and MariaDB ANALYZE FORMAT=JSON -> PlanTree: the one reading of that format, for
 * plans users paste and for the optimizer's own (packages/planner/src/mariadb/plan-json.ts layers the optimizer
 * trace's costs, the user's table names and its warnings on top, through `MysqlPlanLayer`).
 *
 * Both start at `query_block` and nest operations the same way (`nested_loop` of `table`s, derived tables'
 * `materialized` blocks, `subqueries`, `union_result` with `query_specifications`); they differ in detail:
 *  - MariaDB: table `rows` (read per lookup) and `filtered`; sorts and temporary tables as wrappers
 *    (`filesort` { temporary_table { nested_loop } }, `read_sorted_file`); a join buffer as a `block-nl-join` item that
 *    holds the table and its `attached_condition`; no costs in 10.x (11.x adds `cost`); ANALYZE adds `r_loops`,
 *    `r_rows` (per loop), `r_filtered`, `r_total_time_ms` or `r_table_time_ms` + `r_other_time_ms`, and
 *    `expression_cache` around dependent subqueries.
 *  - MySQL 8: table `rows_examined_per_scan`, `rows_produced_per_join`, `filtered` as a string, `cost_info`
 *    { read_cost, eval_cost, prefix_cost } and `query_block.cost_info.query_cost`; sorts and temporary tables as
 *    flags (`ordering_operation` { using_filesort, using_temporary_table }, `grouping_operation`);
 *    `materialized_from_subquery`; subqueries in `attached_subqueries`, `select_list_subqueries`, ...
 * The tables of a nested loop become a left-deep chain of "Nested loop" nodes, as in the tabular reader, or one node
 * over all of them (`flatJoins`), as MariaDB prints them. A node's cost covers its subtree: a table's includes the
 * derived table or semi-join it materializes. Without costs (and without a layer that knows them), a table's cost is
 * the rows it is expected to examine.
 */
import type { PlanNode, PlanTree } from '@sqltune/contracts';
import { accessName, coveringName } from './mysql-names.ts';
import { NO_COSTS } from './mysql-table.ts';
import { isObject, type Json, numberOf, roundEstimates, roundMs, roundRows, stringOf } from './numbers.ts';

export function isMysqlJsonPlan(json: unknown): json is Json {
  return isObject(json) && isObject(json.query_block);
}

/** A pasted plan: its tree with rows and costs rounded for display, its format and, under ANALYZE, its time. */
export function readMysqlJson(json: Json, raw: string): PlanTree {
  const reader = new JsonReader({});
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

/** A node built from the plan, with the rows it produces (for its parent's arithmetic). */
export interface MysqlBuilt {
  node: PlanNode;
  out: number;
}

/**
 * Where a node came from, for a layer's `annotate`: the JSON object it was read from and what the reader found there.
 * `table`: the table object (`joinBuffer` its join buffer's type, `rangeChecked` when MariaDB checks a range per
 * record); `subquery`: the list item (`cached` under MariaDB's expression cache, `outerRows` the rows of the block
 * it runs for); `materialize`: the `materialized` object of a table; `temporary table`, `filesort`, `window`, `union`
 * and `message` the object or text itself.
 */
export type MysqlNodeSource =
  | { kind: 'table'; json: Json; joinBuffer?: string; rangeChecked: boolean }
  | { kind: 'subquery'; json: Json; dependent: boolean; cached: boolean; outerRows: number }
  | { kind: 'materialize' | 'temporary table' | 'filesort' | 'window' | 'union'; json: Json }
  | { kind: 'message'; message: string };

/** What a reader of its own plans knows beyond the JSON (packages/planner: the optimizer trace, the tabular EXPLAIN). */
export interface MysqlPlanLayer {
  /** The name of the table behind an alias (the report names tables, the plan their aliases). */
  relation?(alias: string): string;
  /** Whether the subquery `selectId` runs once per outer row; undefined: decide from the JSON. */
  dependent?(selectId: number): boolean | undefined;
  /** The cost of joining table `alias` in block `selectId` when the JSON prints none. */
  tableCost?(selectId: number | undefined, alias: string): number | undefined;
  /** The cost of the whole join of block `selectId` when the JSON prints none. */
  joinCost?(selectId: number | undefined): number | undefined;
  /** Another reading of a block that ended with `message` ("Impossible WHERE ...") instead of its tables. */
  messageBlock?(message: string, selectId: number | undefined): MysqlBuilt | undefined;
  /** Called once for each node read, with where it came from: to add warnings or a more specific name. */
  annotate?(node: PlanNode, source: MysqlNodeSource): void;
}

export interface MysqlJsonOptions {
  /** One "Nested loop" node over all the tables of a `nested_loop` (default: a left-deep chain of two-input joins). */
  readonly flatJoins?: boolean;
  /**
   * Keep each table's details (`filtered`, `ref`, ANALYZE's `r_filtered`; default true). The optimizer's own plans
   * keep only a filtered share below 100 %, which the index advisor reads: their raw text beside the tree shows the rest.
   */
  readonly details?: boolean;
  readonly layer?: MysqlPlanLayer;
}

/** One `query_block` of EXPLAIN FORMAT=JSON and everything under it as the report's PlanNode (rows rounded). */
export function mysqlPlanNode(queryBlock: Json, options: MysqlJsonOptions = {}): PlanNode {
  return roundRows(new JsonReader(options).block(queryBlock).node);
}

interface Built extends MysqlBuilt {
  /** Cost of materializations inside a table node: in its cost, not in the join cost the optimizer prints. */
  materialized?: number;
  /**
   * ANALYZE: the rows a table passed on in all its loops (r_loops x r_rows x r_filtered), which a join ending in it
   * outputs, measured.
   */
  measuredOut?: number;
}

/** The block being read: its select_id, for the layer's per-block answers. */
interface Block {
  selectId?: number;
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
  private readonly layer: MysqlPlanLayer;

  constructor(private readonly options: MysqlJsonOptions) {
    this.layer = options.layer ?? {};
  }

  block(qb: Json): Built {
    const block: Block = { selectId: numberOf(qb.select_id) };
    const inner = this.operation(qb, block, 1);
    const cost = numberOf(isObject(qb.cost_info) ? qb.cost_info.query_cost : undefined) ?? numberOf(qb.cost);
    if (cost !== undefined) {
      this.sawCost = true;
      inner.node.cost = cost;
    }
    const having = stringOf(qb.having_condition);
    if (having) inner.node.filter = inner.node.filter ? `${inner.node.filter}; HAVING: ${having}` : `HAVING: ${having}`;
    return inner;
  }

  private annotated(node: PlanNode, source: MysqlNodeSource): PlanNode {
    this.layer.annotate?.(node, source);
    return node;
  }

  /** The operation in `obj` (a wrapper, a join or a table) with the subqueries listed at its level. */
  private operation(obj: Json, block: Block, prefix: number): Built {
    const core = this.core(obj, block, prefix) ?? this.emptyBlock(obj, block);
    for (const key of SUBQUERY_KEYS) {
      const list = obj[key];
      if (!Array.isArray(list)) continue;
      for (const item of list.filter(isObject)) {
        const sub = this.subquery(item, Math.max(core.out, 1));
        if (!sub) continue;
        core.node.children.push(sub);
        core.node.cost += sub.cost;
      }
    }
    return core;
  }

  /** The operation `obj` holds, or undefined when it holds none this reader knows. */
  private core(obj: Json, block: Block, prefix: number): Built | undefined {
    if (isObject(obj.read_sorted_file)) return this.operation(obj.read_sorted_file, block, prefix);
    if (isObject(obj.filesort)) return this.filesort(obj.filesort, block, prefix);
    if (isObject(obj.ordering_operation)) {
      return this.flagged(obj.ordering_operation, block, prefix, 'Temporary table');
    }
    if (isObject(obj.grouping_operation)) {
      return this.flagged(obj.grouping_operation, block, prefix, 'Group (temporary table)');
    }
    if (isObject(obj.duplicates_removal)) {
      return this.wrap('Duplicate weedout', this.operation(obj.duplicates_removal, block, prefix));
    }
    if (Array.isArray(obj.duplicates_removal)) {
      return this.wrap('Duplicate weedout', this.nestedLoop(obj.duplicates_removal, block, prefix));
    }
    if (isObject(obj.window_functions_computation)) return this.window(obj.window_functions_computation, block, prefix);
    if (isObject(obj.windowing)) return this.wrap('Window functions', this.operation(obj.windowing, block, prefix));
    if (isObject(obj.temporary_table)) {
      const temporary = this.wrap('Temporary table', this.operation(obj.temporary_table, block, prefix));
      this.annotated(temporary.node, { kind: 'temporary table', json: obj.temporary_table });
      return temporary;
    }
    if (Array.isArray(obj.nested_loop)) return this.nestedLoop(obj.nested_loop, block, prefix);
    if (isObject(obj.table)) return this.nestedLoop([{ table: obj.table }], block, prefix);
    if (isObject(obj.union_result)) return this.union(obj.union_result);
    if (isObject(obj.query_block)) return this.block(obj.query_block);
    return undefined;
  }

  /** A block with no operation: MySQL 8's `message` ("No tables used"), or nothing to show but its result. */
  private emptyBlock(obj: Json, block: Block): Built {
    const message = stringOf(obj.message);
    if (message) return this.message(message, block);
    return { node: { node: 'Result', rows: 1, cost: 0, warnings: [], children: [] }, out: 1 };
  }

  private filesort(fs: Json, block: Block, prefix: number): Built {
    const sorted = this.wrap('Filesort', this.operation(fs, block, prefix));
    const key = stringOf(fs.sort_key);
    if (key) sorted.node.filter = `sort key: ${key}`;
    // Under a LIMIT the sort outputs only the first rows (r_limit): not comparable with the estimate.
    measure(sorted.node, fs, fs.r_limit === undefined ? numberOf(fs.r_output_rows) : undefined);
    this.annotated(sorted.node, { kind: 'filesort', json: fs });
    return sorted;
  }

  /** MySQL 8's ordering/grouping operations say with flags whether they use a temporary table and sort. */
  private flagged(op: Json, block: Block, prefix: number, temporaryName: string): Built {
    let result = this.operation(op, block, prefix);
    if (op.using_temporary_table === true) {
      result = this.wrap(temporaryName, result);
      this.annotated(result.node, { kind: 'temporary table', json: op });
    }
    if (op.using_filesort === true) {
      result = this.wrap('Filesort', result);
      this.annotated(result.node, { kind: 'filesort', json: op });
    }
    return result;
  }

  /** MariaDB's window functions, with the sorts they need (`sorts` [{ filesort: { sort_key } }]). */
  private window(w: Json, block: Block, prefix: number): Built {
    const windowed = this.wrap('Window functions', this.operation(w, block, prefix));
    const sorts = (Array.isArray(w.sorts) ? w.sorts : [])
      .map((s) => (isObject(s) && isObject(s.filesort) ? stringOf(s.filesort.sort_key) : undefined))
      .filter(Boolean);
    if (sorts.length > 0) windowed.node.filter = `sorts: ${sorts.join('; ')}`;
    this.annotated(windowed.node, { kind: 'window', json: w });
    return windowed;
  }

  private wrap(name: string, inner: Built): Built {
    return {
      node: { node: name, rows: inner.out, cost: inner.node.cost, warnings: [], children: [inner.node] },
      out: inner.out,
    };
  }

  /** The items of a `nested_loop` joined in their order; a `message` item ends the join ("Impossible WHERE"). */
  private nestedLoop(items: unknown[], block: Block, start: number): Built {
    const parts: Built[] = [];
    let prefix = start;
    for (const item of items.filter(isObject)) {
      const table = tableOf(item);
      if (table && stringOf(table.json.message) !== undefined && table.json.table_name === undefined) {
        const message = this.message(String(table.json.message), block);
        // The message stands for the rest of the join, whose rows it does not change.
        parts.push({ ...message, out: parts.length > 0 ? prefix : message.out });
        break;
      }
      const next = table
        ? this.table(table.json, block, prefix, table.joinBuffer, table.rangeChecked)
        : JOINED_OPERATIONS.some((key) => item[key] !== undefined)
          ? this.operation(item, block, prefix)
          : undefined;
      if (!next) continue;
      parts.push(next);
      prefix = next.out;
    }
    if (parts.length === 0) return this.emptyBlock({}, block);
    if (parts.length === 1) return parts[0]!;
    return this.options.flatJoins ? this.flatJoin(parts, block) : this.leftDeepJoin(parts, block);
  }

  private flatJoin(parts: Built[], block: Block): Built {
    const materialized = sum(parts.map((p) => p.materialized ?? 0));
    const out = Math.max(parts.at(-1)!.out, 0);
    const node: PlanNode = {
      node: 'Nested loop',
      rows: out,
      cost: (this.layer.joinCost?.(block.selectId) ?? this.joinCost(parts)) + materialized,
      warnings: [],
      children: parts.map((p) => p.node),
    };
    measureJoin(node, parts[0]!, parts.at(-1)!);
    return { node, out };
  }

  private leftDeepJoin(parts: Built[], block: Block): Built {
    let joined = parts[0]!;
    for (const inner of parts.slice(1)) {
      const pair = [joined, inner];
      const materialized = sum(pair.map((p) => p.materialized ?? 0));
      const node: PlanNode = {
        node: 'Nested loop',
        rows: inner.out,
        cost: this.joinCost(pair) + materialized,
        warnings: [],
        children: [joined.node, inner.node],
      };
      measureJoin(node, parts[0]!, inner);
      joined = { node, out: inner.out, materialized, measuredOut: inner.measuredOut };
    }
    const whole = this.layer.joinCost?.(block.selectId);
    if (whole !== undefined) joined.node.cost = whole + (joined.materialized ?? 0);
    return joined;
  }

  /** The join's own cost, without the materializations its tables hold. */
  private joinCost(parts: Built[]): number {
    const own = parts.map((p) => p.node.cost - (p.materialized ?? 0));
    return this.sawPrefixCost ? own.at(-1)! : sum(own);
  }

  private table(t: Json, block: Block, prefix: number, joinBuffer: string | undefined, rangeChecked: boolean): Built {
    const alias = stringOf(t.table_name);
    const access = stringOf(t.access_type);
    const rows = numberOf(t.rows) ?? numberOf(t.rows_examined_per_scan) ?? 1;
    const filtered = numberOf(t.filtered) ?? 100;
    const out = numberOf(t.rows_produced_per_join) ?? prefix * rows * (filtered / 100);
    let nodeName = accessName(access);
    if (t.using_index === true && access !== 'ALL') nodeName = coveringName(nodeName);
    const buffer = joinBuffer ?? stringOf(t.using_join_buffer);
    if (buffer) nodeName = `${nodeName} + join buffer (${buffer})`;
    const cost = this.tableCost(t, block, alias, rows * prefix);
    const node: PlanNode = { node: nodeName, rows, cost, warnings: [], children: [] };
    if (alias) node.relation = this.layer.relation?.(alias) ?? alias;
    const key = stringOf(t.key);
    if (key) node.index = key;
    const conditions = [stringOf(t.index_condition) ?? stringOf(t.index_condition_bka), stringOf(t.attached_condition)];
    if (conditions[0]) conditions[0] = `Index condition: ${conditions[0]}`;
    const filter = conditions.filter(Boolean).join('; ');
    if (filter) node.filter = filter;
    const details = this.tableDetails(t, filtered);
    if (details.length > 0) node.details = details;
    measure(node, t, numberOf(t.r_rows));
    this.annotated(node, { kind: 'table', json: t, joinBuffer: buffer, rangeChecked });
    const [loops, measuredRows, passed] = [numberOf(t.r_loops), numberOf(t.r_rows), numberOf(t.r_filtered)];
    const measuredOut =
      loops !== undefined && measuredRows !== undefined && passed !== undefined
        ? (loops * measuredRows * passed) / 100
        : undefined;
    const materialized = this.materialized(t);
    if (!materialized) return { node, out, measuredOut };
    node.children.push(materialized);
    node.cost += materialized.cost;
    return { node, out, materialized: materialized.cost, measuredOut };
  }

  private tableDetails(t: Json, filtered: number): string[] {
    if (this.options.details === false) return filtered < 100 ? [`filtered: ${filtered}%`] : [];
    const details = [`filtered: ${filtered}%`];
    if (Array.isArray(t.ref)) details.push(`ref: ${t.ref.join(', ')}`);
    const measured = numberOf(t.r_filtered);
    if (measured !== undefined) details.push(`r_filtered: ${measured}%`);
    return details;
  }

  /** The derived table or semi-join a table reads, materialized first. */
  private materialized(t: Json): PlanNode | undefined {
    const derived = isObject(t.materialized)
      ? t.materialized
      : isObject(t.materialized_from_subquery)
        ? t.materialized_from_subquery
        : undefined;
    if (!derived || !isObject(derived.query_block)) return undefined;
    const inner = this.block(derived.query_block);
    const node: PlanNode = { node: 'Materialize', rows: inner.out, cost: inner.node.cost, warnings: [], children: [] };
    node.children.push(inner.node);
    return this.annotated(node, { kind: 'materialize', json: derived });
  }

  /** MySQL's cumulative prefix_cost, what the layer knows, MariaDB 11's own cost, or else the rows examined. */
  private tableCost(t: Json, block: Block, alias: string | undefined, examined: number): number {
    const info = isObject(t.cost_info) ? t.cost_info : undefined;
    const prefixCost = numberOf(info?.prefix_cost);
    if (prefixCost !== undefined) {
      this.sawCost = true;
      this.sawPrefixCost = true;
      return prefixCost;
    }
    const known = alias === undefined ? undefined : this.layer.tableCost?.(block.selectId, alias);
    if (known !== undefined) return known;
    const own = numberOf(t.cost);
    if (own !== undefined) {
      this.sawCost = true;
      return own;
    }
    return examined;
  }

  /** A block that ended with a message instead of its tables: the layer's reading of it, or the message itself. */
  private message(message: string, block: Block): Built {
    const other = this.layer.messageBlock?.(message, block.selectId);
    if (other) return other;
    const rows = /impossible|no matching/i.test(message) ? 0 : 1;
    const node = this.annotated(
      { node: message, rows, cost: 0, warnings: [], children: [] },
      { kind: 'message', message },
    );
    return { node, out: rows };
  }

  private union(u: Json): Built {
    const specs = Array.isArray(u.query_specifications) ? u.query_specifications.filter(isObject) : [];
    const parts = specs.map((s) => this.block(isObject(s.query_block) ? s.query_block : s));
    const operations = new Set(specs.map((s) => (isObject(s.query_block) ? stringOf(s.query_block.operation) : '')));
    let name = 'Union all';
    if (operations.has('INTERSECT')) name = 'Intersect';
    else if (operations.has('EXCEPT')) name = 'Except';
    else if (stringOf(u.table_name) || u.access_type || u.using_temporary_table === true) name = 'Union (distinct)';
    // MariaDB prints a VALUES list as a union of one part.
    if (parts.length === 1 && name === 'Union all') name = 'Values';
    const out = sum(parts.map((p) => p.out));
    const node: PlanNode = {
      node: name,
      rows: out,
      cost: sum(parts.map((p) => p.node.cost)),
      warnings: [],
      children: parts.map((p) => p.node),
    };
    return { node: this.annotated(node, { kind: 'union', json: u }), out };
  }

  /** A subquery: executed once, or once per outer row when it depends on it. */
  private subquery(item: Json, outerRows: number): PlanNode | undefined {
    const cache = isObject(item.expression_cache) ? item.expression_cache : undefined;
    const holder = cache ?? (isObject(item.materialization) ? item.materialization : item);
    if (!isObject(holder.query_block)) return undefined;
    const inner = this.block(holder.query_block);
    const loops = numberOf(holder.query_block.r_loops);
    const selectId = numberOf(holder.query_block.select_id);
    const known = selectId === undefined ? undefined : this.layer.dependent?.(selectId);
    const dependent = item.dependent === true || (known ?? (cache !== undefined || (loops ?? 0) > 1));
    const executions = dependent ? Math.max(1, loops ?? outerRows) : 1;
    const node: PlanNode = {
      node: dependent ? 'Dependent subquery' : 'Subquery',
      rows: inner.out,
      cost: inner.node.cost * executions,
      warnings: [],
      children: [inner.node],
    };
    if (loops !== undefined) node.loops = loops;
    return this.annotated(node, { kind: 'subquery', json: item, dependent, cached: cache !== undefined, outerRows });
  }
}

/** Items of a nested loop read as operations of their own (a sorted first table, a weedout of duplicates). */
const JOINED_OPERATIONS = ['duplicates_removal', 'read_sorted_file', 'filesort', 'temporary_table'];

/** The table a nested_loop item joins: plainly, through a join buffer, or with a range checked per record. */
function tableOf(item: Json): { json: Json; joinBuffer?: string; rangeChecked: boolean } | undefined {
  if (isObject(item.table)) return { json: item.table, rangeChecked: false };
  const buffered = item['block-nl-join'];
  if (isObject(buffered) && isObject(buffered.table)) {
    // MariaDB prints the condition the buffer checks beside the table, not in it.
    const condition = stringOf(buffered.table.attached_condition) ?? stringOf(buffered.attached_condition);
    const json = condition === undefined ? buffered.table : { ...buffered.table, attached_condition: condition };
    return { json, joinBuffer: stringOf(buffered.join_type) ?? 'BNL', rangeChecked: false };
  }
  const checked = item['range-checked-for-each-record'];
  if (isObject(checked) && isObject(checked.table)) return { json: checked.table, rangeChecked: true };
  return undefined;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** MariaDB ANALYZE's measurements on a table or filesort: loops, rows per loop, time over all loops. */
/**
 * ANALYZE: a join's measured output, the rows its last table passed on, per loop of its first table (MariaDB gives a
 * join no r_ figures of its own: without this, findings on the join and above it quoted the estimate).
 */
function measureJoin(node: PlanNode, first: Built, last: Built): void {
  if (last.measuredOut === undefined) return;
  const loops = first.node.loops && first.node.loops > 0 ? first.node.loops : 1;
  node.loops = loops;
  node.actualRows = last.measuredOut / loops;
}

function measure(node: PlanNode, obj: Json, actualRows: number | undefined): void {
  const loops = numberOf(obj.r_loops);
  if (loops !== undefined) node.loops = loops;
  if (actualRows !== undefined) node.actualRows = actualRows;
  const total = numberOf(obj.r_total_time_ms);
  const split = [numberOf(obj.r_table_time_ms), numberOf(obj.r_other_time_ms)].filter((t) => t !== undefined);
  if (total !== undefined) node.actualTimeMs = total;
  else if (split.length > 0) node.actualTimeMs = roundMs(split.reduce((a, b) => a + b, 0));
}
