import type { Localized } from './localized.ts';
import type { Gain, ScoreCategory, Severity, Verification } from './report.ts';

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
