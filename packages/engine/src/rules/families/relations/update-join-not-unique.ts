import { child } from '../../../model/ast.ts';
import { isUpdate } from '../../../model/nodes.ts';
import { coversUniqueKey } from '../../../schema/model.ts';
import { columnsIn, ctesOf, ownedSource, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { boundColumns, conjuncts, setItems, updateTargets } from './helpers.ts';

/**
 * An UPDATE that takes new values from another table joined on columns that are not unique there:
 * when a target row matches several rows, one of them supplies the value and which one is arbitrary.
 * PostgreSQL documents this for UPDATE ... FROM; MySQL's multi-table UPDATE behaves the same.
 */
export const updateJoinNotUnique: Rule = {
  id: 'update-join-not-unique',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'UPDATE customer c JOIN orders o ON o.o_custkey = c.c_custkey SET c.c_acctbal = o.o_totalprice',
    good: 'UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_totalprice = c.c_acctbal',
  },
  rewrites: false,
  title: { zh: '多表 UPDATE 的取值来源不唯一', en: 'Multi-table UPDATE takes values from a non-unique match' },
  rationale: {
    zh: 'UPDATE 从另一张表取值时，如果连接条件没有固定那张表的主键或唯一键，一行目标记录可能匹配多行，最终用哪一行的值是不确定的（PostgreSQL 文档对 UPDATE ... FROM 明确如此说明，MySQL 多表 UPDATE 同样如此），结果随执行计划变化且不会报错。请先按连接键聚合（如 MAX、SUM）成派生表再连接，或补全唯一键条件。',
    en: "When an UPDATE takes values from another table joined without fixing that table's primary or unique key, a target row may match several rows, and which one supplies the value is arbitrary (PostgreSQL documents this for UPDATE ... FROM; MySQL's multi-table UPDATE does the same). The result changes with the plan and no error is raised. Aggregate the source by the join key in a derived table first (MAX, SUM, ...), or complete the unique-key condition.",
  },
  detect({ statement, schema }) {
    const ast = statement.ast;
    if (!isUpdate(ast)) return [];
    const sources = sourcesOf(ast, schema, ctesOf(ast));
    const targets = updateTargets(ast, sources);
    if (sources.length < 2 || !targets) return [];
    const conditions = [child(ast, 'where'), ...sources.map((s) => child(s.node, 'on'))].flatMap(conjuncts);
    const matches: RuleMatch[] = [];
    for (const source of sources) {
      if (targets.has(source) || !source.def) continue;
      const readBySet = setItems(ast).some(({ value }) =>
        columnsIn(value).some(({ ref }) => ownedSource(ref, sources) === source),
      );
      if (!readBySet || coversUniqueKey(source.def, boundColumns(source, sources, conditions))) continue;
      matches.push(
        matchAt(
          source.node,
          {
            zh: `连接条件没有固定 ${source.table} 的唯一键，一行目标记录可能匹配多行，取到的值不确定。`,
            en: `The join does not fix a unique key of ${source.table}: a target row may match several rows, and the value taken is arbitrary.`,
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
