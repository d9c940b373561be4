/**
 * MySQL 8 EXPLAIN FORMAT=TREE and EXPLAIN ANALYZE -> PlanTree.
 *
 * Every node is one line `-> description  (cost=c rows=r)`, children indented 4 spaces deeper. Newer servers print
 * `(cost=a..b rows=r)` (startup..total) and fractional or exponent numbers (`rows=0.5`, `cost=2.98e+6`); some nodes
 * have no estimate at all ("Sort: ...", "Table scan on <temporary>"). EXPLAIN ANALYZE appends
 * `(actual time=first..last rows=r loops=l)` (time per loop in ms, rows per loop) or `(never executed)`.
 * Names follow the planner's MariaDB normalizer ("Table scan", "Index lookup (ref)", "Filesort", "Nested loop"), the
 * rest of the description goes to `filter` (conditions, sort keys) or `details`.
 * No MySQL 8 server runs here: the readers' tests use plans written after the MySQL 8.0/8.4 reference manual.
 */
import type { PlanNode, PlanTree } from '@sqltune/contracts';
import { PlanReadError } from './errors.ts';
import { readsDerivedTable } from './hotspots/hotspot.ts';
import { accessName, coveringName } from './mysql-names.ts';
import { roundMs } from './numbers.ts';
import { type SourceLine, startOf } from './source-lines.ts';
import { indentOf, type LineGrammar } from './wrapped-lines.ts';

const NUM = '(\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?)';
const ACTUAL = new RegExp(
  `\\s*\\((?:actual(?: time=${NUM}\\.\\.${NUM})? rows=${NUM} loops=${NUM}|(never executed))\\)$`,
);
const COST = new RegExp(`\\s*\\(cost=${NUM}(?:\\.\\.${NUM})? rows=${NUM}\\)$`);

/** Marks nodes MySQL printed without an estimate: their rows and cost are their input's, not the optimizer's. */
export const NOT_ESTIMATED = 'no estimate printed: rows and cost are those of the input';
/** Marks a derived table MySQL estimated at 0 rows: it had no estimate, which is no misestimate. */
export const ZERO_ESTIMATE = 'rows=0 printed for a derived table: no estimate';

/** The lines of the TREE format, for rejoining what a wrap broke: a `->` node under the root, whole once its numbers are closed. */
export const MYSQL_TREE_LINES: LineGrammar = {
  startsLine: (line, { root }) => /^\s*->/.test(line.text) && indentOf(line) > indentOf(root),
  isWhole(text) {
    const actual = ACTUAL.exec(text);
    const estimate = actual ? text.slice(0, actual.index) : text;
    if (!actual && text.includes('(actual')) return false;
    const cost = COST.exec(estimate);
    return (actual !== null || cost !== null) && (cost !== null || !estimate.includes('(cost='));
  },
};

export function looksLikeMysqlTree(firstLine: string): boolean {
  return /^\s*->\s*\S/.test(firstLine);
}

/** Whether the line carries MySQL's estimate without a startup cost (`(cost=1.25 rows=10)`): PostgreSQL always prints `cost=a..b`. */
export function hasMysqlOnlyCost(text: string): boolean {
  return MYSQL_ONLY_COST.test(text);
}

const MYSQL_ONLY_COST = new RegExp(`\\(cost=${NUM} rows=${NUM}\\)`);

interface Frame {
  indent: number;
  node: PlanNode;
  estimated: boolean;
}

/** Reads the tree; `arrowlessRoot`: the first line is the root's text without its `-> ` (a root copied without it). */
export function readMysqlTree(lines: SourceLine[], raw: string, arrowlessRoot = false): PlanTree {
  const frames: Frame[] = [];
  const all: Frame[] = [];
  let root: PlanNode | undefined;
  for (const line of lines) {
    // The text's own indentation: line numbers stripped before it may differ in width.
    const indent = indentOf(line);
    const match = (arrowlessRoot && !root ? /^\s*(?:->\s*)?(.*)$/ : /^\s*->\s*(.*)$/).exec(line.text);
    if (!match || match[1]!.trim() === '') throw unreadable(line);
    while (frames.length > 0 && frames.at(-1)!.indent >= indent) frames.pop();
    const parent = frames.at(-1);
    if (!parent && root) throw unreadable(line);
    // The root may be shifted by a prefix the client printed ("EXPLAIN: " in \G output): every later line is under it.
    const frame = { indent: root ? indent : -1, ...nodeOf(match[1]!.trim()) };
    if (parent) parent.node.children.push(frame.node);
    else root = frame.node;
    frames.push(frame);
    all.push(frame);
  }
  // MySQL prints `rows=0` for a derived table it has no estimate for (the Materialize and the scan of it).
  for (const { node, estimated } of all) {
    if (estimated && node.rows === 0 && (/^Materialize\b/.test(node.node) || readsDerivedTable(node))) {
      node.details = [...(node.details ?? []), ZERO_ESTIMATE];
    }
  }
  // Nodes printed without an estimate take their input's: a sort returns what it sorts, and costs at least as much.
  for (const frame of all.reverse()) {
    if (frame.estimated) continue;
    const input = frame.node.children;
    frame.node.rows = input[0]?.rows ?? 0;
    frame.node.cost = Math.max(0, ...input.map((c) => c.cost));
    frame.node.details = [...(frame.node.details ?? []), NOT_ESTIMATED];
  }
  return { root: root!, totalCost: root!.cost, raw, format: 'mysql-tree' };
}

function unreadable(line: SourceLine): PlanReadError {
  return new PlanReadError(startOf(line), {
    zh: '这一行不是 MySQL EXPLAIN FORMAT=TREE 的节点（每个节点一行，以 "->" 开头，子节点多缩进 4 个空格）',
    en: 'this line is not a node of MySQL EXPLAIN FORMAT=TREE (one node per line starting with "->", children indented 4 spaces more)',
  });
}

function nodeOf(text: string): { node: PlanNode; estimated: boolean } {
  let description = text;
  const actual = ACTUAL.exec(description);
  if (actual) description = description.slice(0, actual.index);
  const cost = COST.exec(description);
  if (cost) description = description.slice(0, cost.index);
  const node: PlanNode = {
    ...describe(description.trim()),
    rows: cost ? Number(cost[3]) : 0,
    cost: cost ? Number(cost[2] ?? cost[1]) : 0,
    warnings: [],
    children: [],
  };
  if (actual?.[5] !== undefined) {
    node.actualRows = 0;
    node.loops = 0;
  } else if (actual) {
    const loops = Number(actual[4]);
    node.actualRows = Number(actual[3]);
    node.loops = loops;
    if (actual[2] !== undefined) node.actualTimeMs = roundMs(Number(actual[2]) * loops);
  }
  return { node, estimated: cost !== null };
}

type Described = Pick<PlanNode, 'node' | 'relation' | 'index' | 'filter' | 'details'>;

/** Table accesses: `<access> on <table> [using <index>] [(<lookup>)] [, with index condition: ...]`. */
const ACCESSES: Array<{ pattern: RegExp; type: string }> = [
  { pattern: /^Single-row (covering )?index lookup on (\S+) using (\S+)(.*)$/i, type: 'eq_ref' },
  { pattern: /^(Covering )?index lookup on (\S+) using (\S+)(.*)$/i, type: 'ref' },
  { pattern: /^(Covering )?index range scan on (\S+) using (\S+)(.*)$/i, type: 'range' },
  { pattern: /^(Covering )?index scan on (\S+) using (\S+)(.*)$/i, type: 'index' },
  { pattern: /^()Table scan on (\S+)()(.*)$/, type: 'ALL' },
  { pattern: /^()Constant row from (\S+)()(.*)$/, type: 'const' },
  { pattern: /^()Full-text index search on (\S+) using (\S+)(.*)$/, type: 'fulltext' },
];

function describe(description: string): Described {
  for (const { pattern, type } of ACCESSES) {
    const m = pattern.exec(description);
    if (!m) continue;
    const name = accessName(type);
    const out: Described = { node: m[1] ? coveringName(name) : name, relation: m[2]! };
    if (m[3]) out.index = m[3];
    const rest = m[4]!.trim().replace(/^over /, '');
    if (rest === '(reverse)') out.details = ['reverse'];
    else if (rest) out.filter = unwrap(rest);
    return out;
  }
  return describeOperation(description);
}

const OPERATIONS: Array<{ pattern: RegExp; build: (m: RegExpExecArray) => Described }> = [
  { pattern: /^Filter: (.*)$/, build: (m) => ({ node: 'Filter', filter: unwrap(m[1]!) }) },
  { pattern: /^Nested loop (.*)$/i, build: (m) => ({ node: 'Nested loop', details: [m[1]!] }) },
  {
    pattern: /^(.*?)\s*hash (?:join|semijoin|antijoin)\s*(?:\((.*)\))?(.*)$/i,
    build: (m) => ({ node: 'Hash join', ...(m[2] ? { filter: m[2] } : {}), details: [m[0]] }),
  },
  { pattern: /^Sort(?: with duplicate removal| row IDs)?: (.*)$/, build: (m) => sortNode(m[1]!) },
  { pattern: /^Aggregate using temporary table$/, build: () => ({ node: 'Group (temporary table)' }) },
  {
    pattern: /^Temporary table(?: with deduplication)?$/,
    build: (m) => ({ node: 'Temporary table', details: [m[0]] }),
  },
  { pattern: /^Select #\d+ \((.*)\)$/, build: subqueryNode },
  { pattern: /^Limit(?:\/Offset)?: (.*)$/, build: (m) => ({ node: 'Limit', details: [m[1]!] }) },
  { pattern: /^Zero rows \((.*)\)$/, build: (m) => ({ node: m[1]! }) },
];

function describeOperation(description: string): Described {
  for (const { pattern, build } of OPERATIONS) {
    const m = pattern.exec(description);
    if (m) return build(m);
  }
  // Anything else keeps its own words: "Materialize", "Stream results", "Window aggregate: ...".
  const colon = description.indexOf(': ');
  if (colon < 0) return { node: description };
  return { node: description.slice(0, colon), details: [description.slice(colon + 2)] };
}

/** `Sort: total DESC, limit input to 10 row(s) per chunk`: the keys, and the top-N limit as a detail. */
function sortNode(text: string): Described {
  const limit = /, (limit input to \S+ row\(s\) per chunk)$/.exec(text);
  const keys = limit ? text.slice(0, limit.index) : text;
  return { node: 'Filesort', filter: `sort key: ${keys}`, ...(limit ? { details: [limit[1]!] } : {}) };
}

function subqueryNode(m: RegExpExecArray): Described {
  const dependent = /dependent/i.test(m[1]!);
  return { node: dependent ? 'Dependent subquery' : 'Subquery', details: [m[0]] };
}

/** `(a = 1)` -> `a = 1`, only when the parentheses enclose the whole condition. */
function unwrap(condition: string): string {
  if (!condition.startsWith('(') || !condition.endsWith(')')) return condition;
  let depth = 0;
  for (let i = 0; i < condition.length; i++) {
    if (condition[i] === '(') depth++;
    else if (condition[i] === ')') depth--;
    if (depth === 0 && i < condition.length - 1) return condition;
  }
  return condition.slice(1, -1);
}
