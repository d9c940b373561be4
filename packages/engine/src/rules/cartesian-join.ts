import { type AstNode, child, children, columnRef, walk } from '../model/ast.ts';
import { isBinaryExpr } from '../model/nodes.ts';
import { type SchemaModel, unquote } from '../schema/model.ts';
import { ctesOf, ownedSource, selectQueries, sourcesOf } from '../semantics/scope.ts';
import { matchAt } from './match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from './rule.ts';

/**
 * Tables listed in FROM with no condition tying them to the rest: every row pairs with every row.
 * A comma join is fine when WHERE relates the tables; CROSS JOIN written out is taken as intended, and USING
 * and NATURAL joins have their condition in the shared columns.
 */
export const cartesianJoin: Rule = {
  id: 'cartesian-join',
  category: 'Execution Plan',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'SELECT * FROM orders o, customer c WHERE o.o_totalprice > 100',
    good: 'SELECT * FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o.o_totalprice > 100',
  },
  rewrites: false,
  title: { zh: '缺少连接条件（笛卡尔积）', en: 'Missing join condition (Cartesian product)' },
  rationale: {
    zh: '没有条件关联的两张表会产生行数相乘的结果，通常是遗漏了连接条件。',
    en: 'Two tables with no condition relating them produce the product of their row counts; usually a join condition is missing.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    for (const query of selectQueries(statement.ast)) {
      const sources = children(query, 'from').filter((s) => typeof s.table === 'string');
      if (sources.length < 2) continue;
      const linked = linkedNames(statement.ast, query, schema);
      // An unqualified column we cannot place could be the missing link: stay silent rather than guess.
      if (linked === 'unknown') continue;
      const names = sources.map((s) => nameOf(s));
      const [first, ...rest] = sources;
      // USING and NATURAL joins carry their own condition (the shared columns) to the tables before them.
      const implicit = rest.filter(
        (s) =>
          s.using ||
          String(s.join ?? '')
            .toUpperCase()
            .includes('NATURAL'),
      );
      const connected = new Set([nameOf(first!), ...implicit.map(nameOf)]);
      // Grow the connected set through predicates that mention two tables, until nothing changes.
      let grew = true;
      while (grew) {
        grew = false;
        for (const pair of linked) {
          const [a, b] = pair;
          if (connected.has(a) && !connected.has(b) && names.includes(b)) grew = connected.add(b).size > 0;
          if (connected.has(b) && !connected.has(a) && names.includes(a)) grew = connected.add(a).size > 0;
        }
      }
      for (const source of rest) {
        const join = typeof source.join === 'string' ? source.join.toUpperCase() : '';
        if (join.includes('CROSS') || connected.has(nameOf(source))) continue;
        matches.push(
          matchAt(source, {
            zh: `表 ${nameOf(source)} 与其他表之间没有连接条件。`,
            en: `Table ${nameOf(source)} has no condition joining it to the other tables.`,
          }),
        );
      }
    }
    return matches;
  },
};

function nameOf(source: AstNode): string {
  return unquote(String(source.as ?? source.table)).toLowerCase();
}

/** Pairs of table names (or aliases) that appear together in one comparison of WHERE or ON. */
function linkedNames(ast: AstNode, query: AstNode, schema: SchemaModel): Array<[string, string]> | 'unknown' {
  const sources = sourcesOf(query, schema, ctesOf(ast));
  const pairs: Array<[string, string]> = [];
  let unknown = false;
  const conditions = [child(query, 'where'), ...children(query, 'from').map((s) => child(s, 'on'))];
  for (const condition of conditions) {
    if (!condition) continue;
    walk(condition, ({ node }) => {
      if (!isBinaryExpr(node) || ['AND', 'OR'].includes(String(node.operator).toUpperCase())) return;
      const tables = new Set<string>();
      let columns = 0;
      let unplaced = 0;
      walk(node, ({ node: inner }) => {
        const ref = columnRef(inner);
        if (!ref) return undefined;
        columns++;
        const owner = ref.table ? unquote(ref.table).toLowerCase() : ownedSource(ref, sources)?.name;
        if (owner) tables.add(owner);
        else unplaced++;
        return undefined;
      });
      if (columns >= 2 && unplaced > 0) unknown = true;
      const list = [...tables];
      for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) pairs.push([list[i]!, list[j]!]);
      return false;
    });
  }
  return unknown ? 'unknown' : pairs;
}
