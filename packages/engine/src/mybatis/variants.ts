import type { Dialect, Localized } from '@sqltune/contracts';
import type { ChooseNode, ConditionalNode, MapperStatement, SqlNode } from './model.ts';
import { SET_COLLECTION_SIZE } from './ognl.ts';
import {
  type DecisionPoint,
  decisionPoints,
  type FragmentLookup,
  type Rendered,
  renderStatement,
  type Scenario,
} from './render.ts';
import { locationAt } from './source.ts';

/**
 * The representative SQL texts of a statement. In order, until MAX_VARIANTS distinct texts:
 * 1. every parameter set (collections of three items), 2. every parameter null (collections of one item),
 * 3. every parameter set with one-item collections (when the statement has a loop), 4. each `<choose>` branch not yet
 * taken (`<otherwise>`, and "no branch" when there is no `<otherwise>`), 5. each conditional body not yet rendered,
 * forced on with every parameter null. Texts that come out the same count once; what the bound leaves out is listed.
 */
export const MAX_VARIANTS = 16;

export interface Variant {
  /** 1-based, in the order above. */
  readonly number: number;
  readonly label: Localized;
  readonly scenario: Scenario;
  readonly rendered: Rendered;
}

export interface Variants {
  readonly variants: readonly Variant[];
  /** Scenarios not rendered because the bound was reached. */
  readonly leftOut: readonly Localized[];
}

interface Candidate {
  readonly label: Localized;
  readonly scenario: Scenario;
}

export function expandVariants(statement: MapperStatement, fragments: FragmentLookup, dialect: Dialect): Variants {
  const points = decisionPoints(statement, fragments);
  const variants: Variant[] = [];
  const texts = new Set<string>();
  const reached = new Set<SqlNode>();
  const taken = new Map<ChooseNode, Set<number>>();
  const leftOut: Localized[] = [];
  const consider = (candidate: Candidate) => {
    if (variants.length >= MAX_VARIANTS) {
      leftOut.push(candidate.label);
      return;
    }
    const rendered = renderStatement(statement, candidate.scenario, fragments, dialect);
    for (const node of rendered.reached) reached.add(node);
    for (const [choose, branch] of rendered.choices) {
      taken.set(choose, (taken.get(choose) ?? new Set()).add(branch));
    }
    if (texts.has(rendered.sql.text)) return;
    texts.add(rendered.sql.text);
    variants.push({ number: variants.length + 1, ...candidate, rendered });
  };
  consider({ label: allSet, scenario: { set: true, items: SET_COLLECTION_SIZE, forced: new Map() } });
  consider({ label: noneSet, scenario: { set: false, items: 1, forced: new Map() } });
  const hasLoop = points.some((p) => p.node.kind === 'foreach' || p.node.kind === 'iterate');
  if (hasLoop) consider({ label: oneItem, scenario: { set: true, items: 1, forced: new Map() } });
  for (const point of points) {
    if (point.node.kind !== 'choose') continue;
    const choose = point.node;
    for (const branch of branchesOf(choose)) {
      if (taken.get(choose)?.has(branch)) continue;
      const forced = new Map<SqlNode, boolean | number>([...point.requires, [choose, branch]]);
      consider({ label: branchLabel(choose, branch), scenario: { set: true, items: SET_COLLECTION_SIZE, forced } });
    }
  }
  for (const point of points) {
    if (!isConditional(point.node) || reached.has(point.node)) continue;
    consider(forcedOn(point, point.node));
  }
  return { variants, leftOut };
}

function branchesOf(choose: ChooseNode): number[] {
  const branches = choose.whens.map((_, i) => i);
  branches.push(choose.otherwise ? choose.whens.length : -1);
  return branches;
}

function isConditional(node: SqlNode): node is ConditionalNode {
  return node.kind === 'if' || node.kind === 'condition';
}

/** A conditional body never rendered so far: on, with what it needs, every other parameter null. */
function forcedOn(point: DecisionPoint, node: ConditionalNode): Candidate {
  const forced = new Map<SqlNode, boolean | number>([...point.requires, [node, true]]);
  const { line } = locationAt(node.site.file, node.site.start);
  const test = node.kind === 'if' ? `test="${node.test}"` : `property="${node.property}"`;
  const tag = node.site.tag;
  return {
    label: {
      zh: `仅第 ${line} 行的 <${tag} ${test}> 成立，其余参数为空`,
      en: `only <${tag} ${test}> (line ${line}) true, every other parameter null`,
    },
    scenario: { set: false, items: 1, forced },
  };
}

function branchLabel(choose: ChooseNode, branch: number): Localized {
  const { line } = locationAt(choose.site.file, choose.site.start);
  const when = choose.whens[branch];
  if (when) {
    return {
      zh: `第 ${line} 行的 <choose> 走 <when test="${when.test}">`,
      en: `<choose> (line ${line}) takes <when test="${when.test}">`,
    };
  }
  return branch === -1
    ? {
        zh: `第 ${line} 行的 <choose> 没有分支成立（无 <otherwise>）`,
        en: `<choose> (line ${line}) takes no branch (it has no <otherwise>)`,
      }
    : { zh: `第 ${line} 行的 <choose> 走 <otherwise>`, en: `<choose> (line ${line}) takes <otherwise>` };
}

const allSet: Localized = {
  zh: `所有参数都有值（集合 ${SET_COLLECTION_SIZE} 项）`,
  en: `every parameter set (collections of ${SET_COLLECTION_SIZE} items)`,
};
const noneSet: Localized = { zh: '所有参数为空（集合 1 项）', en: 'every parameter null (collections of 1 item)' };
const oneItem: Localized = { zh: '所有参数都有值，集合只有 1 项', en: 'every parameter set, collections of 1 item' };
