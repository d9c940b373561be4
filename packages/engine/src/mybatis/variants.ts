import type { Dialect, Localized } from '@sqltune/contracts';
import {
  bodyOf,
  type ChooseNode,
  type ConditionalNode,
  type ForeachNode,
  type IfNode,
  type MapperStatement,
  type SqlNode,
} from './model.ts';
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
 * 3. every parameter set with one-item collections (when the statement has a loop), 4. a loop of pasted conditions
 * with no items (see criteriaLoops), with every other parameter null, then with every other parameter set but the
 * `<if>`s that paste `${}` of their own, 5. each `<choose>` branch not yet taken (`<otherwise>`, and "no branch" when
 * there is no `<otherwise>`), 6. each conditional body not yet rendered, forced on with every parameter null. Texts
 * that come out the same count once; what the bound leaves out is listed.
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
  const loops = criteriaLoops(statement, fragments);
  for (const point of points) {
    if (point.node.kind !== 'foreach' || !loops.has(point.node)) continue;
    const empty = new Map<SqlNode, boolean | number>([...point.requires, [point.node, 0]]);
    consider({ label: noCriteria(point.node, false, []), scenario: { set: false, items: 1, forced: empty } });
    // The `<if>`s outside the criteria that paste `${}` (`order by ${orderByClause}`) are off: planned without them.
    const inside = nodesUnder(point.node.body);
    const pasting = points.flatMap((p) =>
      p.node.kind === 'if' && !inside.has(p.node) && pastesOwnText(p.node) ? [p.node] : [],
    );
    const off = new Map<SqlNode, boolean | number>([...empty, ...pasting.map((n) => [n, false] as const)]);
    consider({
      label: noCriteria(point.node, true, pasting),
      scenario: { set: true, items: SET_COLLECTION_SIZE, forced: off },
    });
  }
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

/**
 * Loops whose items paste `${}` and which are the whole of a `<where>`: mybatis-generator's Example clause (`<where>
 * <foreach collection="oredCriteria">` of `and ${criterion.condition} #{criterion.value}`). Its criteria hide their
 * columns, so no variant with a criterion can be planned; with no criteria (`selectByExample(new Example())`, or
 * `deleteByExample` of an Example nobody filled) the `<where>` renders nothing and the statement reads or changes the
 * whole table: SQL that is all written, and a real risk to plan. Elsewhere an empty loop is not valid SQL (`id IN`).
 */
function criteriaLoops(statement: MapperStatement, fragments: FragmentLookup): Set<ForeachNode> {
  const found = new Set<ForeachNode>();
  const seen = new Set<SqlNode>();
  const walk = (nodes: readonly SqlNode[], namespace: string) => {
    for (const node of nodes) {
      if (seen.has(node)) continue;
      seen.add(node);
      if (node.kind === 'include') {
        const fragment = fragments(node.refid, namespace);
        if (fragment) walk(fragment.body, fragment.namespace);
        continue;
      }
      if (node.kind === 'trim' && /^where$/i.test(node.prefix.trim())) {
        const code = node.body.filter((n) => n.kind !== 'text' || n.text.trim() !== '');
        const [only] = code;
        if (code.length === 1 && only?.kind === 'foreach' && pastesText(only.body)) found.add(only);
      }
      if (node.kind === 'choose') {
        for (const when of node.whens) walk(when.body, namespace);
        if (node.otherwise) walk(node.otherwise.body, namespace);
      } else walk(bodyOf(node), namespace);
    }
  };
  walk(statement.body, statement.namespace);
  return found;
}

/** Every node in the nodes, at any depth (not through includes). */
function nodesUnder(nodes: readonly SqlNode[], found = new Set<SqlNode>()): Set<SqlNode> {
  for (const node of nodes) {
    found.add(node);
    if (node.kind === 'choose') {
      for (const when of node.whens) nodesUnder([when], found);
      nodesUnder(node.otherwise?.body ?? [], found);
    } else nodesUnder(bodyOf(node), found);
  }
  return found;
}

/** Whether text anywhere in the nodes (not through includes) pastes a `${}`. */
function pastesText(nodes: readonly SqlNode[]): boolean {
  return [...nodesUnder(nodes)].some((node) => node.kind === 'text' && node.text.includes('${'));
}

/** An `<if>` whose own text pastes a `${}` (`<if test="orderByClause != null">order by ${orderByClause}</if>`). */
function pastesOwnText(node: IfNode): boolean {
  return node.body.some((child) => child.kind === 'text' && child.text.includes('${'));
}

/** The label of a criteria loop's empty variant: every other parameter null, or set but the `<if>`s given. */
function noCriteria(loop: ForeachNode, set: boolean, off: readonly IfNode[]): Localized {
  const { line } = locationAt(loop.site.file, loop.site.start);
  const generated = /(^|\.)oredCriteria$/.test(loop.collection);
  const zh = `第 ${line} 行的 <foreach collection="${loop.collection}"> 没有项（${generated ? 'Example 没有任何条件，' : ''}WHERE 消失：整张表）`;
  const en = `<foreach collection="${loop.collection}"> (line ${line}) with no items (${generated ? 'an Example with no criteria, ' : ''}no WHERE: the whole table)`;
  if (!set) return { zh: `${zh}，其余参数为空`, en: `${en}, every other parameter null` };
  if (off.length === 0) return { zh: `${zh}，其余参数都有值`, en: `${en}, every other parameter set` };
  const tests = off.map((n) => `<if test="${n.test}">`).join(', ');
  return { zh: `${zh}，其余参数都有值，但 ${tests} 不成立`, en: `${en}, every other parameter set, ${tests} false` };
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
