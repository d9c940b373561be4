import { gainFigure, type Language } from '@sqltune/contracts';
import type { TFunction } from 'i18next';

/** A task's estimated gain for a table cell: a percentage, a factor near a total cut, or "-" (gainFigure). */
export function formatGain(ratio: number | null | undefined): string {
  return gainFigure(ratio).figure;
}

export function formatDateTime(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

export function formatDate(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(lang === 'zh' ? 'zh-CN' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Costs from optimizers can be huge or fractional; keep them readable. */
export function formatNumber(value: number, lang: Language): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : 2;
  return value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: digits });
}

/** A byte count as KB/MB/GB (1024-based), e.g. an index size estimate. */
export function formatBytes(bytes: number, lang: Language): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 100 || unit === 0 ? 0 : 1;
  return `${value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/**
 * The server's estimate of a task's time left (measured from the tasks before it): seconds, rounded up to 5, under
 * a minute; whole minutes, rounded up, from there.
 */
export function etaText(t: TFunction, etaMinutes: number): string {
  const seconds = etaMinutes * 60;
  if (seconds < 60) return t('task.etaSeconds', { seconds: Math.max(5, Math.ceil(seconds / 5) * 5) });
  return t('task.eta', { minutes: Math.ceil(etaMinutes) });
}
