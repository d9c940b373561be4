/**
 * MariaDB's EXPLAIN FORMAT=JSON (+ the optimizer trace of the same EXPLAIN) -> the contracts' PlanTree. Pure.
 *
 * What MariaDB 10.11 prints (checked on the server): `query_block` { select_id, table | nested_loop[],
 * filesort { sort_key, temporary_table | nested_loop | table }, temporary_table { nested_loop }, read_sorted_file,
 * window_functions_computation { sorts, temporary_table }, duplicates_removal, having_condition, subqueries[]
 * ({ query_block } or { expression_cache { query_block } }), union_result { table_name?, query_specifications[] } }.
 * A nested_loop item is { table } or { "block-nl-join": { table, join_type, attached_condition } }; a table carries
 * access_type, key, rows (estimated rows read per execution of this access), filtered (% kept by its condition),
 * attached_condition, index_condition, using_index, and `materialized` { unique?, query_block } for derived tables and
 * semi-join materialization. A table with only a `message` ("Impossible WHERE", "No tables used") ends the block.
 *
 * Costs: MariaDB 10.11 prints no cost in EXPLAIN (11.0 added `cost`; ANALYZE would run the statement). The cost the
 * optimizer chose is in the optimizer trace: `join_optimization` per select_id, `considered_execution_plans`
 * with cumulative `cost_for_plan` along the `best_join_order`. So:
 *  - a table's cost is the increase of cost_for_plan when it joins the plan (its access cost for all prefix rows);
 *  - a nested loop's / block's join cost is the cost_for_plan of the whole chosen order;
 *  - a block's cost adds its materialized derived tables and subqueries (a dependent subquery times the rows of its
 *    outer block); sorts and temporary tables add nothing (MariaDB 10.11 does not cost them in the join plan);
 *  - totalCost is the top block's cost (a UNION: the sum of its parts).
 * Without a trace (MYSQL_SANDBOX_URL on a server that hides it, or a trace cut at its memory limit) the cost is the
 * number of rows examined instead: per table, rows read per lookup times the rows of the plan prefix (the product of
 * rows * filtered / 100 of the tables before it), summed. Both are in the optimizer's own units, not milliseconds.
 * MySQL 8's `cost_info` (query_cost, prefix_cost) is used when present.
 *
 * Empty tables: a lookup of a constant on a primary / unique key is done while planning; on the empty sandbox tables it
 * finds nothing and EXPLAIN only says "Impossible WHERE noticed after reading const tables". The optimizer had chosen
 * its plan by then, so the block is rebuilt from the trace (const tables, best_join_order, chosen access methods) and
 * the node says so in its warnings.
 */
import type { Localized, PlanNode, PlanTree } from '@sqltune/contracts';

type Json = Record<string, unknown>;

const usingTemporary: Localized = { zh: '使用临时表', en: 'Using temporary' };

function filesort(rows: number): Localized {
  return { zh: `文件排序约 ${formatCount(rows)} 行`, en: `Filesort of about ${formatCount(rows)} rows` };
}

/** MariaDB counts range rows in the (empty) sandbox index, so such estimates are not the real table's. */
export const EMPTY_INDEX_RANGE: Localized = {
  zh: '范围估算读取自空的沙箱索引（MariaDB 按索引本身统计范围行数）：真实行数未知',
  en: 'Range estimate read from the empty sandbox index (MariaDB counts range rows in the index itself): the real row count is unknown',
};

export interface PlanConversionOptions {
  /** Row counts of tables (by table name), to tell large tables. */
  tableRows?: ReadonlyMap<string, number>;
  /** Alias -> table name, from the statement's FROM clauses. */
  aliases?: ReadonlyMap<string, string>;
  /** select_id -> select_type from the tabular EXPLAIN (DEPENDENT SUBQUERY, UNCACHEABLE SUBQUERY, ...). */
  selectTypes?: ReadonlyMap<number, string>;
  /** A table at least this big is "large" (default 10,000 rows). */
  largeTableRows?: number;
  /** A sort of at least this many rows gets a warning (default 1,000). */
  largeSortRows?: number;
}

/** One step of the chosen join order, from the trace. */
export interface TraceStep {
  table: string;
  /** Access method the optimizer chose: scan, ref, eq_ref, range, index_merge, const, ... */
  access?: string;
  index?: string;
  /** Rows read per lookup. */
  records?: number;
  /** Cumulative cost and rows of the plan up to this table. */
  costForPlan?: number;
  rowsForPlan?: number;
  constTable?: boolean;
}

export interface BlockTrace {
  selectId: number;
  order: string[];
  steps: TraceStep[];
  /** cost_for_plan of the whole chosen order. */
  cost?: number;
  rows?: number;
}

export interface TraceSummary {
  blocks: Map<number, BlockTrace>;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Collects every value under `key` anywhere in `value`. */
function collect(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) collect(v, key, out);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  }
  return out;
}

interface PlanEntry {
  prefix: string[];
  table: string;
  rowsForPlan?: number;
  costForPlan?: number;
  pruned: boolean;
  access?: { type?: string; index?: string; records?: number };
}

function chosenAccess(bestAccessPath: unknown): PlanEntry['access'] {
  if (!isObject(bestAccessPath)) return undefined;
  const chosen = isObject(bestAccessPath.chosen_access_method) ? bestAccessPath.chosen_access_method : undefined;
  if (!chosen) return undefined;
  const type = str(chosen.type);
  let index = str(chosen.index);
  if (!index && Array.isArray(bestAccessPath.considered_access_paths)) {
    const paths = bestAccessPath.considered_access_paths.filter(isObject);
    const match = paths.filter(
      (p) => p.chosen === true && (str(p.access_type) === type || str(p.type) === type) && str(p.index),
    );
    index = str(match[match.length - 1]?.index);
  }
  return { type, index, records: num(chosen.records) ?? num(chosen.rows) };
}

/** Flattens considered_execution_plans (a tree through rest_of_plan) into entries with their prefixes. */
function planEntries(plans: unknown, out: PlanEntry[], costs: Map<string, PlanEntry['access']>): void {
  if (!Array.isArray(plans)) return;
  for (const p of plans) {
    if (!isObject(p)) continue;
    const prefix = Array.isArray(p.plan_prefix) ? p.plan_prefix.map(String) : [];
    if (Array.isArray(p.get_costs_for_tables)) {
      for (const c of p.get_costs_for_tables) {
        if (!isObject(c) || !isObject(c.best_access_path)) continue;
        const table = str(c.best_access_path.table);
        if (table) costs.set(`${prefix.join('\u0001')}\u0002${table}`, chosenAccess(c.best_access_path));
      }
    }
    const table = str(p.table);
    if (table) {
      const access = isObject(p.best_access_path)
        ? chosenAccess(p.best_access_path)
        : costs.get(`${prefix.join('\u0001')}\u0002${table}`);
      out.push({
        prefix,
        table,
        rowsForPlan: num(p.rows_for_plan),
        costForPlan: num(p.cost_for_plan),
        pruned: p.pruned_by_cost === true || p.pruned_by_heuristic === true,
        access,
      });
    }
    planEntries(p.rest_of_plan, out, costs);
  }
}

/** Reads the optimizer trace of one EXPLAIN: per select_id, the chosen join order with costs. */
export function summarizeTrace(trace: unknown): TraceSummary | undefined {
  let value = trace;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!isObject(value)) return undefined;
  const blocks = new Map<number, BlockTrace>();
  for (const jo of collect(value, 'join_optimization')) {
    if (!isObject(jo)) continue;
    const selectId = num(jo.select_id);
    if (selectId === undefined || !Array.isArray(jo.steps)) continue;
    let order: string[] = [];
    const entries: PlanEntry[] = [];
    const costs = new Map<string, PlanEntry['access']>();
    const constTables = new Set<string>();
    const keyUses = new Map<string, { index: string; literal: boolean }>();
    for (const step of jo.steps) {
      if (!isObject(step)) continue;
      if (Array.isArray(step.best_join_order)) order = step.best_join_order.map(String);
      if (Array.isArray(step.considered_execution_plans)) planEntries(step.considered_execution_plans, entries, costs);
      if (Array.isArray(step.rows_estimation)) {
        for (const r of step.rows_estimation) {
          if (isObject(r) && (r.table_type === 'const' || r.table_type === 'system') && str(r.table))
            constTables.add(String(r.table));
        }
      }
      if (Array.isArray(step.ref_optimizer_key_uses)) {
        for (const u of step.ref_optimizer_key_uses) {
          if (!isObject(u) || !str(u.table) || !str(u.index)) continue;
          const equals = str(u.equals) ?? '';
          const literal = !/^[A-Za-z_`][\w`$]*\.[\w`$]+$/.test(equals);
          const known = keyUses.get(String(u.table));
          if (!known || (literal && !known.literal)) keyUses.set(String(u.table), { index: String(u.index), literal });
        }
      }
      if (isObject(step.constant_tables) || Array.isArray(step.constant_tables)) {
        for (const t of Array.isArray(step.constant_tables) ? step.constant_tables : []) constTables.add(String(t));
      }
    }
    if (order.length === 0) {
      // A block without a join search (one table or all const): use what there is.
      const tables = entries.map((e) => e.table);
      order = [...constTables, ...tables.filter((t, i) => tables.indexOf(t) === i && !constTables.has(t))];
    }
    const steps: TraceStep[] = [];
    let cost: number | undefined;
    let rows: number | undefined;
    order.forEach((table, k) => {
      const prefix = order.slice(0, k).join('\u0001');
      const matches = entries.filter((e) => e.table === table && e.prefix.join('\u0001') === prefix);
      const entry = matches.filter((e) => !e.pruned).pop() ?? matches.pop();
      if (constTables.has(table) && !entry) {
        steps.push({ table, access: 'const', index: keyUses.get(table)?.index, records: 1, constTable: true });
        return;
      }
      steps.push({
        table,
        access: entry?.access?.type,
        index: entry?.access?.index,
        records: entry?.access?.records,
        costForPlan: entry?.costForPlan,
        rowsForPlan: entry?.rowsForPlan,
      });
    });
    const last = steps[steps.length - 1];
    cost = last?.costForPlan;
    rows = last?.rowsForPlan;
    // The complete order may be pruned away in the tree (greedy search): fall back to the cheapest complete plan.
    if (cost === undefined && order.length > 0) {
      const complete = entries.filter((e) => e.prefix.length + 1 === order.length);
      const best = complete
        .filter((e) => e.costForPlan !== undefined)
        .sort((a, b) => (a.costForPlan ?? 0) - (b.costForPlan ?? 0))[0];
      cost = best?.costForPlan;
      rows = best?.rowsForPlan;
    }
    blocks.set(selectId, { selectId, order, steps, cost, rows });
  }
  return { blocks };
}

const ACCESS_NAMES: Record<string, string> = {
  ALL: 'Table scan',
  scan: 'Table scan',
  index: 'Full index scan',
  range: 'Range scan',
  ref: 'Index lookup (ref)',
  eq_ref: 'Unique index lookup (eq_ref)',
  const: 'Constant row (const)',
  system: 'System table (system)',
  ref_or_null: 'Index lookup (ref_or_null)',
  index_merge: 'Index merge',
  fulltext: 'Fulltext search',
  unique_subquery: 'Unique subquery lookup',
  index_subquery: 'Index subquery lookup',
};

function accessName(type: string | undefined): string {
  if (!type) return 'Table access';
  if (ACCESS_NAMES[type]) return ACCESS_NAMES[type];
  if (type.startsWith('hash_')) return `Hash join (${ACCESS_NAMES[type.slice(5)] ?? type.slice(5)})`;
  return `Table access (${type})`;
}

function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

interface Result {
  node: PlanNode;
  /** Rows this part produces (for the parent's arithmetic). */
  out: number;
  /** Cost of materializations inside a table node (already in node.cost, not in the trace's join cost). */
  materialized?: number;
}

class Converter {
  private readonly large: number;
  private readonly largeSort: number;

  constructor(
    private readonly trace: TraceSummary | undefined,
    private readonly options: PlanConversionOptions,
  ) {
    this.large = options.largeTableRows ?? 10_000;
    this.largeSort = options.largeSortRows ?? 1_000;
  }

  private tableName(alias: string): string {
    return this.options.aliases?.get(alias) ?? this.options.aliases?.get(alias.toLowerCase()) ?? alias;
  }

  private tableRows(alias: string): number | undefined {
    const name = this.tableName(alias);
    const rows = this.options.tableRows;
    if (!rows) return undefined;
    return rows.get(name) ?? [...rows.entries()].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  }

  /** A query_block: its operation tree plus subqueries; cost includes materializations and subqueries. */
  block(qb: Json): Result {
    if (isObject(qb.union_result)) return this.union(qb.union_result);
    const selectId = num(qb.select_id);
    const blockTrace = selectId !== undefined ? this.trace?.blocks.get(selectId) : undefined;
    const ctx: BlockContext = { selectId, trace: blockTrace, prefixRows: 1 };
    const core = this.operation(qb, ctx);
    // MySQL 8 prints the block's cost.
    const mysqlCost = isObject(qb.cost_info) ? num(qb.cost_info.query_cost) : undefined;
    if (mysqlCost !== undefined) core.node.cost = mysqlCost;
    else if (num(qb.cost) !== undefined) core.node.cost = num(qb.cost) as number;
    const having = str(qb.having_condition);
    if (having) core.node.filter = core.node.filter ? `${core.node.filter}; HAVING: ${having}` : `HAVING: ${having}`;
    return core;
  }

  private subquery(sq: unknown, outerRows: number): Result | undefined {
    if (!isObject(sq)) return undefined;
    let qb: Json | undefined;
    let cached = false;
    if (isObject(sq.query_block)) qb = sq.query_block;
    else if (isObject(sq.expression_cache) && isObject(sq.expression_cache.query_block)) {
      qb = sq.expression_cache.query_block;
      cached = true;
    } else if (isObject(sq.materialization) && isObject(sq.materialization.query_block))
      qb = sq.materialization.query_block;
    if (!qb) return undefined;
    const inner = this.block(qb);
    const selectId = num(qb.select_id);
    const selectType = selectId !== undefined ? this.options.selectTypes?.get(selectId) : undefined;
    const dependent = sq.dependent === true || /DEPENDENT|UNCACHEABLE/i.test(selectType ?? '');
    const executions = dependent ? Math.max(1, outerRows) : 1;
    const warnings: Localized[] = [];
    if (dependent && outerRows >= 2) {
      const times = formatCount(outerRows);
      warnings.push({
        zh: `相关子查询：外层每一行执行一次（约 ${times} 次${cached ? '，子查询缓存可减少次数' : ''}）`,
        en: `Dependent subquery: runs once per outer row (about ${times} times${cached ? ', fewer with the subquery cache' : ''})`,
      });
    }
    const name = dependent ? 'Dependent subquery' : 'Subquery';
    return {
      node: {
        node: cached ? `${name} (cached)` : name,
        rows: inner.out,
        cost: inner.node.cost * executions,
        warnings,
        children: [inner.node],
      },
      out: inner.out,
    };
  }

  private union(u: Json): Result {
    const specs = Array.isArray(u.query_specifications) ? u.query_specifications.filter(isObject) : [];
    const children: Result[] = specs.map((s) => (isObject(s.query_block) ? this.block(s.query_block) : this.block(s)));
    const operations = new Set(
      specs.map((s) => (isObject(s.query_block) ? str(s.query_block.operation) : undefined)).filter(Boolean),
    );
    let node = 'Union all';
    if (operations.has('INTERSECT')) node = 'Intersect';
    else if (operations.has('EXCEPT')) node = 'Except';
    else if (str(u.table_name) || u.access_type) node = 'Union (distinct)';
    if (children.length === 1 && node === 'Union all') node = 'Values';
    const out = children.reduce((s, c) => s + c.out, 0);
    const result: PlanNode = {
      node,
      rows: out,
      cost: children.reduce((s, c) => s + c.node.cost, 0),
      warnings: [],
      children: children.map((c) => c.node),
    };
    if (node === 'Union (distinct)' && out >= this.largeSort)
      result.warnings.push({
        zh: `UNION 在临时表中对约 ${formatCount(out)} 行去重`,
        en: `UNION removes duplicates from about ${formatCount(out)} rows in a temporary table`,
      });
    return { node: result, out };
  }

  /** The operation of `obj` with the subqueries it lists (they may sit at any level: block, temporary table, ...). */
  private operation(obj: Json, ctx: BlockContext): Result {
    const core = this.operationCore(obj, ctx);
    if (!Array.isArray(obj.subqueries)) return core;
    const children: PlanNode[] = [];
    let extra = 0;
    for (const sq of obj.subqueries) {
      const r = this.subquery(sq, Math.max(ctx.prefixRows, 1));
      if (!r) continue;
      children.push(r.node);
      extra += r.node.cost;
    }
    if (children.length === 0) return core;
    return {
      ...core,
      node: { ...core.node, cost: core.node.cost + extra, children: [...core.node.children, ...children] },
    };
  }

  /** The first operation found in `obj`: wrappers (filesort, temporary table, ...) or the join itself. */
  private operationCore(obj: Json, ctx: BlockContext): Result {
    if (isObject(obj.read_sorted_file)) return this.operation(obj.read_sorted_file, ctx);
    if (isObject(obj.filesort)) {
      const fs = obj.filesort;
      const inner = this.operation(fs, ctx);
      const warnings: Localized[] = [];
      if (inner.out >= this.largeSort) warnings.push(filesort(inner.out));
      const node: PlanNode = {
        node: 'Filesort',
        rows: inner.out,
        cost: inner.node.cost,
        warnings,
        children: [inner.node],
      };
      const key = str(fs.sort_key);
      if (key) node.filter = `sort key: ${key}`;
      return { node, out: inner.out };
    }
    if (isObject(obj.ordering_operation) || isObject(obj.grouping_operation)) {
      // MySQL 8.
      const op = (isObject(obj.ordering_operation) ? obj.ordering_operation : obj.grouping_operation) as Json;
      const inner = this.operation(op, ctx);
      const parts: string[] = [];
      if (op.using_temporary_table === true) parts.push('temporary');
      if (op.using_filesort === true) parts.push('filesort');
      if (parts.length === 0) return inner;
      const warnings: Localized[] = parts.includes('temporary') ? [usingTemporary] : [];
      if (parts.includes('filesort') && inner.out >= this.largeSort) warnings.push(filesort(inner.out));
      const name = isObject(obj.ordering_operation) ? 'Filesort' : 'Group (temporary table)';
      return {
        node: { node: name, rows: inner.out, cost: inner.node.cost, warnings, children: [inner.node] },
        out: inner.out,
      };
    }
    if (isObject(obj.window_functions_computation)) {
      const w = obj.window_functions_computation;
      const inner = this.operation(w, ctx);
      const sorts = Array.isArray(w.sorts)
        ? w.sorts
            .map((s) => (isObject(s) && isObject(s.filesort) ? str(s.filesort.sort_key) : undefined))
            .filter(Boolean)
        : [];
      const node: PlanNode = {
        node: 'Window functions',
        rows: inner.out,
        cost: inner.node.cost,
        warnings: [],
        children: [inner.node],
      };
      if (sorts.length > 0) node.filter = `sorts: ${sorts.join('; ')}`;
      if (sorts.length > 0 && inner.out >= this.largeSort)
        node.warnings.push({
          zh: `窗口函数排序约 ${formatCount(inner.out)} 行`,
          en: `Window functions sort about ${formatCount(inner.out)} rows`,
        });
      return { node, out: inner.out };
    }
    if (isObject(obj.temporary_table)) {
      const inner = this.operation(obj.temporary_table, ctx);
      const node: PlanNode = {
        node: 'Temporary table',
        rows: inner.out,
        cost: inner.node.cost,
        warnings: [usingTemporary],
        children: [inner.node],
      };
      return { node, out: inner.out };
    }
    if (Array.isArray(obj.duplicates_removal) || isObject(obj.duplicates_removal)) {
      const d = obj.duplicates_removal;
      const inner = Array.isArray(d) ? this.nestedLoop(d, ctx) : this.operation(d as Json, ctx);
      return {
        node: {
          node: 'Duplicate weedout',
          rows: inner.out,
          cost: inner.node.cost,
          warnings: [],
          children: [inner.node],
        },
        out: inner.out,
      };
    }
    if (Array.isArray(obj.nested_loop)) return this.nestedLoop(obj.nested_loop, ctx);
    if (isObject(obj.table)) return this.nestedLoop([{ table: obj.table }], ctx);
    if (isObject(obj.union_result)) return this.union(obj.union_result);
    if (isObject(obj.query_block)) return this.block(obj.query_block);
    return { node: { node: 'Result', rows: 1, cost: 0, warnings: [], children: [] }, out: 1 };
  }

  private nestedLoop(items: unknown[], ctx: BlockContext): Result {
    const nodes: Result[] = [];
    let rows = 1;
    let messageResult: Result | undefined;
    for (const item of items) {
      if (!isObject(item)) continue;
      let table: Json | undefined;
      let joinBuffer: Json | undefined;
      let rangeChecked = false;
      if (isObject(item.table)) table = item.table;
      else if (isObject(item['block-nl-join'])) {
        joinBuffer = item['block-nl-join'];
        table = isObject(joinBuffer.table) ? joinBuffer.table : undefined;
      } else if (isObject(item['range-checked-for-each-record'])) {
        rangeChecked = true;
        const r = item['range-checked-for-each-record'];
        table = isObject(r.table) ? r.table : undefined;
      } else if (Array.isArray(item.duplicates_removal) || isObject(item.duplicates_removal)) {
        const r = this.operation(item, ctx);
        nodes.push(r);
        rows *= Math.max(r.out, 0);
        continue;
      } else if (isObject(item.read_sorted_file) || isObject(item.filesort) || isObject(item.temporary_table)) {
        // The first table of a join sorted before joining: { read_sorted_file: { filesort: { table } } }.
        const r = this.operation(item, ctx);
        nodes.push(r);
        rows = r.out;
        continue;
      }
      if (!table) continue;
      if (typeof table.message === 'string' && table.table_name === undefined) {
        messageResult = this.message(String(table.message), ctx);
        break;
      }
      const r = this.table(table, ctx, joinBuffer, rangeChecked);
      nodes.push(r);
      rows = r.out;
    }
    if (messageResult) {
      if (nodes.length === 0) return messageResult;
      nodes.push(messageResult);
    }
    if (nodes.length === 1) return nodes[0];
    const materialized = nodes.reduce((s, n) => s + (n.materialized ?? 0), 0);
    const joinCost =
      (ctx.trace?.cost ?? nodes.reduce((s, n) => s + n.node.cost - (n.materialized ?? 0), 0)) + materialized;
    const out = Math.max(rows, 0);
    return {
      node: { node: 'Nested loop', rows: out, cost: joinCost, warnings: [], children: nodes.map((n) => n.node) },
      out,
    };
  }

  private traceStep(ctx: BlockContext, alias: string): { step?: TraceStep; previousCost: number } {
    const steps = ctx.trace?.steps ?? [];
    const k = steps.findIndex((s) => s.table === alias);
    if (k < 0) return { previousCost: 0 };
    let previousCost = 0;
    for (let i = k - 1; i >= 0; i--) {
      if (steps[i].costForPlan !== undefined) {
        previousCost = steps[i].costForPlan as number;
        break;
      }
    }
    return { step: steps[k], previousCost };
  }

  private table(t: Json, ctx: BlockContext, joinBuffer: Json | undefined, rangeChecked: boolean): Result {
    const alias = str(t.table_name) ?? '?';
    const access = str(t.access_type);
    const rows = num(t.rows) ?? num(t.rows_examined_per_scan) ?? 1;
    const filtered = num(t.filtered) ?? 100;
    const relation = this.tableName(alias);
    let name = accessName(access);
    if (t.using_index === true && access !== 'ALL')
      name = `${name.replace(/\)$/, ', covering)')}${name.endsWith(')') ? '' : ' (covering)'}`;
    if (joinBuffer) name = `${name} + join buffer (${str(joinBuffer.join_type) ?? 'BNL'})`;
    if (rangeChecked) name = `${name} (range checked for each record)`;
    const { step, previousCost } = this.traceStep(ctx, alias);
    const mysqlPrefix = isObject(t.cost_info) ? num(t.cost_info.prefix_cost) : undefined;
    let cost: number;
    if (mysqlPrefix !== undefined) cost = mysqlPrefix;
    else if (step?.costForPlan !== undefined) cost = Math.max(0, step.costForPlan - previousCost);
    else cost = rows * ctx.prefixRows;
    const produced = num(t.rows_produced_per_join);
    const out = produced ?? ctx.prefixRows * rows * (filtered / 100);
    ctx.prefixRows = Math.max(out, 0);

    const warnings: Localized[] = [];
    const tableRows = this.tableRows(alias);
    const big = (tableRows ?? rows) >= this.large;
    const condition = str(t.attached_condition) ?? (joinBuffer ? str(joinBuffer.attached_condition) : undefined);
    if ((access === 'ALL' || access === 'hash_ALL') && !alias.startsWith('<') && big) {
      const size = ` (about ${formatCount(tableRows ?? rows)} rows)`;
      const sizeZh = `（约 ${formatCount(tableRows ?? rows)} 行）`;
      warnings.push(
        condition
          ? {
              zh: `对大表 ${relation}${sizeZh} 全表扫描并判断 ${condition}：在过滤列上建索引可能有帮助`,
              en: `Full table scan on large table ${relation}${size} with condition ${condition}: an index on the filtered columns may help`,
            }
          : { zh: `对大表 ${relation}${sizeZh} 全表扫描`, en: `Full table scan on large table ${relation}${size}` },
      );
    }
    if (access === 'index' && !alias.startsWith('<') && big)
      warnings.push({
        zh: `对 ${relation} 全索引扫描（约 ${formatCount(rows)} 行）`,
        en: `Full index scan on ${relation} (about ${formatCount(rows)} rows)`,
      });
    if (joinBuffer && big)
      warnings.push({
        zh: `${relation} 使用连接缓冲（${str(joinBuffer.join_type) ?? 'BNL'}）：没有索引可用于连接条件`,
        en: `Join buffer (${str(joinBuffer.join_type) ?? 'BNL'}) on ${relation}: no index serves the join condition`,
      });
    if ((access === 'range' || access === 'index_merge') && rows <= 1 && (tableRows ?? 0) > 1) {
      warnings.push(EMPTY_INDEX_RANGE);
    }
    if (rangeChecked) {
      warnings.push({
        zh: `${relation} 逐行检查范围：规划时没有可用的索引`,
        en: `Range checked for each record on ${relation}: no index was usable when planning`,
      });
    }

    const node: PlanNode = { node: name, relation, rows, cost, warnings, children: [] };
    // The share of the rows read that the optimizer expects to pass the conditions (histograms, when given):
    // the index advisor's range estimate reads it (mariadb/what-if-estimate.ts).
    if (filtered < 100) node.details = [`filtered: ${filtered}%`];
    const key = str(t.key);
    if (key) node.index = key;
    const filters: string[] = [];
    const indexCondition = str(t.index_condition) ?? str(t.index_condition_bka);
    if (indexCondition) filters.push(`Index condition: ${indexCondition}`);
    if (condition) filters.push(condition);
    if (filters.length === 1) node.filter = indexCondition ? filters[0] : condition;
    else if (filters.length > 1) node.filter = filters.join('; ');

    if (isObject(t.materialized) && isObject(t.materialized.query_block)) {
      const inner = this.block(t.materialized.query_block);
      const label = t.materialized.unique ? 'Materialize (semi-join)' : 'Materialize';
      node.children.push({ node: label, rows: inner.out, cost: inner.node.cost, warnings: [], children: [inner.node] });
      node.cost += inner.node.cost;
      return { node, out, materialized: inner.node.cost };
    }
    return { node, out };
  }

  /** A block that ended with a message; for const-table lookups on empty tables, rebuilt from the trace. */
  private message(message: string, ctx: BlockContext): Result {
    if (/const table/i.test(message) && ctx.trace && ctx.trace.steps.length > 0) {
      const note: Localized = {
        zh: `根据优化器跟踪重建：沙箱表为空（常量查找没有找到行），EXPLAIN 只返回了 "${message}"`,
        en: `Rebuilt from the optimizer trace: EXPLAIN said "${message}" because the sandbox tables are empty (the constant lookup found no row)`,
      };
      const nodes: PlanNode[] = [];
      let previous = 0;
      let prefix = 1;
      for (const s of ctx.trace.steps) {
        const records = s.records ?? 1;
        const cost =
          s.costForPlan !== undefined ? Math.max(0, s.costForPlan - previous) : s.constTable ? 1 : records * prefix;
        if (s.costForPlan !== undefined) previous = s.costForPlan;
        prefix = s.rowsForPlan ?? prefix * records;
        const access = s.constTable ? 'const' : s.access === 'scan' ? 'ALL' : s.access;
        const node: PlanNode = {
          node: accessName(access),
          relation: this.tableName(s.table),
          rows: records,
          cost,
          warnings: [],
          children: [],
        };
        if (s.index) node.index = s.index;
        nodes.push(node);
      }
      const total = ctx.trace.cost ?? nodes.reduce((sum, n) => sum + n.cost, 0);
      if (nodes.length === 1) {
        nodes[0].warnings.push(note);
        return { node: nodes[0], out: 1 };
      }
      return {
        node: { node: 'Nested loop', rows: prefix, cost: total, warnings: [note], children: nodes },
        out: prefix,
      };
    }
    const impossible = /impossible|no matching/i.test(message);
    const warnings: Localized[] = [];
    if (/no matching min\/max row/i.test(message)) {
      warnings.push({
        zh: 'MIN/MAX 在规划时直接从索引读取（有数据时 MariaDB 会报告 "Select tables optimized away"）',
        en: 'MIN/MAX read from the index while planning (with data MariaDB reports "Select tables optimized away")',
      });
    } else if (/impossible where|impossible having/i.test(message)) {
      warnings.push({ zh: `${message}：该语句不返回任何行`, en: `${message}: the statement returns no rows` });
    }
    return {
      node: { node: message, rows: impossible ? 0 : 1, cost: 0, warnings, children: [] },
      out: impossible ? 0 : 1,
    };
  }
}

interface BlockContext {
  selectId?: number;
  trace?: BlockTrace;
  /** Rows produced by the tables joined so far in this block. */
  prefixRows: number;
}

/** Accepts the JSON text, the parsed object, or a result row { EXPLAIN: text }. */
function rootOf(explain: unknown): Json {
  let value = explain;
  if (typeof value === 'string') value = JSON.parse(value);
  if (Array.isArray(value)) value = value[0];
  if (isObject(value) && typeof value.EXPLAIN === 'string') return rootOf(value.EXPLAIN);
  if (!isObject(value) || !isObject(value.query_block)) throw new Error('not an EXPLAIN FORMAT=JSON plan');
  return value.query_block;
}

/**
 * Converts MariaDB's EXPLAIN FORMAT=JSON to a PlanTree. `trace` is the optimizer trace of the same EXPLAIN
 * (information_schema.OPTIMIZER_TRACE.TRACE) or undefined; `raw` is the text shown to users (the tabular EXPLAIN).
 */
export function planTreeFromMariaDbJson(
  explain: unknown,
  trace: unknown,
  raw: string,
  options: PlanConversionOptions = {},
): PlanTree {
  const qb = rootOf(explain);
  const summary = trace === undefined || trace === null ? undefined : summarizeTrace(trace);
  const converter = new Converter(summary, options);
  const { node } = converter.block(qb);
  roundRows(node);
  const tree: PlanTree = { root: node, totalCost: node.cost, raw };
  if (someNode(node, (n) => n.warnings.includes(EMPTY_INDEX_RANGE))) tree.caveat = EMPTY_INDEX_RANGE;
  return tree;
}

function someNode(node: PlanNode, test: (n: PlanNode) => boolean): boolean {
  return test(node) || node.children.some((c) => someNode(c, test));
}

/** Row estimates as whole rows (a product of selectivities is fractional); a positive estimate stays >= 1. */
function roundRows(node: PlanNode): void {
  node.rows = node.rows > 0 ? Math.max(1, Math.round(node.rows)) : 0;
  for (const child of node.children) roundRows(child);
}

/** The tabular EXPLAIN rows as the mysql client prints them. */
export function explainTable(rows: Array<Record<string, unknown>>, columns?: string[]): string {
  if (rows.length === 0) return '';
  const names = columns ?? Object.keys(rows[0]);
  const cell = (v: unknown) => (v === null || v === undefined ? 'NULL' : String(v));
  const widths = names.map((n) => Math.max(n.length, ...rows.map((r) => cell(r[n]).length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const row = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [line, row(names), line, ...rows.map((r) => row(names.map((n) => cell(r[n])))), line].join('\n');
}
