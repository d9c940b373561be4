import { ctesOf, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

const systemSchemas = new Set(['information_schema', 'performance_schema', 'mysql', 'sys', 'pg_catalog']);

/**
 * A table the statement reads that the given table structure does not define. Either the name is
 * wrong (the statement fails), or the structure is incomplete, in which case every schema-aware check
 * skips that table. Only reported when a structure was given.
 */
export const tableNotInSchema: Rule = {
  id: 'table-not-in-schema',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey, c.c_name FROM orders o JOIN customers c ON c.c_custkey = o.o_custkey',
    good: 'SELECT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
  },
  rewrites: false,
  title: { zh: '表在表结构中不存在', en: 'Table not in the table structure' },
  rationale: {
    zh: '语句读取的表没有出现在提供的表结构中：要么表名写错了（语句执行时会报错），要么表结构不完整——这时所有依赖表结构的检查（索引、类型、可空性）都会跳过这张表。请核对表名，或补充这张表的 CREATE TABLE。',
    en: 'The statement reads a table the given table structure does not define: either the name is wrong (the statement fails when run), or the structure is incomplete, and then every structure-aware check (indexes, types, nullability) skips this table. Check the name, or add the CREATE TABLE for it.',
  },
  detect({ statement, schema }) {
    if (schema.tables.length === 0) return [];
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    const reported = new Set<string>();
    for (const { query } of queryScopes(statement.ast)) {
      for (const source of sourcesOf(query, schema, ctes)) {
        if (!source.table || source.cte || source.def) continue;
        const db = typeof source.node.db === 'string' ? source.node.db.toLowerCase() : null;
        const name = source.table.toLowerCase();
        if ((db && systemSchemas.has(db)) || name === 'dual' || (!db && name.startsWith('pg_'))) continue;
        // `FROM ${table}`: the name is only known at run time (template-placeholder-in-sql reports the `${}`).
        if (name.startsWith('${')) continue;
        if (reported.has(name) || schema.views?.some((view) => view.toLowerCase() === name)) continue;
        reported.add(name);
        matches.push(
          matchAt(
            source.node,
            {
              zh: `表结构中没有表 ${source.table}。`,
              en: `The table structure has no table ${source.table}.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};
