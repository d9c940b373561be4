import type { Dialect } from '@sqltune/contracts';
import {
  type Finding,
  type PlanNode,
  type PlanTree,
  type Score,
  ScoreCategory,
  type Severity,
} from '@sqltune/contracts';
import { parseStatements } from '../dialect/parse.ts';
import { walk } from '../model/ast.ts';
import { ruleById } from '../rules/registry.ts';

/**
 * The six radar scores (0-100, higher is better). They are a summary, not a measurement: each is
 * derived by a fixed formula from the findings and, when there is one, the optimizer's plan:
 * - every category starts at 100 and loses 30/15/5 per critical/warning/info finding counted against it;
 * - Execution Plan is then scaled by 1 / (1 + log10(cost / cheapest cost)) between the two plans;
 * - Scan Estimation, with a plan, starts from 100 - 10 * log10(rows the scans are estimated to read);
 * - SQL Complexity loses 3 points per join, subquery and set operation.
 */
export interface ScoreInput {
  dialect: Dialect;
  /** Row counts by table (lower case), from the user's statistics: a full scan reads them all. */
  tableRows?: ReadonlyMap<string, number>;
  original: { text: string; findings: Finding[]; plan: PlanTree | null };
  optimized: { text: string; findings: Finding[]; plan: PlanTree | null };
}

const penalty: Record<Severity, number> = { critical: 30, warning: 15, info: 5 };

export function computeScores({ dialect, original, optimized, tableRows = new Map() }: ScoreInput): Score[] {
  const cheapest =
    original.plan && optimized.plan ? Math.min(original.plan.totalCost, optimized.plan.totalCost) : undefined;
  return ScoreCategory.options.map((category) => {
    const side = (s: ScoreInput['original']) => {
      let score = 100 - findingPenalty(s.findings, category);
      if (category === 'Execution Plan' && s.plan && cheapest !== undefined && cheapest > 0) {
        score *= 1 / (1 + Math.log10(Math.max(1, s.plan.totalCost / cheapest)));
      }
      if (category === 'Scan Estimation' && s.plan) {
        score = Math.min(score, 100 - 10 * Math.log10(Math.max(1, scannedRows(s.plan.root, tableRows))));
      }
      if (category === 'SQL Complexity') score -= 3 * complexityOf(s.text, dialect);
      return Math.round(Math.max(0, Math.min(100, score)));
    };
    return { category, original_score: side(original), optimized_score: side(optimized), why: whyFor(category) };
  });
}

function findingPenalty(findings: Finding[], category: ScoreCategory): number {
  return findings.filter((f) => ruleById(f.id)?.category === category).reduce((sum, f) => sum + penalty[f.severity], 0);
}

/**
 * Rows the plan's scans are estimated to read: a sequential scan reads its whole table (from the
 * statistics when known), an index scan the rows it returns. A scan fed by another scan (a bitmap heap
 * scan over its index scan) counts once, at the leaf.
 */
export function scannedRows(node: PlanNode, tableRows: ReadonlyMap<string, number> = new Map()): number {
  const fromChildren = node.children.reduce((sum, c) => sum + scannedRows(c, tableRows), 0);
  if (!readsTable(node) || node.children.some(readsTable)) return fromChildren;
  const full = /^(Seq Scan|Table scan|Full index scan)/i.test(node.node);
  const whole = full && node.relation ? tableRows.get(node.relation.toLowerCase()) : undefined;
  return fromChildren + (whole ?? node.rows);
}

/** PostgreSQL's "Seq Scan"/"Index Scan", MariaDB's "Table scan"/"Index lookup (ref)": nodes that read a table. */
function readsTable(node: PlanNode): boolean {
  return /scan|lookup/i.test(node.node);
}

/** Joins + subqueries + set operations: a rough measure of how much a reader and a planner must untangle. */
export function complexityOf(text: string, dialect: Dialect): number {
  let count = 0;
  try {
    const [statement] = parseStatements(text, dialect);
    if (!statement) return 0;
    walk(statement.ast, ({ node, key }) => {
      if (typeof node.join === 'string') count++;
      if (node.type === 'select' && key !== '') count++;
      if (typeof node.set_op === 'string') count++;
      return undefined;
    });
  } catch {
    return 0;
  }
  return count;
}

function whyFor(category: ScoreCategory) {
  const texts: Record<ScoreCategory, { zh: string; en: string }> = {
    'Execution Plan': {
      zh: '由相关发现和优化器估算的计划代价计算',
      en: 'from related findings and the optimizer-estimated plan cost',
    },
    'Scan Estimation': {
      zh: '由优化器估算的扫描行数计算',
      en: 'from the rows the optimizer estimates the scans read',
    },
    'Index Usage': { zh: '由妨碍索引使用的发现计算', en: 'from findings that keep indexes from being used' },
    'SQL Complexity': {
      zh: '由连接、子查询和集合运算的数量计算',
      en: 'from the number of joins, subqueries and set operations',
    },
    'Network Transport': { zh: '由返回多余数据的发现计算', en: 'from findings that return more data than needed' },
    Other: { zh: '由其他发现计算', en: 'from other findings' },
  };
  return texts[category];
}
