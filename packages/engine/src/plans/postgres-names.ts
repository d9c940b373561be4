/**
 * PostgreSQL's text EXPLAIN prints a node as "Hash Left Join", "Index Scan Backward using idx on orders o",
 * "Partial HashAggregate"... The JSON format (and the planner's normalizer in packages/planner/src/pglite/plan-json.ts)
 * names the same node by its "Node Type" ("Hash Join", "Index Scan", "Aggregate") with the join type, direction and
 * strategy as separate keys. The user's text plan is read into the JSON conventions so both formats, and our own
 * sandbox plans, give the same tree; the printed name is kept in the node's details when it says more.
 */

/** Every "Node Type" of PostgreSQL 13-18 (src/backend/commands/explain.c). */
export const POSTGRES_NODE_TYPES = new Set([
  'Result',
  'ProjectSet',
  'ModifyTable',
  'Append',
  'Merge Append',
  'Recursive Union',
  'BitmapAnd',
  'BitmapOr',
  'Nested Loop',
  'Merge Join',
  'Hash Join',
  'Seq Scan',
  'Sample Scan',
  'Gather',
  'Gather Merge',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Index Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
  'Subquery Scan',
  'Function Scan',
  'Table Function Scan',
  'Values Scan',
  'CTE Scan',
  'Named Tuplestore Scan',
  'WorkTable Scan',
  'Foreign Scan',
  'Custom Scan',
  'Materialize',
  'Memoize',
  'Sort',
  'Incremental Sort',
  'Group',
  'Aggregate',
  'WindowAgg',
  'Unique',
  'SetOp',
  'LockRows',
  'Limit',
  'Hash',
]);

/** Node types whose JSON carries "Relation Name" (the table they read or write). */
const RELATION_NODES = new Set([
  'Seq Scan',
  'Sample Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
  'Foreign Scan',
  'Custom Scan',
  'ModifyTable',
]);

export interface PostgresNodeName {
  /** The JSON "Node Type". */
  type: string;
  relation?: string;
  index?: string;
  /** True when the name is one PostgreSQL prints (false: an unknown name, kept as printed). */
  known: boolean;
}

const JOIN_KINDS = '(?:Left|Right|Full|Semi|Anti|Right Semi|Right Anti)';
const HASH_OR_MERGE_JOIN = new RegExp(`^(Hash|Merge) (?:${JOIN_KINDS} )?Join$`);
const NESTED_LOOP = new RegExp(`^Nested Loop(?: ${JOIN_KINDS} Join)?$`);
const AGGREGATE = /^(?:(?:Partial|Finalize) )?(?:Hash|Group|Mixed)?Aggregate$/;
const SET_OP = /^(?:Hash)?SetOp (?:Intersect|Except)(?: All)?$/;
const MODIFY = /^(?:Insert|Update|Delete|Merge) on (.+)$/;
const INDEX_SCAN = /^(Index Scan|Index Only Scan)(?: Backward)? using (.+?) on (.+)$/;
const ON_SOMETHING = /^(.+?) on (.+)$/;

/** Reads the name part of a text EXPLAIN node line (without the `->` and the parenthesised numbers). */
export function postgresNodeName(printed: string): PostgresNodeName {
  const name = printed.replace(/^(?:Parallel |Async )+/, '').trim();
  const join = HASH_OR_MERGE_JOIN.exec(name);
  if (join) return { type: `${join[1]} Join`, known: true };
  if (NESTED_LOOP.test(name)) return { type: 'Nested Loop', known: true };
  if (AGGREGATE.test(name)) return { type: 'Aggregate', known: true };
  if (SET_OP.test(name)) return { type: 'SetOp', known: true };
  const modify = MODIFY.exec(name);
  if (modify) return { type: 'ModifyTable', relation: relationOf(modify[1]!), known: true };
  const index = INDEX_SCAN.exec(name);
  if (index) return { type: index[1]!, index: unquote(index[2]!), relation: relationOf(index[3]!), known: true };
  if (name.startsWith('Bitmap Index Scan on ')) {
    return { type: 'Bitmap Index Scan', index: unquote(name.slice('Bitmap Index Scan on '.length)), known: true };
  }
  const custom = /^Custom Scan \([^)]*\)(?: on (.+))?$/.exec(name);
  if (custom) return { type: 'Custom Scan', ...(custom[1] ? { relation: relationOf(custom[1]) } : {}), known: true };
  const on = ON_SOMETHING.exec(name);
  if (on && POSTGRES_NODE_TYPES.has(on[1]!)) {
    const type = on[1]!;
    return RELATION_NODES.has(type) ? { type, relation: relationOf(on[2]!), known: true } : { type, known: true };
  }
  if (POSTGRES_NODE_TYPES.has(name)) return { type: name, known: true };
  return { type: name, known: false };
}

/** `public.orders o` / `"Order Items" oi` -> the table name without schema and quotes. */
function relationOf(text: string): string {
  const identifiers = readIdentifiers(text);
  const qualified = identifiers[0] ?? text;
  return qualified.split('\u0000').at(-1)!;
}

/**
 * Splits `schema.table alias` into space-separated names; the parts of a dotted name are joined by \0 so that a
 * quoted name containing a dot stays one part.
 */
function readIdentifiers(text: string): string[] {
  const names: string[] = [];
  let current: string[] = [];
  let i = 0;
  const flush = () => {
    if (current.length > 0) names.push(current.join('\u0000'));
    current = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ') {
      flush();
      i++;
    } else if (ch === '.') {
      i++;
    } else if (ch === '"') {
      let part = '';
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          part += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else part += text[i++];
      }
      current.push(part);
    } else {
      let part = '';
      while (i < text.length && text[i] !== ' ' && text[i] !== '.') part += text[i++];
      current.push(part);
    }
  }
  flush();
  return names;
}

function unquote(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"') : trimmed;
}
