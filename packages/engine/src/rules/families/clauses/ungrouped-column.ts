import { type AstNode, type ColumnRef, child, children, columnRef } from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import { coversUniqueKey, type SchemaModel } from '../../../schema/model.ts';
import { sameExpression } from '../../../semantics/equality.ts';
import { isAggregate, isWindow } from '../../../semantics/functions.ts';
import { resolve, resolveColumn, statementQueries } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  chainOf,
  containsAggregate,
  groupItems,
  groupingSetMeanings,
  operatorOf,
  pinnedColumns,
  sameColumn,
  selectItems,
  visitExpression,
} from './helpers.ts';

/**
 * `SELECT c_name, COUNT(*) ... GROUP BY c_nationkey`: a selected column that is neither grouped nor
 * aggregated has no single value per group. PostgreSQL rejects it; MySQL rejects it under ONLY_FULL_GROUP_BY
 * (the default since 5.7) and otherwise returns an arbitrary row's value. A column that depends on a grouped
 * primary or unique key is allowed by both, so with GROUP BY the rule needs the table's keys from the schema.
 */
export const ungroupedColumn: Rule = {
  id: 'ungrouped-column',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_nationkey, c_name, COUNT(*) FROM customer GROUP BY c_nationkey',
    good: 'SELECT c_nationkey, COUNT(*) FROM customer GROUP BY c_nationkey',
  },
  rewrites: false,
  title: { zh: '选择了未分组也未聚合的列', en: 'Selected column neither grouped nor aggregated' },
  rationale: {
    zh: '分组查询中，选择列表里的列必须出现在 GROUP BY 中、被聚合函数包裹，或由已分组的主键决定（MySQL 也接受非空的唯一键）。否则每个分组里这一列可能有多个值：PostgreSQL 会直接报错；MySQL 在默认的 ONLY_FULL_GROUP_BY 模式下同样报错，关闭该模式时则返回组内任意一行的值，结果不确定。请把该列加入 GROUP BY，或用 MAX()、MIN()、ANY_VALUE() 等聚合明确取哪个值。',
    en: 'In a grouped query every selected column must be in GROUP BY, inside an aggregate, or determined by a grouped primary key (MySQL also accepts a NOT NULL unique key). Otherwise the column can hold several values per group: PostgreSQL rejects the query, MySQL rejects it under the default ONLY_FULL_GROUP_BY mode and, with that mode off, returns the value of an arbitrary row. Add the column to GROUP BY, or say which value you want with MAX(), MIN(), ANY_VALUE() or another aggregate.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    for (const { query, key, ancestors } of statementQueries(statement.ast)) {
      if (!isSelect(query)) continue;
      const items = selectItems(query);
      const grouped = groupItems(query).length > 0;
      if (!grouped && !items.some((i) => containsAggregate(i.expr))) continue;
      const outermost = (key === '' || key === '_next') && ancestors.every((a) => isSelect(a));
      const known = [...groupingSetMeanings(query, true), ...pinnedColumns(query)];
      const columns = grouped ? closeOverEqualities(known, equalities(query)) : known;
      for (const { expr } of items) {
        visitExpression(expr, (node) => {
          if (known.some((k) => sameExpression(k, node))) return false;
          if (isAggregate(node) || isWindow(node)) return false;
          const ref = columnRef(node);
          if (!ref) return undefined;
          if (ref.column === '*' || columns.some((k) => sameColumn(k, node))) return false;
          if (!grouped) {
            // One implicit group: any plain column of this query's own tables is ambiguous.
            if (!isLocal(statement.ast, schema, query, ref, outermost)) return false;
          } else if (
            !resolveColumn(statement.ast, schema, query, ref) ||
            dependsOnGroupedKey(statement.ast, query, node, schema, columns)
          ) {
            return false;
          }
          const name = ref.table ? `${ref.table}.${ref.column}` : ref.column;
          matches.push(
            matchAt(
              node,
              grouped
                ? {
                    zh: `${name} 既不在 GROUP BY 中，也没有被聚合，每个分组里它可能有多个值。`,
                    en: `${name} is neither in GROUP BY nor aggregated, so it can hold several values per group.`,
                  }
                : {
                    zh: `查询使用了聚合却没有 GROUP BY，${name} 没有被聚合，取值不确定。`,
                    en: `The query aggregates without GROUP BY, and ${name} is not aggregated, so its value is undetermined.`,
                  },
              statement.text,
            ),
          );
          return false;
        });
      }
    }
    return matches;
  },
};

/** Whether a column belongs to this query's own FROM (not an outer query's, as in a correlated subquery). */
function isLocal(ast: AstNode, schema: SchemaModel, query: AstNode, ref: ColumnRef, outermost: boolean): boolean {
  return (outermost && !ref.table) || resolve(ast, schema, query, ref).kind === 'local';
}

/** Column pairs equated in WHERE or ON (`a.x = b.y`): MySQL treats such columns as grouped together. */
function equalities(query: AstNode): Array<[AstNode, AstNode]> {
  const conditions = [child(query, 'where'), ...children(query, 'from').map((s) => child(s, 'on'))];
  return conditions.flatMap((condition) =>
    chainOf(condition, 'AND').flatMap((c): Array<[AstNode, AstNode]> => {
      const left = child(c, 'left');
      const right = child(c, 'right');
      return operatorOf(c) === '=' && columnRef(left) && columnRef(right) ? [[left!, right!]] : [];
    }),
  );
}

/** The grouped columns plus every column equated with one of them. */
function closeOverEqualities(known: AstNode[], equal: Array<[AstNode, AstNode]>): AstNode[] {
  const grouped = [...known];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [a, b] of equal) {
      const hasA = grouped.some((g) => sameColumn(g, a));
      const hasB = grouped.some((g) => sameColumn(g, b));
      if (hasA !== hasB) {
        grouped.push(hasA ? b : a);
        grew = true;
      }
    }
  }
  return grouped;
}

/** Whether the column's table has a primary or unique key whose columns are all grouped. */
function dependsOnGroupedKey(ast: AstNode, query: AstNode, column: AstNode, schema: SchemaModel, grouped: AstNode[]) {
  const owner = resolve(ast, schema, query, columnRef(column)!);
  if (owner.kind !== 'local' || !owner.source.def || !owner.column) return false;
  const groupedHere = new Set(
    grouped.flatMap((g) => {
      const ref = columnRef(g);
      const at = ref ? resolve(ast, schema, query, ref) : undefined;
      return at?.kind === 'local' && at.source.node === owner.source.node && at.column
        ? [at.column.name.toLowerCase()]
        : [];
    }),
  );
  return coversUniqueKey(owner.source.def, groupedHere);
}
