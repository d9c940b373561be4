import type { Language, WorkloadIndexes } from '@sqltune/contracts';

const formatNames = {
  pg_stat_statements: 'pg_stat_statements',
  statements_by_digest: 'performance_schema.events_statements_summary_by_digest',
  mysqldumpslow: 'mysqldumpslow',
  slow_log: 'slow query log',
} as const;

const labels = {
  en: {
    source: (format: string, time: boolean, n: number, planned: number) =>
      `Workload from ${format}, weighed by ${time ? 'measured time' : 'calls'} (${n} statements, ${planned} analyzed):`,
    statement: (n: number, calls: number, ms: string, share: string) => `#${n}  ${calls} calls  ${ms} ms (${share}%)`,
    set: (before: string, after: string, unit: string) => `Index set (weighted cost ${before} -> ${after}${unit}):`,
    none: 'No index pays for itself on this workload.',
    serves: 'serves',
    slows: 'slows',
    nothing: 'none',
    saving: (saving: string, upkeep: string, unit: string) => `saves ${saving}${unit}, write upkeep ${upkeep}${unit}`,
    existing: 'Existing indexes:',
    unused: 'unused',
    redundant: 'redundant',
    note: 'Note',
  },
  zh: {
    source: (format: string, time: boolean, n: number, planned: number) =>
      `来自 ${format} 的负载，按${time ? '实测耗时' : '执行次数'}加权（${n} 条语句，分析 ${planned} 条）：`,
    statement: (n: number, calls: number, ms: string, share: string) => `#${n}  ${calls} 次  ${ms} ms（${share}%）`,
    set: (before: string, after: string, unit: string) => `索引组（加权代价 ${before} -> ${after}${unit}）：`,
    none: '在该负载下没有值得建立的索引。',
    serves: '服务',
    slows: '拖慢',
    nothing: '无',
    saving: (saving: string, upkeep: string, unit: string) => `节省 ${saving}${unit}，写入维护 ${upkeep}${unit}`,
    existing: '现有索引：',
    unused: '未使用',
    redundant: '冗余',
    note: '说明',
  },
} as const;

/**
 * The workload section of pasted statement statistics (Report.workload.source): each statement with its calls and
 * time, the index set with what each index serves and slows, existing indexes the workload does not need. Plain
 * lines, shared by the text and markdown renderings.
 */
export function workloadSourceLines(workload: WorkloadIndexes, language: Language): string[] {
  const source = workload.source;
  if (!source) return [];
  const l = labels[language];
  const time = source.weighting === 'time';
  const unit = time ? ' ms' : '';
  const planned = source.statements.filter((s) => !s.skipped).length;
  const lines = [l.source(formatNames[source.format], time, source.statements.length, planned)];
  for (const s of source.statements) {
    const head = l.statement(s.number, s.calls, s.totalMs.toFixed(1), (s.share * 100).toFixed(1));
    lines.push(`  ${head}  ${oneLine(s.text)}`);
    if (s.skipped) lines.push(`      ${s.skipped[language]}`);
  }
  lines.push('');
  if (workload.indexes.length === 0) lines.push(l.none);
  else lines.push(l.set(workload.costBefore.toFixed(2), workload.costAfter.toFixed(2), unit));
  for (const [k, index] of workload.indexes.entries()) {
    const use = workload.usage?.[k];
    lines.push(`  ${index.ddl}`);
    if (!use) continue;
    const list = (numbers: number[]) => (numbers.length ? numbers.map((n) => `#${n}`).join(', ') : l.nothing);
    lines.push(`      ${l.serves} ${list(use.serves)}; ${l.slows} ${list(use.slows)}`);
    lines.push(`      ${l.saving((use.saving ?? 0).toFixed(2), (use.writeCost ?? 0).toFixed(2), unit)}`);
  }
  if (workload.existing?.length) {
    lines.push('', l.existing);
    for (const note of workload.existing) lines.push(`  [${l[note.reason]}] ${note.message[language]}`);
  }
  lines.push('', `${l.note}: ${source.note[language]}`);
  return lines;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
