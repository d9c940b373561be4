import { isMissingTable } from '../../../schema/inferred-tables.ts';
import { ctesOf, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

/**
 * A table the statement reads that the given table structure does not define. Either the name is
 * wrong (the statement fails), or the structure is incomplete, in which case every schema-aware rule
 * skips that table (the optimizer plans it as schema/inferred-tables.ts infers it). Only reported when a
 * structure was given.
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
    zh: '语句读取的表没有出现在提供的表结构中：要么表名写错了（语句执行时会报错），要么表结构不完整——这时依赖表结构的检查（类型、可空性）会跳过这张表，优化器按语句读取的列和由用法推断的类型来规划它（报告的说明列出这些列），所以它的计划和索引建议只是近似。请核对表名，或补充这张表的 CREATE TABLE。',
    en: "The statement reads a table the given table structure does not define: either the name is wrong (the statement fails when run), or the structure is incomplete. Then the structure-aware checks (types, nullability) skip this table, and the optimizer plans it with the columns the statement reads, typed by how they are used (the report's note lists them), so its plans and index advice are approximate. Check the name, or add the CREATE TABLE for it.",
  },
  detect({ statement, schema }) {
    if (schema.tables.length === 0) return [];
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    const reported = new Set<string>();
    for (const { query } of queryScopes(statement.ast)) {
      for (const source of sourcesOf(query, schema, ctes)) {
        // `FROM ${table}`: the name is only known at run time (template-placeholder-in-sql reports the `${}`).
        if (!isMissingTable(source, schema)) continue;
        const name = source.table!.toLowerCase();
        if (reported.has(name)) continue;
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
