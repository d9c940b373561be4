import type {
  Dialect,
  ExistingIndexNote,
  Localized,
  PlanNode,
  WorkloadIndexes,
  WorkloadIndexUse,
  WorkloadStatement,
} from '@sqltune/contracts';
import {
  type AnalysisCaches,
  candidatesFor,
  findTable,
  type IndexCandidate,
  keyTexts,
  type PreparedStatement,
  type PreparedWorkload,
  type SchemaModel,
  servesComparisons,
  withAnalysisCaches,
} from '@sqltune/engine';
import { usesIndex } from './index-advisor.ts';
import type { PlannerSession } from './types.ts';
import { adviseWorkload } from './workload-advisor.ts';

/**
 * Workload advice weighed by what runs (issue 12): the statements of pasted statement statistics (engine
 * prepareWorkload) go through the workload advisor (workload-advisor.ts) with
 *  - a weight per statement: measured total time per unit of its estimated cost (weighting 'time'), so the summed
 *    cost is the workload's milliseconds and an index saves the share of each statement's time its cost loses; or
 *    its calls when some statement has no measured time (weighting 'calls');
 *  - a write cost per index: every INSERT, DELETE, REPLACE on its table, and every UPDATE assigning one of its
 *    columns, spends about 1/(k+1) more of its time with one more index where the table has k (each index is one
 *    more B-tree to change; unique and primary keys included); in calls weighting, WRITE_COST_UNITS cost units a
 *    call.
 * Then each advised index names the statements it serves and the writes it slows, and the structure's indexes the
 * workload never reads, or that another index makes redundant (a prefix of it), are flagged.
 */

/** A B-tree entry written per call, in optimizer cost units: about one random page (PostgreSQL random_page_cost). */
export const WRITE_COST_UNITS = 4;

export async function adviseWeightedWorkload(
  session: PlannerSession | undefined,
  dialect: Dialect,
  prepared: PreparedWorkload,
  /** The planned statements' texts as optimized (rules applied), in the order of the planned statements. */
  texts: string[],
  schema: SchemaModel,
  /** The optimization's analysis caches (optimize.ts): the texts were read there; default a reading of its own. */
  analysisCaches?: AnalysisCaches,
): Promise<WorkloadIndexes> {
  const planned = prepared.statements.filter((s) => s.planned);
  const basePlans = await explainEach(session, texts, []);
  // A statement whose plan the optimizer cannot ground (PlanTree.caveat: MariaDB ranges read from an empty sandbox
  // index) would leave the whole summed cost undefined: it is optimized on its own but not weighed in the set.
  const weighed = planned.flatMap((_, i) => (basePlans[i] && !basePlans[i].caveat ? [i] : []));
  const weights = weighed.map((i) => weightOf(prepared.weighting, planned[i]!, basePlans[i]!.totalCost));
  const writes = prepared.statements.filter((s) => s.writes);
  const writeCost = (index: Pick<IndexCandidate, 'table' | 'columns'>) =>
    writes.filter((w) => slows(w, index)).reduce((sum, w) => sum + upkeep(prepared.weighting, w, schema), 0);
  const weighedTexts = weighed.map((i) => texts[i]!);
  const advice =
    session && weighedTexts.length > 0
      ? await adviseWorkload(
          session,
          dialect,
          weighedTexts,
          withAnalysisCaches(() => weighedTexts.map((sql) => candidatesFor(sql, dialect, schema)), analysisCaches),
          schema,
          { weights, writeCost, ...(analysisCaches ? { analysisCaches } : {}) },
        )
      : undefined;
  const usage: WorkloadIndexUse[] = (advice?.indexes ?? []).map((index, k) => ({
    ddl: index.ddl,
    serves: (advice?.serves[k] ?? []).map((j) => planned[weighed[j]!]!.number),
    slows: writes.filter((w) => slows(w, index)).map((w) => w.number),
    ...(index.benefit !== undefined ? { saving: index.benefit } : {}),
    writeCost: writeCost(index),
  }));
  const finalPlans = advice
    ? await explainEach(
        session,
        texts,
        advice.indexes.map((index) => index.ddl),
      )
    : [];
  const readNodes = [...basePlans, ...finalPlans].flatMap((plan) => (plan ? [plan.root] : []));
  const totalMs = prepared.workload.entries.reduce((sum, e) => sum + e.totalMs, 0);
  const statements: WorkloadStatement[] = prepared.statements.map((s) => {
    const i = planned.indexOf(s);
    return {
      number: s.number,
      text: s.entry.text,
      ...(s.sql !== s.entry.text ? { planned: s.sql } : {}),
      kind: s.kind,
      calls: s.entry.calls,
      totalMs: s.entry.totalMs,
      share: totalMs > 0 ? s.entry.totalMs / totalMs : 0,
      ...(weighed.includes(i) ? { weight: weights[weighed.indexOf(i)]! } : {}),
      line: s.entry.line,
      ...(s.skipped
        ? { skipped: s.skipped }
        : i >= 0 && !weighed.includes(i)
          ? { skipped: notWeighed(basePlans[i]) }
          : {}),
    };
  });
  const {
    serves: _serves,
    excluded: _excluded,
    ...rest
  } = advice ?? {
    indexes: [],
    budgetBytes: 0,
    costBefore: 0,
    costAfter: 0,
    statements: weighed.length,
    distinct: weighed.length,
    evaluations: 0,
    serves: [],
    excluded: [],
  };
  return {
    ...rest,
    source: {
      format: prepared.workload.format,
      weighting: prepared.weighting,
      statements,
      note: representativeNote(prepared),
    },
    usage,
    existing: existingIndexNotes(schema, planned, readNodes, advice?.indexes ?? []),
  };
}

/** One plan at a time: a session holds one connection. A statement the optimizer refuses has no plan. */
async function explainEach(session: PlannerSession | undefined, texts: string[], indexes: string[]) {
  const plans = [];
  for (const sql of texts) plans.push(await session?.explain(sql, indexes).catch(() => undefined));
  return plans;
}

function notWeighed(plan: { caveat?: Localized } | undefined): Localized {
  const why = plan?.caveat ?? { zh: '优化器无法为其生成执行计划。', en: 'the optimizer gave no plan for it.' };
  return {
    zh: `已单独优化，但未计入整组索引的代价：${why.zh}`,
    en: `Optimized on its own but not weighed in the index set: ${why.en}`,
  };
}

function weightOf(weighting: PreparedWorkload['weighting'], s: PreparedStatement, cost: number | undefined) {
  if (weighting === 'calls') return s.entry.calls;
  return cost && cost > 0 ? s.entry.totalMs / cost : 0;
}

/** Whether a write changes the index: inserts and deletes always, an UPDATE when it assigns one of its columns. */
function slows(write: PreparedStatement, index: Pick<IndexCandidate, 'table' | 'columns'>): boolean {
  return writeChanges(write.writes, index);
}

/** Whether a write to `target` changes the index (see slows). */
export function writeChanges(
  target: PreparedStatement['writes'],
  index: Pick<IndexCandidate, 'table' | 'columns'>,
): boolean {
  if (!target || target.table.toLowerCase() !== index.table.toLowerCase()) return false;
  return target.columns === 'all' || index.columns.some((c) => (target.columns as string[]).includes(c.toLowerCase()));
}

function upkeep(weighting: PreparedWorkload['weighting'], write: PreparedStatement, schema: SchemaModel): number {
  if (weighting === 'calls') return write.entry.calls * WRITE_COST_UNITS;
  const table = findTable(schema, write.writes!.table);
  const indexes = Math.max(1, table?.indexes.length ?? 1);
  return write.entry.totalMs / (indexes + 1);
}

function representativeNote(prepared: PreparedWorkload): Localized {
  if (prepared.workload.format === 'slow_log') {
    return {
      zh: '慢查询日志中的语句带有真实参数值，按首次出现的文本分析；仅字面量不同的语句合并计数。',
      en: "The slow log's statements carry real values and are planned as first logged; statements differing only in literals count as one.",
    };
  }
  return {
    zh: "归一化语句中的占位符（$1、?、N、'S'）按所比较列的类型代入代表值（数字 1、2…，日期 2024-01-15，文本 a、b…）后按普通（custom）计划估算；有统计信息时等值条件按列的平均选择率估算，接近通用计划（generic plan）的假设。",
    en: "Placeholders of normalized statements ($1, ?, N, 'S') get representative values typed by the column they are compared with (numbers 1, 2..., date 2024-01-15, text a, b...) and are planned as custom plans; with statistics an equality is estimated at the column's average selectivity, close to what a generic plan assumes.",
  };
}

/**
 * The structure's secondary indexes on the tables the planned statements read: redundant when another index (of
 * the structure, or advised) starts with all its columns and it enforces nothing; unused when no plan of the
 * workload, before or after the advice, reads it.
 */
function existingIndexNotes(
  schema: SchemaModel,
  planned: PreparedStatement[],
  plans: PlanNode[],
  advised: Array<{ ddl: string; table: string; columns: string[] }>,
): ExistingIndexNote[] {
  const notes: ExistingIndexNote[] = [];
  const tables = new Set(planned.flatMap((s) => s.tables.map((t) => findTable(schema, t)?.name).filter(Boolean)));
  for (const name of tables) {
    const table = findTable(schema, name!)!;
    for (const index of table.indexes) {
      if (index.primary || index.unique || !index.name) continue;
      // Keys as text, so two indexes on different expressions (whose columns are both '') are not one another's prefix.
      const keys = keyTexts(index);
      const columns = keys.map((c) => c.toLowerCase());
      const startsWith = (other: string[]) =>
        other.length > columns.length && columns.every((c, k) => other[k]?.toLowerCase() === c);
      // A FULLTEXT or SPATIAL key is no B-tree's prefix (nor is a B-tree one of its).
      const wider = !servesComparisons(index)
        ? undefined
        : (table.indexes.find((o) => o !== index && servesComparisons(o) && startsWith(keyTexts(o)))?.name ??
          advised.find((a) => a.table.toLowerCase() === table.name.toLowerCase() && startsWith(a.columns))?.ddl);
      if (wider) {
        notes.push({
          table: table.name,
          name: index.name,
          columns: keys,
          reason: 'redundant',
          coveredBy: wider,
          message: {
            zh: `索引 ${index.name}（${keys.join(', ')}）是 ${wider} 的前缀，可删除以减少写入开销。`,
            en: `Index ${index.name} (${keys.join(', ')}) is a prefix of ${wider}: dropping it saves its write upkeep.`,
          },
        });
      } else if (!plans.some((root) => usesIndex(root, { name: index.name!.toLowerCase(), columns: index.columns }))) {
        notes.push({
          table: table.name,
          name: index.name,
          columns: keys,
          reason: 'unused',
          message: {
            zh: `该负载的语句在优化前后的执行计划中都没有读取索引 ${index.name}（${keys.join(', ')}）；若其他语句也不用它，可删除。`,
            en: `No plan of this workload, before or after the advice, reads index ${index.name} (${keys.join(', ')}); drop it if nothing else uses it.`,
          },
        });
      }
    }
  }
  return notes;
}
