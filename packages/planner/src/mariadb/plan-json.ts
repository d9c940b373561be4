/**
 * MariaDB's EXPLAIN FORMAT=JSON (+ the optimizer trace of the same EXPLAIN) -> the contracts' PlanTree. Pure.
 *
 * The nodes are read by the engine's one MySQL/MariaDB JSON reader (`mysqlPlanNode`: operations, tables, joins as
 * MariaDB prints them, one nested loop over all their tables; rows, conditions, costs the JSON prints). This module
 * layers on it what only the sandbox knows (`SandboxLayer`): the costs of the optimizer trace, the user's table names
 * behind the aliases, the tabular EXPLAIN's dependent subqueries, the plan of a block the empty tables reduced to a
 * message, and the warnings and more specific names of its nodes.
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
import {
  accessName,
  formatCount,
  formatRows,
  type MysqlBuilt,
  type MysqlNodeSource,
  type MysqlPlanLayer,
  mysqlPlanNode,
} from '@sqltune/engine';

type Json = Record<string, unknown>;

const usingTemporary: Localized = { zh: '使用临时表', en: 'Using temporary' };

/**
 * A sort of a temporary table sorts what the table holds: after a GROUP BY its groups, which MariaDB does not estimate
 * (it carries the rows that went in), so the note says whose figure it is.
 */
function filesort(rows: number, ofTemporaryTable: boolean): Localized {
  if (!ofTemporaryTable)
    return { zh: `文件排序约 ${formatCount(rows)} 行`, en: `Filesort of about ${formatRows(rows)}` };
  return {
    zh: `对临时表文件排序：MariaDB 估算约 ${formatCount(rows)} 行（先分组时，实际为分组数，可能少得多）`,
    en: `Filesort of a temporary table of about ${formatRows(rows)} by MariaDB's estimate (after a GROUP BY it holds the groups, possibly far fewer)`,
  };
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

/**
 * What the sandbox knows beyond the JSON, layered on the engine's reading: the trace's costs, the tables behind the
 * aliases and their sizes, which subqueries depend on their outer row (the tabular EXPLAIN's select_type), a plan for
 * blocks the empty tables reduced to a message, and the warnings the report shows on the nodes.
 */
class SandboxLayer implements MysqlPlanLayer {
  private readonly large: number;
  private readonly largeSort: number;

  constructor(
    private readonly trace: TraceSummary | undefined,
    private readonly options: PlanConversionOptions,
  ) {
    this.large = options.largeTableRows ?? 10_000;
    this.largeSort = options.largeSortRows ?? 1_000;
  }

  relation(alias: string): string {
    return this.options.aliases?.get(alias) ?? this.options.aliases?.get(alias.toLowerCase()) ?? alias;
  }

  dependent(selectId: number): boolean | undefined {
    const selectType = this.options.selectTypes?.get(selectId);
    return selectType === undefined ? undefined : /DEPENDENT|UNCACHEABLE/i.test(selectType);
  }

  /** The increase of the trace's cumulative cost_for_plan when the table joins the plan. */
  tableCost(selectId: number | undefined, alias: string): number | undefined {
    const steps = this.blockTrace(selectId)?.steps ?? [];
    const k = steps.findIndex((s) => s.table === alias);
    const cost = steps[k]?.costForPlan;
    if (cost === undefined) return undefined;
    const previous = steps
      .slice(0, k)
      .map((s) => s.costForPlan)
      .filter((c) => c !== undefined)
      .at(-1);
    return Math.max(0, cost - (previous ?? 0));
  }

  joinCost(selectId: number | undefined): number | undefined {
    return this.blockTrace(selectId)?.cost;
  }

  /** A const lookup on an empty table ends EXPLAIN with a message: the plan the optimizer had chosen, from the trace. */
  messageBlock(message: string, selectId: number | undefined): MysqlBuilt | undefined {
    const trace = this.blockTrace(selectId);
    if (!/const table/i.test(message) || !trace || trace.steps.length === 0) return undefined;
    const note: Localized = {
      zh: `根据优化器跟踪重建：沙箱表为空（常量查找没有找到行），EXPLAIN 只返回了 "${message}"`,
      en: `Rebuilt from the optimizer trace: EXPLAIN said "${message}" because the sandbox tables are empty (the constant lookup found no row)`,
    };
    const nodes: PlanNode[] = [];
    let previous = 0;
    let prefix = 1;
    for (const s of trace.steps) {
      const records = s.records ?? 1;
      const cost =
        s.costForPlan !== undefined ? Math.max(0, s.costForPlan - previous) : s.constTable ? 1 : records * prefix;
      if (s.costForPlan !== undefined) previous = s.costForPlan;
      prefix = s.rowsForPlan ?? prefix * records;
      const access = s.constTable ? 'const' : s.access === 'scan' ? 'ALL' : s.access;
      const node: PlanNode = {
        node: accessName(access),
        relation: this.relation(s.table),
        rows: records,
        cost,
        warnings: [],
        children: [],
      };
      if (s.index) node.index = s.index;
      nodes.push(node);
    }
    if (nodes.length === 1) {
      nodes[0].warnings.push(note);
      return { node: nodes[0], out: 1 };
    }
    const total = trace.cost ?? nodes.reduce((sum, n) => sum + n.cost, 0);
    return {
      node: { node: 'Nested loop', rows: prefix, cost: total, warnings: [note], children: nodes },
      out: prefix,
    };
  }

  annotate(node: PlanNode, source: MysqlNodeSource): void {
    switch (source.kind) {
      case 'table':
        this.annotateTable(node, source);
        return;
      case 'subquery':
        this.annotateSubquery(node, source);
        return;
      case 'materialize':
        if (source.json.unique) node.node = 'Materialize (semi-join)';
        return;
      case 'temporary table':
        node.warnings.push(usingTemporary);
        return;
      case 'filesort':
        if (node.rows >= this.largeSort) node.warnings.push(filesort(node.rows, isObject(source.json.temporary_table)));
        return;
      case 'window':
        if (windowSorts(source.json) && node.rows >= this.largeSort)
          node.warnings.push({
            zh: `窗口函数排序约 ${formatCount(node.rows)} 行`,
            en: `Window functions sort about ${formatRows(node.rows)}`,
          });
        return;
      case 'union':
        if (node.node === 'Union (distinct)' && node.rows >= this.largeSort)
          node.warnings.push({
            zh: `UNION 在临时表中对约 ${formatCount(node.rows)} 行去重`,
            en: `UNION removes duplicates from about ${formatRows(node.rows)} in a temporary table`,
          });
        return;
      case 'message':
        node.warnings.push(...messageWarnings(source.message));
        return;
    }
  }

  private blockTrace(selectId: number | undefined): BlockTrace | undefined {
    return selectId === undefined ? undefined : this.trace?.blocks.get(selectId);
  }

  private tableRows(alias: string): number | undefined {
    const name = this.relation(alias);
    const rows = this.options.tableRows;
    if (!rows) return undefined;
    return rows.get(name) ?? [...rows.entries()].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  }

  private annotateTable(node: PlanNode, source: Extract<MysqlNodeSource, { kind: 'table' }>): void {
    const t = source.json;
    const alias = str(t.table_name) ?? '?';
    const access = str(t.access_type);
    const relation = node.relation ?? alias;
    const rows = node.rows;
    const tableRows = this.tableRows(alias);
    const big = (tableRows ?? rows) >= this.large;
    const condition = str(t.attached_condition);
    const warnings = node.warnings;
    if ((access === 'ALL' || access === 'hash_ALL') && !alias.startsWith('<') && big) {
      const size = ` (about ${formatRows(tableRows ?? rows)})`;
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
        en: `Full index scan on ${relation} (about ${formatRows(rows)})`,
      });
    if (source.joinBuffer && big)
      warnings.push({
        zh: `${relation} 使用连接缓冲（${source.joinBuffer}）：没有索引可用于连接条件`,
        en: `Join buffer (${source.joinBuffer}) on ${relation}: no index serves the join condition`,
      });
    if ((access === 'range' || access === 'index_merge') && rows <= 1 && (tableRows ?? 0) > 1) {
      warnings.push(EMPTY_INDEX_RANGE);
    }
    if (source.rangeChecked) {
      node.node = `${node.node} (range checked for each record)`;
      warnings.push({
        zh: `${relation} 逐行检查范围：规划时没有可用的索引`,
        en: `Range checked for each record on ${relation}: no index was usable when planning`,
      });
    }
  }

  private annotateSubquery(node: PlanNode, source: Extract<MysqlNodeSource, { kind: 'subquery' }>): void {
    const { dependent, cached, outerRows } = source;
    if (dependent && outerRows >= 2) {
      const times = formatCount(outerRows);
      node.warnings.push({
        zh: `相关子查询：外层每一行执行一次（约 ${times} 次${cached ? '，子查询缓存可减少次数' : ''}）`,
        en: `Dependent subquery: runs once per outer row (about ${times} times${cached ? ', fewer with the subquery cache' : ''})`,
      });
    }
    if (cached) node.node = `${node.node} (cached)`;
  }
}

/** Whether MariaDB's window functions sort (`sorts` [{ filesort: { sort_key } }]). */
function windowSorts(w: Json): boolean {
  return Array.isArray(w.sorts) && w.sorts.some((s) => isObject(s) && isObject(s.filesort) && str(s.filesort.sort_key));
}

function messageWarnings(message: string): Localized[] {
  if (/no matching min\/max row/i.test(message)) {
    return [
      {
        zh: 'MIN/MAX 在规划时直接从索引读取（有数据时 MariaDB 会报告 "Select tables optimized away"）',
        en: 'MIN/MAX read from the index while planning (with data MariaDB reports "Select tables optimized away")',
      },
    ];
  }
  if (/impossible where|impossible having/i.test(message)) {
    return [{ zh: `${message}：该语句不返回任何行`, en: `${message}: the statement returns no rows` }];
  }
  return [];
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
  const summary = trace === undefined || trace === null ? undefined : summarizeTrace(trace);
  const layer = new SandboxLayer(summary, options);
  const root = mysqlPlanNode(rootOf(explain), { flatJoins: true, details: false, layer });
  const tree: PlanTree = { root, totalCost: root.cost, raw };
  if (someNode(root, (n) => n.warnings.includes(EMPTY_INDEX_RANGE))) tree.caveat = EMPTY_INDEX_RANGE;
  return tree;
}

function someNode(node: PlanNode, test: (n: PlanNode) => boolean): boolean {
  return test(node) || node.children.some((c) => someNode(c, test));
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
