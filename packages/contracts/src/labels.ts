import type { Localized } from './localized.ts';
import type {
  Gain,
  IndexAdvice,
  IndexColumnRole,
  IndexGapReason,
  ScoreCategory,
  Severity,
  Verification,
} from './report.ts';

/** How a report's coded values read, in both languages: one wording for every place that prints a report. */
export const severityLabels: Record<Severity, Localized> = {
  info: { zh: '提示', en: 'info' },
  warning: { zh: '警告', en: 'warning' },
  critical: { zh: '严重', en: 'critical' },
};

export const verdictLabels: Record<Verification['verdict'], Localized> = {
  'not-needed': { zh: '无需验证', en: 'not needed' },
  'not-refuted': { zh: '结果一致，未发现差异', en: 'not refuted: same results' },
  refuted: { zh: '结果不一致', en: 'refuted: results differ' },
  'not-run': { zh: '未运行验证', en: 'not run' },
};

export const scoreCategoryLabels: Record<ScoreCategory, Localized> = {
  'Execution Plan': { zh: '执行计划', en: 'Execution Plan' },
  'Scan Estimation': { zh: '扫描估算', en: 'Scan Estimation' },
  'Index Usage': { zh: '索引使用', en: 'Index Usage' },
  'SQL Complexity': { zh: 'SQL 复杂度', en: 'SQL Complexity' },
  'Network Transport': { zh: '网络传输', en: 'Network Transport' },
  Other: { zh: '其他', en: 'Other' },
};

export const indexRoleLabels: Record<IndexColumnRole, Localized> = {
  equality: { zh: '等值', en: 'equality' },
  join: { zh: '连接', en: 'join' },
  range: { zh: '范围', en: 'range' },
  order: { zh: '排序', en: 'order' },
  group: { zh: '分组', en: 'group' },
  cover: { zh: '覆盖', en: 'cover' },
  containment: { zh: '包含', en: 'containment' },
  fulltext: { zh: '全文搜索', en: 'full-text search' },
  pattern: { zh: '任意位置匹配', en: 'substring match' },
};

export const indexGapReasonLabels: Record<IndexGapReason, Localized> = {
  'tiny-table': { zh: '表很小', en: 'tiny table' },
  'no-statistics': { zh: '没有统计信息', en: 'no statistics' },
  'already-covered': { zh: '已有索引覆盖', en: 'already covered' },
  'not-indexable': { zh: '条件无法使用索引', en: 'condition cannot use an index' },
  'needs-prefix': { zh: '需要前缀长度', en: 'needs a prefix length' },
  'foreign-table': { zh: '外部表', en: 'foreign table' },
  'write-cost': { zh: '抵不上写入开销', en: 'not worth its write cost' },
  'optimizer-declined': { zh: '扫描更便宜', en: 'the scan is cheaper' },
  uncostable: { zh: '无法估算代价', en: 'cost cannot be estimated' },
  'no-schema': { zh: '没有表结构', en: 'no table structure' },
};

/**
 * An index in one line, its keys as the DDL orders them: "jobs(queue, priority, run_at) WHERE locked_at IS NULL",
 * "t(a, b, c DESC)", "users(lower(email))".
 */
export function indexShapeText(index: Pick<IndexAdvice, 'table' | 'columns' | 'descending' | 'where'>): string {
  const keys = index.columns.map((key) => (index.descending?.includes(key) ? `${key} DESC` : key));
  return `${index.table}(${keys.join(', ')})${index.where ? ` WHERE ${index.where}` : ''}`;
}

/** "customer_id (join), status (equality)" / "customer_id（连接）、status（等值）". */
export function indexRolesWording(roles: NonNullable<IndexAdvice['roles']>): Localized {
  return {
    zh: roles.map(({ column, role }) => `${column}（${indexRoleLabels[role].zh}）`).join('、'),
    en: roles.map(({ column, role }) => `${column} (${indexRoleLabels[role].en})`).join(', '),
  };
}

/** What an index's estimate rests on, naming the columns without statistics when it rests on defaults. */
export function indexBasisWording(index: IndexAdvice): Localized | undefined {
  switch (index.estimateBasis) {
    case 'column-statistics':
      return { zh: '估算基于你提供的列统计信息', en: 'The estimate rests on your column statistics' };
    case 'default-selectivity': {
      const columns = (index.missingStatistics ?? []).join(', ');
      return {
        zh: `估算基于优化器的默认选择率：${columns} 没有列统计信息`,
        en: `The estimate rests on the optimizer's default selectivity: no column statistics for ${columns}`,
      };
    }
    case 'histogram-estimate':
      return {
        zh: '估算基于优化器按注入的直方图估计的范围行数，再按 MariaDB 每行经二级索引读取的代价与全表扫描比较（空的假设索引无法给出范围行数）',
        en: "The estimate rests on the optimizer's range row count from the injected histograms, costed at MariaDB's per-row cost of a secondary-index range against its scan cost (the empty what-if index cannot count the range)",
      };
    case 'limit-estimate':
      return {
        zh: '估算基于优化器按索引顺序读到 LIMIT 为止预计读取的行数，按 MariaDB 每行经二级索引读取的代价计算（它的计划代价不含 LIMIT 带来的节省）',
        en: "The estimate rests on the rows the optimizer expects to read in index order to reach the LIMIT, at MariaDB's per-row cost of a secondary-index read (its plan cost leaves the LIMIT's saving out)",
      };
    case 'required':
      return {
        zh: '没有估算收益：没有该索引，优化器无法为语句生成执行计划（MATCH ... AGAINST 报错 1191，InnoDB 上执行也是如此），没有可比较的计划；显示的代价是优化器在有该索引时的估算',
        en: "No estimated benefit: the optimizer cannot plan the statement without the index (MATCH ... AGAINST fails with error 1191, as it does when run on InnoDB), so there is no plan without it to compare; the cost shown is the optimizer's with it",
      };
    case 'uncosted':
      return {
        zh: '没有估算收益：优化器使用了该索引，但无法给出可靠的代价',
        en: 'No estimated benefit: the optimizer read the index but could not ground its cost',
      };
    default:
      return undefined;
  }
}

/** Above this estimated cut in cost, a percentage says nothing ("100.0%"): the gain is shown as a factor. */
const FACTOR_FROM = 0.99;
/** Below this, the estimate moved by rounding noise: no gain. */
const NO_GAIN_BELOW = 0.0005;

/** An estimated gain (`Gain.ratio`, 1 - cost after / cost before) as a figure for a big number or a table cell. */
export type GainFigure =
  | { kind: 'none'; figure: string }
  | { kind: 'percent'; figure: string }
  | { kind: 'factor'; figure: string };

/**
 * The figure honest about what it is: a percentage of the optimizer's estimated cost ("84.6%"), a factor when the
 * cut is near all of it ("530,000x", never "100.0%"), or none ("-", never "0.0%" or a negative percentage).
 */
export function gainFigure(ratio: number | null | undefined): GainFigure {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio) || !(ratio > NO_GAIN_BELOW)) {
    return { kind: 'none', figure: '-' };
  }
  if (ratio < FACTOR_FROM) return { kind: 'percent', figure: `${(ratio * 100).toFixed(1)}%` };
  const remaining = Math.max(1 - ratio, 1e-9);
  return { kind: 'factor', figure: `${roundFactor(1 / remaining)}x` };
}

/** The gain in words: "84.6% lower estimated cost", "about 530,000x cheaper by the optimizer's estimate". */
export function gainWording(gain: Gain): Localized {
  const { kind, figure } = gainFigure(gain.costAfter >= gain.costBefore ? 0 : gain.ratio);
  if (kind === 'none') return { zh: '没有预估收益', en: 'no estimated gain' };
  if (kind === 'percent') return { zh: `预估代价降低 ${figure}`, en: `${figure} lower estimated cost` };
  const factor = figure.slice(0, -1);
  return { zh: `按优化器估算约便宜 ${factor} 倍`, en: `about ${factor}x cheaper by the optimizer's estimate` };
}

/** Two significant digits, grouped: 523,417 -> "520,000", 37.2 -> "37". */
function roundFactor(value: number): string {
  const digits = Math.floor(Math.log10(value));
  const unit = 10 ** Math.max(0, digits - 1);
  return (Math.round(value / unit) * unit).toLocaleString('en-US');
}
