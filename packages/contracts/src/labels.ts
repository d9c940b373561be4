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

/** Above this estimated cut in cost, a percentage says nothing ("100.0%"): the gain is worded as a factor. */
const FACTOR_FROM = 0.99;

/**
 * An estimated gain in words, honest about what it is: a percentage of the optimizer's estimated cost ("84.6%"), a
 * factor when the cut is near all of it ("about 500,000x cheaper"), or no gain at all ("no estimated gain", never
 * "0.0%" or a negative percentage).
 */
export function gainWording(gain: Gain): Localized {
  if (!(gain.ratio > 0.0005) || gain.costAfter >= gain.costBefore) {
    return { zh: '没有预估收益', en: 'no estimated gain' };
  }
  if (gain.ratio < FACTOR_FROM || gain.costAfter <= 0) {
    const percent = `${(gain.ratio * 100).toFixed(1)}%`;
    return { zh: `预估代价降低 ${percent}`, en: `${percent} lower estimated cost` };
  }
  const factor = roundFactor(gain.costBefore / gain.costAfter);
  return { zh: `按优化器估算约便宜 ${factor} 倍`, en: `about ${factor}x cheaper by the optimizer's estimate` };
}

/** Two significant digits, grouped: 523,417 -> "520,000", 37.2 -> "37". */
function roundFactor(value: number): string {
  const digits = Math.floor(Math.log10(value));
  const unit = 10 ** Math.max(0, digits - 1);
  return (Math.round(value / unit) * unit).toLocaleString('en-US');
}
