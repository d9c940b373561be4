import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { isExprList, isLiteralOf } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { leadsIndex, type SchemaModel } from '../../../schema/model.ts';
import { isVolatile } from '../../../semantics/functions.ts';
import { isText } from '../../../semantics/types.ts';
import { matchAt } from '../../match-helpers.ts';
import { clauseEnd, selectCandidates } from '../../rewrite/layout.ts';
import { tokenView } from '../../rewrite/tokens.ts';
import { acceptChanges, type Change, firstFaithful } from '../../rewrite/verify.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { chainOf, numberValue, operatorOf, stringValue } from '../clauses/helpers.ts';
import {
  aggregates,
  andOf,
  asConjunct,
  grouped,
  hasSideEffects,
  isDistinct,
  isLiteral,
  isNotTrue,
  limited,
  nodeText,
  outputColumns,
  positionalParameters,
  reasons,
  sameName,
  singleTable,
  tableColumn,
  windowed,
} from './helpers.ts';

/**
 * `SELECT ... FROM t WHERE a = 1 OR b = 2`, with an index leading on a and another on b: one index
 * cannot serve both sides, so planners often scan the whole table (MySQL's index merge and PostgreSQL's
 * BitmapOr help only sometimes). One query per side, glued with UNION ALL, lets each use its own index:
 *
 *   SELECT ... WHERE a = 1 UNION ALL SELECT ... WHERE b = 2 AND (a = 1) IS NOT TRUE
 *
 * A row is in the original result when one side is TRUE. The first branch returns the rows where the
 * first side is TRUE; the second those where the second is TRUE and the first is not (FALSE or NULL:
 * `IS NOT TRUE` is TRUE for both). So every row comes out exactly once, duplicates of the table included,
 * whatever the NULLs. Sides on the same column stay together (`(a = 1 OR a = 3)`): one branch per
 * column, each excluding all earlier ones. The other conditions ANDed with the OR go into every branch.
 * Only for one table, without GROUP BY, DISTINCT, aggregates, window functions or LIMIT (each would
 * apply per branch). An ORDER BY stays after the last branch, which sorts the whole union, when it
 * names output columns (or positions): that is all a UNION's ORDER BY can name.
 */
export const orToUnionAll: Rule = {
  id: 'or-to-union-all',
  category: 'Index Usage',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey = 7 OR o_custkey = 42',
    good: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey = 7 UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderkey = 7) IS NOT TRUE',
  },
  rewrites: true,
  title: { zh: '把不同索引列上的 OR 改写为 UNION ALL', en: 'OR across indexed columns as UNION ALL' },
  rationale: {
    zh: 'WHERE a = 1 OR b = 2 中两个条件分别落在不同的列上时，一个索引无法同时满足两边，优化器常常只能全表扫描（MySQL 的 index merge、PostgreSQL 的 BitmapOr 只在部分情况下可用）。拆成每个条件一个查询、用 UNION ALL 合并后，每个分支都能使用自己的索引。后面的分支用 (前一个条件) IS NOT TRUE 排除前面分支已经返回的行（条件为 FALSE 或 NULL 时都成立），所以每一行恰好返回一次，表中的重复行和 NULL 都不影响结果。表结构显示每个条件的列都是某个索引的第一列时自动改写；只处理单表查询，且没有 GROUP BY、DISTINCT、聚合、窗口函数和 LIMIT；ORDER BY 只按输出列（或位置）排序时保留在最后，对整个结果排序。',
    en: "In WHERE a = 1 OR b = 2 with each side on a different column, one index cannot serve both sides, so planners often scan the whole table (MySQL's index merge and PostgreSQL's BitmapOr help only sometimes). One query per side, combined with UNION ALL, lets every branch use its own index. Each later branch excludes the rows of the earlier ones with (earlier condition) IS NOT TRUE, which holds when that condition is FALSE or NULL, so every row comes out exactly once: duplicates and NULLs cannot change the result. Rewritten when the table structure shows each side's column leading an index; only for single-table queries without GROUP BY, DISTINCT, aggregates, window functions or LIMIT. An ORDER BY that sorts by output columns (or positions) stays at the end and sorts the whole result.",
  },
  detect({ statement, schema }) {
    const query = statement.ast;
    if (statement.kind !== 'select' || child(query, '_next') || children(query, 'with').length > 0) return [];
    if (!singleTable(query)) return [];
    const found = orToSplit(child(query, 'where'));
    if (!found) return [];
    const refusal = refusalFor(statement, schema, query, found);
    const change = refusal ? undefined : unionChange(statement, query, found);
    const message = messageFor(found, refusal ?? (change ? undefined : reasons.text));
    const match = matchAt(found.or, message, statement.text);
    const [accepted] = acceptChanges(statement, [change]);
    return [accepted ? { ...match, edits: change!.edits } : match];
  },
};

interface Split {
  /** The OR chain. */
  or: AstNode;
  /** Its sides grouped by column, in the order the columns first appear: one branch per group. */
  groups: AstNode[][];
  /** Each group's column. */
  columns: AstNode[];
  /** The other conditions ANDed with the OR. */
  others: AstNode[];
}

/**
 * The first OR (the whole WHERE or one of its AND conditions) whose sides are all index-friendly tests
 * of a column, on at least two different columns.
 */
function orToSplit(where: AstNode | undefined): Split | undefined {
  if (!where) return undefined;
  const conditions = operatorOf(where) === 'OR' ? [where] : chainOf(where, 'AND');
  for (const or of conditions) {
    if (operatorOf(or) !== 'OR') continue;
    const sides = chainOf(or, 'OR');
    const columns = sides.map(searchedColumn);
    if (columns.some((c) => !c)) continue;
    const byColumn = new Map<string, { column: AstNode; sides: AstNode[] }>();
    sides.forEach((side, i) => {
      const key = columnRef(columns[i])!.column.toLowerCase();
      const group = byColumn.get(key) ?? { column: columns[i]!, sides: [] };
      group.sides.push(side);
      byColumn.set(key, group);
    });
    if (byColumn.size < 2) continue;
    const groups = [...byColumn.values()];
    return {
      or,
      groups: groups.map((g) => g.sides),
      columns: groups.map((g) => g.column),
      others: conditions.filter((c) => c !== or),
    };
  }
  return undefined;
}

/** The column of `col op literal`, `col IN (...)`, `col BETWEEN ...`, `col IS NULL` or `col LIKE 'prefix%'`. */
function searchedColumn(node: AstNode): AstNode | undefined {
  const operator = operatorOf(node);
  const left = child(node, 'left');
  const right = child(node, 'right');
  if (['=', '<', '<=', '>', '>='].includes(operator)) {
    if (columnRef(left) && isLiteral(right)) return left;
    if (columnRef(right) && isLiteral(left)) return right;
    return undefined;
  }
  if (!columnRef(left)) return undefined;
  if (operator === 'IN' || operator === 'BETWEEN') {
    const values = isExprList(right) ? children(right, 'value') : [];
    return values.length > 0 && values.every(isLiteral) ? left : undefined;
  }
  if (operator === 'IS') return isLiteralOf(right, 'null') ? left : undefined;
  if (operator === 'LIKE') {
    const pattern = stringValue(right);
    return pattern !== undefined && pattern.length > 0 && !/^[%_]/.test(pattern) ? left : undefined;
  }
  return undefined;
}

const refusals = {
  shape: {
    zh: '查询含 GROUP BY、DISTINCT、聚合、窗口函数、LIMIT 或加锁读，拆成 UNION ALL 后它们会按分支分别生效',
    en: 'the query has GROUP BY, DISTINCT, an aggregate, a window function, LIMIT or a locking read, which would apply to each branch separately',
  },
  volatile: {
    zh: '查询含 RAND()、NOW() 等不确定函数或变量，每个分支会各自求值',
    en: 'the query uses a nondeterministic function or variable (RAND(), NOW()...), which each branch would evaluate on its own',
  },
  schema: {
    zh: '需要表结构确认每个条件的列都是某个索引的第一列',
    en: "the table structure must show each side's column leading an index",
  },
  order: {
    zh: 'ORDER BY 不是按输出列名或位置排序，无法放在 UNION ALL 之后',
    en: 'the ORDER BY does not sort by output column names or positions, which is all an ORDER BY after a UNION ALL can do',
  },
} satisfies Record<string, Localized>;

/** Why the OR is not rewritten, or undefined when it is. */
function refusalFor(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  split: Split,
): Localized | undefined {
  if (
    grouped(query) ||
    isDistinct(query) ||
    aggregates(query) ||
    windowed(query) ||
    limited(query) ||
    hasSideEffects(query)
  ) {
    return refusals.shape;
  }
  if (isVolatile({ columns: query.columns, where: query.where, orderby: query.orderby })) return refusals.volatile;
  if (positionalParameters(query) > 0) return reasons.parameters;
  for (const [i, column] of split.columns.entries()) {
    const placed = tableColumn(statement.ast, schema, query, column);
    if (!placed) return refusals.schema;
    if (!leadsIndex(placed.table, placed.column.name)) {
      return {
        zh: `列 ${placed.column.name} 不是任何索引的第一列，拆开后这个分支仍要扫描全表`,
        en: `no index starts with ${placed.column.name}, so its branch would still scan the table`,
      };
    }
    // MySQL compares a text column with a number as numbers: no index on the column can serve that.
    const values = split.groups[i]!.flatMap((side) => [
      child(side, 'left'),
      child(side, 'right'),
      ...children(child(side, 'right') ?? {}, 'value'),
    ]);
    if (statement.dialect === 'mysql' && isText(placed.column) && values.some((v) => numberValue(v) !== undefined)) {
      return {
        zh: `文本列 ${placed.column.name} 与数字比较，会发生隐式类型转换，索引无法使用`,
        en: `the text column ${placed.column.name} is compared with a number, which converts every value and cannot use an index`,
      };
    }
  }
  return keepsOrder(statement, query) ? undefined : refusals.order;
}

/** Whether the ORDER BY (if any) only names output columns or positions, so it can sort the whole union. */
function keepsOrder(statement: ParsedStatement, query: AstNode): boolean {
  const items = children(query, 'orderby');
  if (items.length === 0) return true;
  const outputs = outputColumns(query);
  if (!outputs) return false;
  return items.every((item) => {
    const expr = child(item, 'expr');
    const position = numberValue(expr);
    if (position !== undefined) return Number.isInteger(position) && position >= 1 && position <= outputs.length;
    const ref = columnRef(expr);
    if (!ref || ref.table) return false;
    return outputs.filter((o) => o.name !== null && sameName(o.name, ref.column, statement.dialect)).length === 1;
  });
}

function messageFor(split: Split, refusal: Localized | undefined): Localized {
  const names = split.columns.map((c) => columnRef(c)!.column).join(', ');
  const base: Localized = {
    zh: `OR 连接了不同列（${names}）上的条件，一个索引无法同时满足，常导致全表扫描；可以改写为每个条件一个分支的 UNION ALL，后面的分支用 (前面的条件) IS NOT TRUE 排除已返回的行，让每个分支使用自己的索引。`,
    en: `The OR joins conditions on different columns (${names}); no single index serves them all, which often means a full scan. As a UNION ALL with one branch per condition, each later branch excluding earlier rows with (earlier condition) IS NOT TRUE, every branch can use its own index.`,
  };
  if (!refusal) return base;
  return {
    zh: `${base.zh}（${refusal.zh}，未自动改写。）`,
    en: `${base.en} (Not rewritten automatically: ${refusal.en}.)`,
  };
}

/** The whole statement as a UNION ALL of one branch per column, checked to parse to exactly that tree. */
function unionChange(statement: ParsedStatement, query: AstNode, split: Split): Change | undefined {
  const { dialect } = statement;
  const { tokens } = tokenView(statement);
  const otherTexts = split.others.map((c) => {
    const text = nodeText(statement, c);
    return text === undefined ? undefined : asConjunct(c, text);
  });
  const groupTexts = split.groups.map((sides) => {
    const texts = sides.map((side) => nodeText(statement, side));
    if (texts.some((t) => t === undefined)) return undefined;
    return sides.length > 1 ? `(${texts.join(' OR ')})` : texts[0]!;
  });
  if (otherTexts.some((t) => t === undefined) || groupTexts.some((t) => t === undefined)) return undefined;
  const conditions = split.groups.map((sides) => orOf(sides));
  const excluded = conditions.map((condition) => isNotTrue(condition, dialect));
  if (excluded.some((e) => !e)) return undefined;
  // The intended tree: branch k keeps the other conditions, takes group k and excludes groups 1..k-1.
  const last = conditions.length - 1;
  let intended: AstNode | undefined;
  for (let k = last; k >= 0; k--) {
    const where = andOf([...split.others, conditions[k]!, ...excluded.slice(0, k).map((e) => e!)]);
    const branch: AstNode = { ...query, where, orderby: k === last ? query.orderby : null };
    if (intended) Object.assign(branch, { _next: intended, set_op: 'union all' });
    intended = branch;
  }
  const candidates = selectCandidates(statement, query).flatMap((layout): Change[] => {
    const whereAt = layout.clauses.get('WHERE');
    const orderAt = layout.clauses.get('ORDER');
    const allowed = new Set(['FROM', 'WHERE', 'ORDER']);
    if (whereAt === undefined || [...layout.clauses.keys()].some((k) => !allowed.has(k))) return [];
    const head = statement.text.slice(tokens[layout.select]!.start, tokens[whereAt - 1]!.end);
    const order =
      orderAt === undefined
        ? ''
        : ` ${statement.text.slice(tokens[orderAt]!.start, tokens[clauseEnd(layout, orderAt)]!.end)}`;
    const branches = groupTexts.map((text, k) => {
      const excludedTexts = groupTexts.slice(0, k).map((earlier) => `${parenthesized(earlier!)} IS NOT TRUE`);
      return `${head} WHERE ${[...(otherTexts as string[]), text!, ...excludedTexts].join(' AND ')}`;
    });
    const text = `${branches.join(' UNION ALL ')}${order}`;
    const edit = { start: tokens[layout.select]!.start, end: tokens[layout.last]!.end, replacement: text };
    return [{ edits: [edit], replacements: new Map([[query, intended!]]) }];
  });
  return firstFaithful(statement, candidates);
}

function orOf(sides: AstNode[]): AstNode {
  return sides.reduce((left, right) => ({ type: 'binary_expr', operator: 'OR', left, right }));
}

/** A group's text in parentheses, once (a group of several sides already has them). */
function parenthesized(text: string): string {
  return text.startsWith('(') && text.endsWith(')') && balancedInside(text) ? text : `(${text})`;
}

function balancedInside(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    if (depth === 0 && i < text.length - 1) return false;
  }
  return depth === 0;
}
