/**
 * PostgreSQL text EXPLAIN (with or without ANALYZE, BUFFERS, VERBOSE, COSTS OFF) -> PlanTree.
 *
 * The text is a tree by indentation: the root line, then each child as `->  Name  (cost=a..b rows=n width=w)`
 * followed by ` (actual time=x..y rows=r loops=l)` under ANALYZE (or `(never executed)`, or `(actual rows=r
 * loops=l)` with TIMING OFF). A node's own lines ("Filter: ...", "Sort Key: ...", "Rows Removed by Filter: n")
 * are indented deeper than its arrow; `InitPlan 1` / `SubPlan 2` / `CTE name` headers group the plans below them
 * under the node they belong to. "Planning Time", "Execution Time", "JIT:" and the like close the output.
 */
import type { PlanNode, PlanTree } from '@sqltune/contracts';
import { PlanReadError } from './errors.ts';
import { numberOf, roundMs } from './numbers.ts';
import { filterOf, isConditionKey, parallelWallTimes } from './postgres-common.ts';
import { postgresNodeName } from './postgres-names.ts';
import { type SourceLine, startOf } from './source-lines.ts';
import { indentOf, type LineGrammar } from './wrapped-lines.ts';

const N = '(\\d+(?:\\.\\d+)?)';
// Width, rows and loops may be missing where a plan was shortened for a blog or a slide (`(cost=1.5..9.2 rows=10)`,
// `(actual time=0.1..2.3)`): the numbers given are read, the others are left out.
const NODE_LINE = new RegExp(
  `^(.*?)(?:\\s+\\(cost=${N}\\.\\.${N}(?: rows=${N})?(?: width=${N})?\\))?` +
    `(?:\\s+\\((?:actual(?=[ )])(?: time=${N}\\.\\.${N})?(?: rows=${N})?(?: loops=${N})?|(never executed))\\))?$`,
);
const DETAIL_LINE = /^[A-Z][^:]*:(?:\s|$)/;
/** A target table of a ModifyTable, printed under it without numbers (postgres_fdw's "Foreign Update on ..."). */
const MODIFY_TARGET = /^(?:Foreign )?(?:Insert|Update|Delete|Merge) on \S/;
const GROUP_HEADER = /^(?:SubPlan|InitPlan|CTE)\s+\S+/;
const SUMMARY_LINE =
  /^(?:Planning Time|Execution Time|Planning|JIT|Triggers|Trigger [^:]*|Settings|Query Identifier|Serialization|Memory):/;

/**
 * The lines of the text format, for rejoining what a wrap broke: under the root, a node (`->`), a node's property
 * (`Filter: ...`), a group header (`SubPlan 1`) or a write's target; the summary (`Execution Time: ...`) at the
 * root's level. A node line is whole once its numbers are closed.
 */
export const POSTGRES_TEXT_LINES: LineGrammar = {
  startsLine(line, { root, lines, index, started, afterCut }) {
    const text = line.text.trim();
    // The summary follows the plan: "Memory: 25kB" above a node is the rest of a "Sort Method: ..." line.
    if (SUMMARY_LINE.test(text)) return index > lastNode(lines);
    const indent = indentOf(line);
    if (indent <= indentOf(root)) return false;
    if (text.startsWith('->')) return true;
    if (GROUP_HEADER.test(text)) return true;
    if (!DETAIL_LINE.test(text) && !MODIFY_TARGET.test(text)) return false;
    if (!afterCut) return true;
    // After a cut, "  Memory Usage: 9kB" may be the rest of "Buckets: 1024  Batches: 1": a property starts only
    // where EXPLAIN prints one, two columns in from the text of the line it belongs to, before that node's children.
    const owner = started.findLastIndex((s) => indentOf(s) < indent);
    const ownerText = /^\s*(?:->\s*)?/.exec(started[owner]?.text ?? '')![0].length;
    return (
      owner >= 0 &&
      ownerText + 2 === indent &&
      !started.slice(owner + 1).some((s) => s.text.trimStart().startsWith('->'))
    );
  },
  isWhole(text) {
    const match = NODE_LINE.exec(text.trim().replace(/^->\s*/, ''));
    if (!match || !text.endsWith(')')) return false;
    const costs = match[2] !== undefined;
    const actuals = [6, 8, 9, 10].some((group) => match[group] !== undefined);
    return (costs || actuals) && (costs || !text.includes('(cost=')) && (actuals || !text.includes('(actual'));
  },
};

const lastNodes = new WeakMap<SourceLine[], number>();

/** The index of the last node line (`->`), once per text. */
function lastNode(lines: SourceLine[]): number {
  let last = lastNodes.get(lines);
  if (last === undefined) {
    last = lines.findLastIndex((l) => l.text.trimStart().startsWith('->'));
    lastNodes.set(lines, last);
  }
  return last;
}

/** Whether a line starts a PostgreSQL text plan: a node name with the numbers EXPLAIN prints, or a known name. */
export function looksLikePostgresText(firstLine: string): boolean {
  const match = NODE_LINE.exec(firstLine.trim().replace(/^->\s*/, ''));
  if (!match) return false;
  return match[2] !== undefined || match[8] !== undefined || match[10] !== undefined || isKnownName(match[1]!);
}

function isKnownName(name: string): boolean {
  return postgresNodeName(name).known;
}

interface Frame {
  /** Column of the frame's line: deeper lines belong to it. */
  indent: number;
  node: PlanNode;
  conditions: Map<string, string>;
}

export function readPostgresText(lines: SourceLine[], raw: string): PlanTree {
  const rootLine = lines[0]!;
  // A plan copied from one of its inner nodes starts with that node's arrow.
  const root = nodeFrom(rootLine, rootLine.text.trim().replace(/^->\s*/, ''), true);
  // Depths are the text's own indentation: line numbers or quote marks stripped before it may differ in width.
  const rootColumn = indentOf(rootLine);
  // Every later line is under the root, even when a prefix the client printed shifted the root line alone.
  const frames: Frame[] = [{ indent: -1, node: root.node, conditions: root.conditions }];
  const all: Frame[] = [frames[0]!];
  let executionTimeMs: number | undefined;
  let inSummary = false;

  for (const line of lines.slice(1)) {
    const text = line.text.trim();
    const column = indentOf(line);
    if (inSummary || (column <= rootColumn && SUMMARY_LINE.test(text))) {
      inSummary = true;
      if (!DETAIL_LINE.test(text)) throw unreadable(line);
      const time = /^Execution Time: ([\d.]+) ms/.exec(text);
      if (time) executionTimeMs = Number(time[1]);
      continue;
    }
    while (frames.length > 0 && frames.at(-1)!.indent >= column) frames.pop();
    const owner = frames.at(-1);
    if (!owner) throw unreadable(line);
    if (text.startsWith('->')) {
      const child = nodeFrom(line, text.replace(/^->\s*/, ''), false);
      owner.node.children.push(child.node);
      const frame = { indent: column, node: child.node, conditions: child.conditions };
      frames.push(frame);
      all.push(frame);
    } else if (GROUP_HEADER.test(text)) {
      // Plans under "SubPlan 1" belong to the node that owns the header, like JSON's "Parent Relationship": "SubPlan".
      frames.push({ indent: column, node: owner.node, conditions: owner.conditions });
      addDetail(owner.node, text);
    } else if (DETAIL_LINE.test(text)) {
      addNodeLine(owner, text);
    } else if (owner.node.node === 'ModifyTable' && MODIFY_TARGET.test(text)) {
      // A write to a partitioned or inherited table lists each table it writes: "Update on measurement_y2024m01 m_1".
      addDetail(owner.node, text);
    } else {
      throw unreadable(line);
    }
  }

  for (const frame of all) {
    const filter = filterOf(frame.conditions);
    if (filter !== undefined) frame.node.filter = filter;
  }
  parallelWallTimes(root.node);
  const tree: PlanTree = { root: root.node, totalCost: root.node.cost, raw, format: 'postgresql-text' };
  if (executionTimeMs !== undefined) tree.executionTimeMs = executionTimeMs;
  return tree;
}

function unreadable(line: SourceLine): PlanReadError {
  return new PlanReadError(startOf(line), {
    zh: '这一行不能接在上面的 PostgreSQL 文本计划之后（应为 "->" 开头的计划节点，或 "Filter: ..." 这样的节点信息）',
    en: 'this line does not continue the PostgreSQL text plan above it (expected a plan node starting with "->", or node information such as "Filter: ...")',
  });
}

function nodeFrom(
  line: SourceLine,
  text: string,
  isRoot: boolean,
): { node: PlanNode; conditions: Map<string, string> } {
  const match = NODE_LINE.exec(text);
  const printed = match?.[1]?.trim() ?? '';
  const hasNumbers = match !== null && (match[2] !== undefined || match[8] !== undefined || match[10] !== undefined);
  const name = postgresNodeName(printed);
  if (!match || printed === '' || (!hasNumbers && !name.known)) {
    throw new PlanReadError(startOf(line), {
      zh: isRoot ? '第一行应是计划的根节点' : '无法识别这个计划节点',
      en: isRoot ? 'the first line should be the root node of the plan' : 'this plan node is not recognized',
    });
  }
  const node: PlanNode = {
    node: name.type,
    rows: numberOf(match[4]) ?? 0,
    cost: numberOf(match[3]) ?? 0,
    warnings: [],
    children: [],
  };
  if (name.relation !== undefined) node.relation = name.relation;
  if (name.index !== undefined) node.index = name.index;
  if (printed !== name.type) node.details = [printed];
  if (match[10] !== undefined) {
    node.actualRows = 0;
    node.loops = 0;
  } else if (match[8] !== undefined) {
    const loops = match[9] === undefined ? 1 : Number(match[9]);
    node.actualRows = Number(match[8]);
    node.loops = loops;
    if (match[7] !== undefined) node.actualTimeMs = roundMs(Number(match[7]) * loops);
  }
  return { node, conditions: new Map() };
}

function addNodeLine(frame: Frame, text: string): void {
  const colon = text.indexOf(':');
  const key = text.slice(0, colon);
  if (isConditionKey(key)) frame.conditions.set(key, text.slice(colon + 1).trim());
  else addDetail(frame.node, text);
}

function addDetail(node: PlanNode, text: string): void {
  node.details = [...(node.details ?? []), text];
}
