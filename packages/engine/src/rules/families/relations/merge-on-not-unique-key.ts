import { child } from '../../../model/ast.ts';
import { coversUniqueKey } from '../../../schema/model.ts';
import { ctesOf, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import type { Rule } from '../../rule.ts';
import { boundColumns, conjuncts } from './helpers.ts';

/**
 * A PostgreSQL MERGE whose ON does not fix a primary or unique key of the target: a source row may match (and update
 * or delete) several target rows, and rows its WHEN NOT MATCHED inserts are held unique by nothing, so a MERGE run
 * twice at once inserts the same row twice instead of failing on a key. The ON is the MERGE's lookup of the target;
 * on its key it is one index probe per source row.
 */
export const mergeOnNotUniqueKey: Rule = {
  id: 'merge-on-not-unique-key',
  category: 'Other',
  severity: 'warning',
  dialects: ['postgresql'],
  example: {
    bad: 'MERGE INTO customer c USING customer_staging s ON c.c_phone = s.c_phone WHEN MATCHED THEN UPDATE SET c_name = s.c_name',
    good: 'MERGE INTO customer c USING customer_staging s ON c.c_custkey = s.c_custkey WHEN MATCHED THEN UPDATE SET c_name = s.c_name',
  },
  rewrites: false,
  title: { zh: 'MERGE 的 ON 条件没有固定目标表的唯一键', en: "MERGE's ON does not fix a unique key of the target" },
  rationale: {
    zh: 'MERGE 按 ON 条件在目标表中查找每一行来源数据。ON 没有固定目标表的主键或唯一键时，一行来源数据可能匹配并更新或删除多行目标数据；WHEN NOT MATCHED 插入的行也没有唯一键约束，两个同时执行的 MERGE 会重复插入同一行，而不是因键冲突报错。请让 ON 使用目标表的主键或唯一键（没有时先建唯一索引），这也让每行来源数据只需一次索引查找。',
    en: "MERGE looks each source row up in the target by its ON condition. When the ON does not fix a primary or unique key of the target, one source row may match, and update or delete, several target rows; and the rows WHEN NOT MATCHED inserts are held unique by nothing, so two MERGEs running at once insert the same row twice instead of failing on a key. Join on the target's primary or unique key (add a unique index if it has none); that also makes each source row one index probe.",
  },
  detect({ statement, schema }) {
    const ast = statement.ast;
    if (ast.type !== 'merge') return [];
    const sources = sourcesOf(ast, schema, ctesOf(ast));
    const target = sources[0];
    if (!target?.def || target.cte) return [];
    const bound = boundColumns(target, sources, conjuncts(child(ast, 'on')));
    if (coversUniqueKey(target.def, bound)) return [];
    return [
      matchAt(
        child(ast, 'on') ?? target.node,
        {
          zh: `ON 条件没有固定 ${target.table} 的主键或唯一键：一行来源数据可能匹配多行目标数据，插入的行也不受唯一键保护。`,
          en: `The ON condition does not fix a primary or unique key of ${target.table}: a source row may match several target rows, and the rows inserted are not kept unique.`,
        },
        statement.text,
      ),
    ];
  },
};
