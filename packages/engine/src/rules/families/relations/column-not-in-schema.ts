import { type AstNode, type ColumnRef, children, columnRef, walk } from '../../../model/ast.ts';
import { isUpdate } from '../../../model/nodes.ts';
import { findColumn, unquote } from '../../../schema/model.ts';
import { ctesOf, ownerIn, ownWalk, type QueryScope, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

/** Words the grammar reads as column names in some positions (`GET_FORMAT(DATE, ...)`, `SELECT USER`). */
const keywordLike = new Set([
  'USER',
  'CURRENT_USER',
  'SESSION_USER',
  'SYSTEM_USER',
  'CURRENT_ROLE',
  'CURRENT_CATALOG',
  'CURRENT_SCHEMA',
  'DATE',
  'TIME',
  'DATETIME',
  'TIMESTAMP',
  'YEAR',
  'QUARTER',
  'MONTH',
  'WEEK',
  'DAY',
  'HOUR',
  'MINUTE',
  'SECOND',
  'MICROSECOND',
  'CURRENT_DATE',
  'CURRENT_TIME',
  'CURRENT_TIMESTAMP',
  'LOCALTIME',
  'LOCALTIMESTAMP',
  'TRUE',
  'FALSE',
  'NULL',
  'UNKNOWN',
  'DEFAULT',
]);

/** Columns every table has without declaring them: PostgreSQL system columns, MySQL's _rowid. */
const implicitColumns = new Set(['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'oid', '_rowid']);

/**
 * A column the schema says its table does not have: `o.o_custid` when orders has no such column. The
 * statement fails ("Unknown column" / "column does not exist"). Qualified columns are checked against
 * their table; unqualified ones only when every table in reach is known and none has the column.
 */
export const columnNotInSchema: Rule = {
  id: 'column-not-in-schema',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: "SELECT o.o_orderkey, o.o_custid FROM orders o WHERE o.o_orderdate >= DATE '1995-01-01'",
    good: "SELECT o.o_orderkey, o.o_custkey FROM orders o WHERE o.o_orderdate >= DATE '1995-01-01'",
  },
  rewrites: false,
  title: { zh: '列在表结构中不存在', en: 'Column not in the table structure' },
  rationale: {
    zh: '按提供的表结构，这个列在对应的表中不存在，语句执行时会报错（Unknown column / column does not exist）。常见原因是拼写错误、表别名用错，或者表结构已经变更。请核对列名和别名；如果表结构不是最新的，请更新后重新分析。',
    en: 'Per the given table structure, the table has no such column, and the statement fails when run (Unknown column / column does not exist). Usual causes are a typo, the wrong table alias, or a changed table. Check the column and alias; if the structure is out of date, update it and analyze again.',
  },
  detect({ statement, schema }) {
    if (schema.tables.length === 0) return [];
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    const aliases = outputAliases(statement.ast);
    for (const scope of queryScopes(statement.ast)) {
      const chain = [scope.query, ...[...scope.outer].reverse()].map((q) => sourcesOf(q, schema, ctes));
      const report = (node: AstNode | undefined, ref: ColumnRef, missing: string[]) => {
        const message =
          missing.length === 1
            ? {
                zh: `表 ${missing[0]} 中没有列 ${ref.column}。`,
                en: `Table ${missing[0]} has no column ${ref.column}.`,
              }
            : {
                zh: `可见的表（${missing.join('、')}）中都没有列 ${ref.column}。`,
                en: `None of the tables in reach (${missing.join(', ')}) has a column ${ref.column}.`,
              };
        matches.push(node ? matchAt(node, message, statement.text) : { message });
      };
      ownWalk(scope.query, ({ node, keys }) => {
        const ref = columnRef(node);
        if (!ref) return undefined;
        if (ref.column === '*' || implicitColumns.has(unquote(ref.column).toLowerCase())) return false;
        // ORDER BY of a UNION names the first branch's output columns, whichever branch holds it.
        const missing = ref.table
          ? missingQualified(ref, chain)
          : keys[0] === 'orderby'
            ? undefined
            : missingUnqualified(ref, chain, scope, aliases);
        if (missing) report(node, ref, missing);
        return false;
      });
      // MySQL's grammar gives SET targets as plain names, not column references.
      if (isUpdate(scope.query)) {
        for (const item of children(scope.query, 'set')) {
          if (typeof item.column !== 'string' || implicitColumns.has(item.column.toLowerCase())) continue;
          const ref = { table: typeof item.table === 'string' ? item.table : null, column: item.column };
          const missing = ref.table ? missingQualified(ref, chain) : missingUnqualified(ref, chain, scope, aliases);
          if (missing) report(undefined, ref, missing);
        }
      }
    }
    return matches;
  },
};

type Chain = ReturnType<typeof sourcesOf>[];

/** The table when `t.col` names a known table without that column. */
function missingQualified(ref: ColumnRef, chain: Chain): string[] | undefined {
  for (const sources of chain) {
    const owner = ownerIn(ref, sources);
    if (owner === 'none') continue;
    if (typeof owner !== 'object' || !owner.def) return undefined;
    return findColumn(owner.def, ref.column) ? undefined : [owner.def.name];
  }
  return undefined;
}

/** The tables in reach when none of them, all known, has the column. */
function missingUnqualified(
  ref: ColumnRef,
  chain: Chain,
  scope: QueryScope,
  aliases: Set<string>,
): string[] | undefined {
  const name = unquote(ref.column);
  if (keywordLike.has(name.toUpperCase()) || aliases.has(name.toLowerCase()) || /^[@:$?\d]/.test(name))
    return undefined;
  // A FROM subquery may be LATERAL and see the tables beside it: not enough is known there.
  if (scope.withinDerived && !(scope.kind === 'cte' && scope.outer.length === 0)) return undefined;
  const all = chain.flat();
  if (all.length === 0 || all.some((s) => !s.def)) return undefined;
  // PostgreSQL reads a bare table alias as the whole row: row_to_json(o).
  if (all.some((s) => s.name === name.toLowerCase())) return undefined;
  if (all.some((s) => findColumn(s.def, name))) return undefined;
  return [...new Set(all.map((s) => s.def!.name))];
}

/** Every output alias of the statement: ORDER BY and friends may name them. */
function outputAliases(ast: AstNode): Set<string> {
  const aliases = new Set<string>();
  walk(ast, ({ node, key }) => {
    if (key === 'columns' && typeof node.as === 'string') aliases.add(unquote(node.as).toLowerCase());
    return undefined;
  });
  return aliases;
}
