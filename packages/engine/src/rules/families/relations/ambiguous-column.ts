import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { findColumn, unquote } from '../../../schema/model.ts';
import { columnsIn, ctesOf, ownWalk, queryScopes, type Source, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { label } from './helpers.ts';

/**
 * An unqualified column that two tables of the query both have, per the schema: the database cannot
 * tell which one is meant and rejects the statement ("Column 'x' is ambiguous"). Columns named in
 * USING are merged and stay legal; ORDER BY, GROUP BY and HAVING may name output columns, so they are
 * left alone.
 */
export const ambiguousColumn: Rule = {
  id: 'ambiguous-column',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey, o2.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey AND o2.o_orderdate > o1.o_orderdate',
    good: 'SELECT o1.o_orderkey, o2.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey AND o2.o_orderdate > o1.o_orderdate',
  },
  rewrites: false,
  title: { zh: '列名有歧义', en: 'Ambiguous column' },
  rationale: {
    zh: '多表查询中没有加表名前缀的列，如果在两张表里都存在，数据库无法判断指哪一列，语句会直接报错（Column ... is ambiguous）。即使今天只有一张表有这个列，日后给另一张表加同名列也会让语句失效，所以多表查询中请始终用表别名限定列。',
    en: 'In a multi-table query, an unqualified column that exists in two of the tables cannot be resolved, and the statement fails (column ... is ambiguous). Even when only one table has the column today, adding a same-named column to another table later breaks the statement, so qualify columns with table aliases in multi-table queries.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      if (sources.length < 2 || sources.some((s) => s.name === 'natural')) continue;
      const merged = new Set(
        sources.flatMap((s) => children(s.node, 'using').map((u) => unquote(String(u.value ?? '')).toLowerCase())),
      );
      const check = (node: AstNode, visible: Source[]) => {
        const ref = columnRef(node);
        if (!ref || ref.table || ref.column === '*' || merged.has(unquote(ref.column).toLowerCase())) return;
        const owners = visible.filter((s) => s.def && findColumn(s.def, ref.column));
        if (owners.length < 2) return;
        matches.push(
          matchAt(
            node,
            {
              zh: `列 ${ref.column} 同时存在于 ${owners.map(label).join('、')} 中，必须加表别名限定，否则语句会报错。`,
              en: `Column ${ref.column} exists in ${owners.map(label).join(' and ')}; qualify it, or the statement fails as ambiguous.`,
            },
            statement.text,
          ),
        );
      };
      ownWalk(query, ({ node, keys }) => {
        if (['from', 'orderby', 'groupby', 'having'].includes(keys[0]!)) return false;
        // PostgreSQL's UPDATE ... SET target (and a MERGE's, under `when.action.set`) is always the target's column.
        if (keys.at(-1) === 'set') return undefined;
        if (columnRef(node)) {
          check(node, sources);
          return false;
        }
        return undefined;
      });
      // ON sees only the tables joined so far.
      sources.forEach((source, i) => {
        for (const { node } of columnsIn(child(source.node, 'on'))) check(node, sources.slice(0, i + 1));
      });
    }
    return matches;
  },
};
