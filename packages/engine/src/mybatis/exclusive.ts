import type { ChooseNode, ConditionalNode, MapperStatement, SqlNode, TextNode } from './model.ts';
import { bodyOf } from './model.ts';
import { type Comparison, testComparisons } from './ognl.ts';
import { exclusiveComparisons, type FragmentLookup } from './render.ts';
import type { SourceFile } from './source.ts';

/**
 * Whether two places of a statement's XML can render in one run: a variant may render bodies no run renders together
 * (every parameter set turns on both `<if test="type == 1">` and `<if test="type == 2">`), so a finding about two
 * pieces of its text, a condition repeated, holds only when they can.
 */

/** What must hold for a text node to render: the conditionals around it and the `<choose>` branches it is in. */
type Decision = { readonly node: ConditionalNode } | { readonly choose: ChooseNode; readonly branch: number };

/** The decisions of each text node of the statement, through its includes (a fragment included twice: two lists). */
export function decisionsOfText(statement: MapperStatement, fragments: FragmentLookup): Map<TextNode, Decision[][]> {
  const found = new Map<TextNode, Decision[][]>();
  const walk = (nodes: readonly SqlNode[], decisions: Decision[], namespace: string, includes: string[]) => {
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          found.set(node, [...(found.get(node) ?? []), decisions]);
          break;
        case 'include': {
          const fragment = fragments(node.refid, namespace);
          const key = fragment && `${fragment.namespace}.${fragment.id}`;
          if (fragment && key && !includes.includes(key) && includes.length < 32) {
            walk(fragment.body, decisions, fragment.namespace, [...includes, key]);
          }
          break;
        }
        case 'choose':
          node.whens.forEach((when, branch) => {
            walk(when.body, [...decisions, { choose: node, branch }], namespace, includes);
          });
          if (node.otherwise) {
            walk(node.otherwise.body, [...decisions, { choose: node, branch: node.whens.length }], namespace, includes);
          }
          break;
        case 'if':
        case 'condition':
          walk(node.body, [...decisions, { node }], namespace, includes);
          break;
        default:
          walk(bodyOf(node), decisions, namespace, includes);
      }
    }
  };
  walk(statement.body, [], statement.namespace, []);
  return found;
}

/**
 * Whether the XML characters at two offsets can render together: false when every way each is reached excludes
 * every way the other is (two branches of one `<choose>`, or conditionals whose tests cannot both hold). Offsets
 * outside any text node (tag output) can.
 */
export function canRenderTogether(
  decisions: ReadonlyMap<TextNode, Decision[][]>,
  a: { file: SourceFile; offset: number },
  b: { file: SourceFile; offset: number },
): boolean {
  const ways = (at: { file: SourceFile; offset: number }) =>
    [...decisions].flatMap(([node, lists]) =>
      node.site.file === at.file && node.site.start <= at.offset && at.offset < node.site.end ? lists : [],
    );
  const left = ways(a);
  const right = ways(b);
  if (left.length === 0 || right.length === 0) return true;
  return left.some((x) => right.some((y) => !excludes(x, y)));
}

function excludes(a: Decision[], b: Decision[]): boolean {
  return a.some((x) =>
    b.some((y) => {
      if ('choose' in x && 'choose' in y) return x.choose === y.choose && x.branch !== y.branch;
      if ('node' in x && 'node' in y && x.node !== y.node) return exclusiveConditionals(x.node, y.node);
      return false;
    }),
  );
}

function exclusiveConditionals(a: ConditionalNode, b: ConditionalNode): boolean {
  if (a.kind === 'if' && b.kind === 'if') return exclusiveTests(a.test, b.test);
  if (a.kind === 'condition' && b.kind === 'condition') {
    if (a.property !== b.property) return false;
    const tests = [a.test, b.test].sort().join(' ');
    return tests === 'isNotNull isNull' || tests === 'isEmpty isNotEmpty' || exclusiveComparisons(a, b);
  }
  return false;
}

/**
 * Two OGNL tests that cannot both be true: each a conjunction of comparisons (testComparisons), one of which
 * contradicts one of the other's on the same name (`type == 1` and `type == 2`, `x == null` and `x != null`, `s ==
 * 'a'` and `s != 'a'`). A test with `or` or anything else is not read: it may hold with any other.
 */
export function exclusiveTests(a: string, b: string): boolean {
  const left = testComparisons(a);
  const right = testComparisons(b);
  return left.some((x) => right.some((y) => contradict(x, y)));
}

function contradict(x: Comparison, y: Comparison): boolean {
  if (x.name !== y.name) return false;
  if (x.equal && y.equal) return x.value !== y.value;
  if (x.equal !== y.equal) return x.value === y.value;
  return false;
}
