/**
 * One function per question the built-in assistant answers, each reading only the report: what it says is in the
 * report (numbers included), and when the report has nothing on the subject the answer says so.
 */
import { type PlanNode, type Report, type StatementReport, verdictLabels } from '@sqltune/contracts';
import { bytes, eachStatement, Lines, num, percent } from './text.ts';

/** Why each index was advised, what it saves, and what it costs to build and keep. */
export function explainIndexes(report: Report): Lines {
  const lines = new Lines();
  const workload = report.workload;
  eachStatement(report, lines, (s) => {
    if (s.indexes.length === 0) {
      lines.add('这条语句没有推荐索引。', 'No index is advised for this statement.');
      for (const gap of s.indexGaps ?? [])
        lines.addLocalized(gap.message, { zh: `- ${gap.table}：`, en: `- ${gap.table}: ` });
      return;
    }
    for (const index of s.indexes) {
      lines.add(`索引：${index.ddl}`, `Index: ${index.ddl}`);
      lines.addLocalized(index.reason, { zh: '原因：', en: 'Why: ' });
      if (index.costBefore !== undefined && index.costAfter !== undefined) {
        lines.add(
          `优化器估算代价：${num(index.costBefore)} → ${num(index.costAfter)}（优化器的代价单位，不是毫秒）。`,
          `Optimizer's estimated cost: ${num(index.costBefore)} → ${num(index.costAfter)} (its cost units, not milliseconds).`,
        );
      }
      if (index.missingStatistics?.length) {
        lines.add(
          `注意：${index.missingStatistics.join(', ')} 没有列统计信息，优化器用了默认选择率，收益可能不准。`,
          `Note: ${index.missingStatistics.join(', ')} had no column statistics, so the optimizer used default selectivity; the benefit may be off.`,
        );
      }
      buildCost(lines, index.estimatedBytes, report.dialect);
    }
  });
  if (workload && workload.indexes.length > 0) {
    lines.add(
      `整组语句共用的索引集合：代价合计 ${num(workload.costBefore)} → ${num(workload.costAfter)}，空间预算 ${bytes(workload.budgetBytes)}。`,
      `The index set chosen for all statements together: summed cost ${num(workload.costBefore)} → ${num(workload.costAfter)}, size budget ${bytes(workload.budgetBytes)}.`,
    );
    for (const index of workload.indexes) lines.add(`- ${index.ddl}`, `- ${index.ddl}`);
  }
  return lines;
}

function buildCost(lines: Lines, estimatedBytes: number | undefined, dialect: Report['dialect']): void {
  if (estimatedBytes !== undefined) {
    lines.add(
      `建索引的代价：按统计信息的行数估算约 ${bytes(estimatedBytes)}；建时要读一遍整表并排序，之后每次写这张表都要多维护一份索引。`,
      `Building it: about ${bytes(estimatedBytes)} by the statistics' row count; it reads the whole table once and sorts it, and every later write to the table maintains it too.`,
    );
  } else {
    lines.add(
      '建索引的代价：没有给出表的行数，报告无法估算索引大小；建时要读一遍整表并排序，之后每次写这张表都要多维护一份索引。',
      'Building it: the report cannot size it (no row count was given); it reads the whole table once and sorts it, and every later write to the table maintains it too.',
    );
  }
  lines.add(
    dialect === 'postgresql'
      ? '在线上库可用 CREATE INDEX CONCURRENTLY，避免长时间锁表。'
      : '在 MySQL 8 / InnoDB 上可用 ALGORITHM=INPLACE, LOCK=NONE 在线建索引。',
    dialect === 'postgresql'
      ? 'On a live database, CREATE INDEX CONCURRENTLY avoids locking out writes.'
      : 'On MySQL 8 / InnoDB, ALGORITHM=INPLACE, LOCK=NONE builds it online.',
  );
}

/** What each applied rule changed and why the change is safe; the rules found but not applied, and why not. */
export function explainRules(report: Report): Lines {
  const lines = new Lines();
  eachStatement(report, lines, (s) => {
    if (s.steps.length === 0)
      lines.add('没有应用任何改写，语句保持原样。', 'No rewrite was applied: the statement is unchanged.');
    for (const step of s.steps) {
      lines.add(`改写：${step.title.zh}（${step.ruleId}）`, `Rewrite: ${step.title.en} (${step.ruleId})`);
      lines.add(`之前：${step.before}`, `Before: ${step.before}`);
      lines.add(`之后：${step.after}`, `After: ${step.after}`);
      lines.addLocalized(step.rationale, { zh: '理由：', en: 'Why: ' });
    }
    if (s.steps.length > 0) safety(lines, s);
    for (const dropped of s.droppedSteps ?? []) {
      lines.addLocalized(dropped.reason, {
        zh: `未采用：${dropped.title.zh}（代价 ${num(dropped.costBefore)} → ${num(dropped.costAfter)}）：`,
        en: `Not applied: ${dropped.title.en} (cost ${num(dropped.costBefore)} → ${num(dropped.costAfter)}): `,
      });
    }
    const advisory = s.rules.filter((rule) => !rule.rewrite);
    if (advisory.length > 0) {
      lines.add('以下发现只作提示，没有自动改写：', 'These findings are advice only, not rewritten:');
      for (const rule of advisory)
        lines.add(`- ${rule.title.zh}：${rule.message.zh}`, `- ${rule.title.en}: ${rule.message.en}`);
    }
  });
  return lines;
}

function safety(lines: Lines, s: StatementReport): void {
  const v = s.verification;
  if (v.verdict === 'not-refuted') {
    lines.add(
      `为什么安全：改写前后的语句在 ${v.databases} 个生成的数据库上结果一致（差分验证，未被反驳，但不是证明）。`,
      `Why it is safe: before and after returned the same results on ${v.databases} generated databases (differential check: not refuted, not a proof).`,
    );
  } else if (v.verdict === 'not-needed') {
    lines.add(
      '这些改写不改变语义，报告判定无需验证。',
      'The report found no check needed: these rewrites do not change what the query returns.',
    );
  } else {
    lines.addLocalized(verdictLabels[v.verdict], { zh: '验证结论：', en: 'Verification: ' });
    if (v.detail) lines.addLocalized(v.detail);
  }
}

/** How the plan changed and why: the optimizer's totals, the top operators before and after, the gain. */
export function explainPlan(report: Report): Lines {
  const lines = new Lines();
  eachStatement(report, lines, (s) => {
    const { before, after, source, missing } = s.plan;
    if (!before || !after) {
      lines.add('这条语句没有优化器计划。', 'There is no optimizer plan for this statement.');
      if (missing) lines.addLocalized(missing);
      return;
    }
    lines.add(`计划来自：${source}`, `Plans from: ${source}`);
    lines.add(
      `优化前：${before.root.node}${before.root.relation ? ` on ${before.root.relation}` : ''}，估算代价 ${num(before.totalCost)}，估算 ${num(before.root.rows)} 行。`,
      `Before: ${before.root.node}${before.root.relation ? ` on ${before.root.relation}` : ''}, estimated cost ${num(before.totalCost)}, ${num(before.root.rows)} rows estimated.`,
    );
    lines.add(
      `优化后：${after.root.node}${after.root.relation ? ` on ${after.root.relation}` : ''}，估算代价 ${num(after.totalCost)}，估算 ${num(after.root.rows)} 行。`,
      `After: ${after.root.node}${after.root.relation ? ` on ${after.root.relation}` : ''}, estimated cost ${num(after.totalCost)}, ${num(after.root.rows)} rows estimated.`,
    );
    const scansBefore = scans(before.root);
    const scansAfter = scans(after.root);
    if (scansBefore.length || scansAfter.length) {
      lines.add(
        `读表方式：${scansBefore.join('、') || '—'} → ${scansAfter.join('、') || '—'}`,
        `Access paths: ${scansBefore.join(', ') || '—'} → ${scansAfter.join(', ') || '—'}`,
      );
    }
    if (s.indexes.length > 0) {
      lines.add(
        `原因：优化后的计划假设已建好推荐的 ${s.indexes.length} 个索引${s.steps.length ? '，并使用改写后的语句' : ''}。`,
        `Why: the plan after assumes the ${s.indexes.length} advised index(es)${s.steps.length ? ' and runs the rewritten statement' : ''}.`,
      );
    } else if (s.steps.length > 0) {
      lines.add('原因：优化后的计划来自改写后的语句。', 'Why: the plan after is that of the rewritten statement.');
    }
    if (s.gain) {
      lines.add(
        `估算收益 ${percent(s.gain.ratio)}（优化器估算，不是实测耗时）。`,
        `Estimated gain ${percent(s.gain.ratio)} (the optimizer's estimate, not a measured run time).`,
      );
    } else if (s.gainMissing) {
      lines.addLocalized(s.gainMissing, { zh: '没有收益数字：', en: 'No gain figure: ' });
    }
    for (const caveat of [before.caveat, after.caveat])
      if (caveat) lines.addLocalized(caveat, { zh: '注意：', en: 'Caveat: ' });
  });
  return lines;
}

function scans(node: PlanNode): string[] {
  const out: string[] = [];
  const walk = (n: PlanNode) => {
    if (n.relation) out.push(`${n.node} ${n.relation}${n.index ? ` (${n.index})` : ''}`);
    for (const child of n.children) walk(child);
  };
  walk(node);
  return out.slice(0, 6);
}

/** What the verification did, and what it did not prove. */
export function explainVerification(report: Report): Lines {
  const lines = new Lines();
  eachStatement(report, lines, (s) => {
    const v = s.verification;
    lines.addLocalized(verdictLabels[v.verdict], { zh: '验证结论：', en: 'Verdict: ' });
    if (v.detail) lines.addLocalized(v.detail);
    if (v.method === 'differential') {
      lines.add(
        `做了什么：在 ${v.databases} 个按表结构生成的数据库上分别运行改写前后的语句并比较结果。`,
        `What it did: ran the statement before and after on ${v.databases} databases generated from the table structure and compared the results.`,
      );
      lines.add(
        '没有证明的：它不是形式化证明，只能发现差异；也不测量真实数据上的运行时间，收益是优化器的估算。',
        "What it did not prove: it is not a formal proof, it can only find differences; and it measures no run time on your data, the gain is the optimizer's estimate.",
      );
    } else {
      lines.add(
        '没有运行差分验证，所以报告不对结果等价作任何保证。',
        'No differential check ran, so the report makes no claim that the results are the same.',
      );
    }
    if (s.ai && s.ai.candidates.length > 0) {
      const kept = s.ai.candidates.filter((c) => c.kept).length;
      lines.add(
        `AI 提出了 ${s.ai.candidates.length} 个候选改写，采用 ${kept} 个；每个候选都经过同样的验证。`,
        `The AI proposed ${s.ai.candidates.length} candidate rewrite(s) and ${kept} was kept; each went through the same check.`,
      );
    }
  });
  return lines;
}

/** What to do next, in order: the findings that matter most first. */
export function suggestNextSteps(report: Report): Lines {
  const lines = new Lines();
  let step = 0;
  const add = (zh: string, en: string) => {
    step += 1;
    lines.add(`${step}. ${zh}`, `${step}. ${en}`);
  };
  eachStatement(report, lines, (s) => {
    if (s.verification.verdict === 'refuted')
      add('不要采用改写：验证发现结果不一致。', 'Do not use the rewrite: the check found different results.');
    else if (s.steps.length > 0)
      add(
        '用优化后的语句替换原语句，并在测试环境对比结果。',
        'Replace the statement with the optimized one, and compare results in a test environment.',
      );
    for (const index of s.indexes) add(`在低峰期创建索引：${index.ddl}`, `Create the index off-peak: ${index.ddl}`);
    const missing = [...new Set(s.indexes.flatMap((i) => i.missingStatistics ?? []))];
    if (missing.length > 0)
      add(
        `补充 ${missing.join(', ')} 的列统计信息后重新优化，估算会更准。`,
        `Add column statistics for ${missing.join(', ')} and optimize again for a better estimate.`,
      );
    for (const rule of s.rules.filter((r) => !r.rewrite && r.severity === 'critical'))
      add(`处理：${rule.title.zh}`, `Address: ${rule.title.en}`);
    if (s.gain)
      add(
        '上线后用 EXPLAIN ANALYZE 在真实数据上确认收益。',
        'After deploying, confirm the gain with EXPLAIN ANALYZE on real data.',
      );
  });
  if (step === 0)
    lines.add(
      '报告没有需要处理的事项：这条语句已经是最优写法。',
      'The report has nothing to act on: the statement is already in its best form.',
    );
  return lines;
}

/** What the report is about: the figures a user sees first. */
export function summarize(report: Report): Lines {
  const lines = new Lines();
  const rules = report.statements.reduce((n, s) => n + s.rules.length, 0);
  const indexes = report.statements.reduce((n, s) => n + s.indexes.length, 0);
  lines.add(
    `这份报告（${report.dialect}）包含 ${report.statements.length} 条语句、${rules} 条规则发现、${indexes} 个推荐索引。`,
    `This report (${report.dialect}) covers ${report.statements.length} statement(s), ${rules} rule finding(s) and ${indexes} advised index(es).`,
  );
  eachStatement(report, lines, (s) => {
    if (s.gain) lines.add(`估算收益 ${percent(s.gain.ratio)}。`, `Estimated gain ${percent(s.gain.ratio)}.`);
  });
  return lines;
}
