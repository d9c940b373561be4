/**
 * The request to the language model: everything the optimizer knew about the statement (dialect, the statement,
 * the table structure, statistics, the plan with the recommended indexes, the findings) and the one thing asked
 * for: rewrites that return the same result on every database state, as JSON. Pure.
 */
import type { Dialect, Finding, PlanNode, PlanTree } from '@sqltune/contracts';
import type { SchemaModel, TableStatistics } from '@sqltune/engine';
import type { ChatMessage } from './client.ts';

export interface PromptInput {
  dialect: Dialect;
  /** The user's statement. */
  original: string;
  /** The statement after the verified rule rewrites (the one to improve); the same text when none applied. */
  current: string;
  schemaText: string;
  schema: SchemaModel;
  findings: Finding[];
  /** The optimizer's plan of `current` with `indexes` in place. */
  plan: PlanTree;
  planSource: string;
  indexes: string[];
  maxCandidates: number;
}

const dialectNames: Record<Dialect, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL / MariaDB' };

export function promptFor(input: PromptInput): ChatMessage[] {
  return [
    { role: 'system', content: systemText(input) },
    { role: 'user', content: userText(input) },
  ];
}

function systemText(input: PromptInput): string {
  return [
    `You are a ${dialectNames[input.dialect]} query optimization expert.`,
    `Propose up to ${input.maxCandidates} rewrites of the given SELECT statement that the optimizer can execute at a lower cost.`,
    'Each rewrite must return exactly the same result as the original on every possible database state:',
    'the same rows with the same multiplicities, the same columns in the same order with the same names, the same',
    'order where the original orders, and the same handling of NULLs, duplicates and empty tables.',
    'Every candidate is checked by running it against the original on generated data and costed by the real',
    'optimizer; a candidate that changes the result or costs more is discarded, so prefer none over a risky one.',
    'Write a single SELECT statement per candidate, in the same dialect, without a trailing semicolon.',
    'Answer with JSON only, in this shape:',
    '{"candidates":[{"sql":"SELECT ...","explanation":"why it is faster and why the result is the same"}]}',
    'Keep each explanation to one or two sentences.',
  ].join('\n');
}

function userText(input: PromptInput): string {
  const sections = [`Dialect: ${dialectNames[input.dialect]}`, fenced('Statement', 'sql', input.original)];
  if (normalized(input.current) !== normalized(input.original)) {
    sections.push(fenced('The same statement after verified rule rewrites (improve this one)', 'sql', input.current));
  }
  sections.push(
    fenced('Table structure', 'sql', input.schemaText.trim() || '(none given)'),
    `Statistics:\n${statisticsText(input.schema)}`,
    `Recommended indexes, assumed present in the plan below:\n${
      input.indexes.length > 0 ? input.indexes.map((ddl) => `- ${ddl}`).join('\n') : '(none)'
    }`,
    fenced(
      `Plan by ${input.planSource}, total cost ${formatNumber(input.plan.totalCost)}`,
      'text',
      planText(input.plan.root),
    ),
    `Findings of the rule checks:\n${findingsText(input.findings)}`,
    `Give up to ${input.maxCandidates} candidate rewrites as JSON.`,
  );
  return sections.join('\n\n');
}

function fenced(title: string, language: string, body: string): string {
  return `${title}:\n\`\`\`${language}\n${body.trim()}\n\`\`\``;
}

/** Rows per table and the column statistics the planner was loaded with. */
export function statisticsText(schema: SchemaModel): string {
  const stats = schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : []));
  if (stats.length === 0) return '(none given)';
  return stats.map(tableStatisticsText).join('\n');
}

function tableStatisticsText(stats: TableStatistics): string {
  const columns = stats.columns.map((c) => {
    const parts: string[] = [];
    if (c.distinct !== undefined) {
      parts.push(c.distinct < 0 ? `distinct ${-c.distinct * 100}% of rows` : `${formatNumber(c.distinct)} distinct`);
    }
    if (c.nullFraction !== undefined) parts.push(`null fraction ${c.nullFraction}`);
    if (c.mostCommonValues?.length) {
      const top = c.mostCommonValues.slice(0, 5).map((v) => `${v.value} (${v.frequency})`);
      parts.push(`most common ${top.join(', ')}`);
    }
    if (c.histogramBounds?.length) {
      parts.push(`range ${c.histogramBounds[0]} .. ${c.histogramBounds.at(-1)}`);
    }
    return `${c.column}: ${parts.join('; ') || 'no details'}`;
  });
  const head = `- ${stats.table}: ${formatNumber(stats.rows)} rows`;
  return columns.length > 0 ? `${head}; ${columns.join('; ')}` : head;
}

/** The plan tree as indented lines: node, table, index, estimated rows and cost, condition. */
export function planText(node: PlanNode, depth = 0): string {
  const pad = '  '.repeat(depth);
  const on = node.relation ? ` on ${node.relation}` : '';
  const using = node.index ? ` using ${node.index}` : '';
  const lines = [
    `${pad}${depth > 0 ? '-> ' : ''}${node.node}${on}${using} (rows=${formatNumber(node.rows)}, cost=${formatNumber(node.cost)})`,
  ];
  if (node.filter) lines.push(`${pad}   condition: ${node.filter}`);
  for (const child of node.children) lines.push(planText(child, depth + 1));
  return lines.join('\n');
}

function findingsText(findings: Finding[]): string {
  if (findings.length === 0) return '(none)';
  return findings
    .map((f) => `- [${f.severity}] ${f.id}: ${f.title.en}. ${f.message.en}${f.rewrite ? ' (already rewritten)' : ''}`)
    .join('\n');
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function normalized(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}
