import type { Localized } from '@sqltune/contracts';
import { type AstNode, children, columnRef, functionName } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isDateComparison } from '../../date-function-to-range.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { replaceNode } from '../../rewrite/replace.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, inFilter, type Rule } from '../../rule.ts';
import {
  columnLabel,
  comparisonOperators,
  dateArithmetic,
  dateCastOperand,
  dateConstant,
  locateDateCast,
  operatorOf,
  type Proposal,
  rangeText,
  schemaColumn,
} from './helpers.ts';

/**
 * `CAST(d AS DATE)`, `d::date` or `DATE(d)` on a column that already is a DATE: the cast changes no
 * value, but it hides `d` from its index. It is removed in WHERE, ON and HAVING.
 *
 * In PostgreSQL a cast of a date to date is the identity, so it goes wherever it stands in a filter.
 * In MySQL the value is the same too, but a column and a function result are not always compared the
 * same way with a value of another type (MySQL converts a constant to a column's type), so there the
 * cast is removed only where it is compared (=, <>, <, <=, >, >=, <=>, BETWEEN, IN) with date values:
 * a 'YYYY-MM-DD' string, a DATE literal, a DATE column, another cast to DATE, CURDATE(), or date
 * arithmetic on a date constant. On a column that is not known to be a DATE, comparisons with a 'YYYY-MM-DD'
 * string are date-function-to-range's (a range for DATETIME/TIMESTAMP columns, advice without the structure).
 */
export const redundantDateCast: Rule = {
  id: 'redundant-date-cast',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: "SELECT l_orderkey FROM lineitem WHERE CAST(l_shipdate AS DATE) >= DATE '1994-01-01'",
    good: "SELECT l_orderkey FROM lineitem WHERE l_shipdate >= DATE '1994-01-01'",
  },
  rewrites: true,
  title: { zh: '对 DATE 列做多余的 DATE 转换', en: 'Redundant DATE cast on a DATE column' },
  rationale: {
    zh: 'CAST(d AS DATE)、d::date 或 DATE(d) 作用在本身就是 DATE 类型的列上时不改变任何值，却让优化器无法使用 d 上的索引。去掉转换后条件含义不变，可以走索引范围扫描。需要表结构确认列是 DATE 类型（DATETIME/TIMESTAMP 列的转换会截掉时间，不能去掉）。',
    en: 'CAST(d AS DATE), d::date or DATE(d) on a column that already is a DATE changes no value, yet it keeps the optimizer from using an index on d. Without the cast the condition means the same and can use an index range scan. The table structure must show the column is a DATE (on DATETIME/TIMESTAMP columns the cast drops the time and must stay).',
  },
  detect({ statement, schema }) {
    const proposals: Proposal[] = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      const inner = dateCastOperand(node);
      const ref = columnRef(inner);
      if (!ref || !inFilter(keys)) return;
      const parent = ancestors[ancestors.length - 1];
      const resolved = schemaColumn(statement, schema, ancestors, inner);
      // date-function-to-range handles comparisons with a date string unless the column is a DATE (then the
      // cast is simply dropped here).
      if (parent && isDateComparison(parent) && resolved?.column.type !== 'DATE') return;
      const name = columnLabel(ref);
      if (!resolved) {
        const message: Localized = {
          zh: `${name} 被包在 DATE 转换中，索引无法使用。若 ${name} 本身是 DATE 列，这个转换是多余的；表结构没有显示它的类型（提供包含该表的表结构后可自动去掉）。`,
          en: `${name} is wrapped in a DATE cast, so no index on it applies. If ${name} already is a DATE column the cast is redundant; the table structure does not show its type (give the structure of its table to have the cast removed).`,
        };
        proposals.push({ match: matchAt(node, message, statement.text) });
        return;
      }
      if (resolved.column.type !== 'DATE') return;
      const comparedWithDates =
        statement.dialect === 'postgresql' || inDateComparison(statement, node, ancestors, schema);
      const change = comparedWithDates ? removal(statement, node, inner!, ancestors) : undefined;
      const message: Localized = change
        ? {
            zh: `${name} 已经是 DATE 类型，对它的 DATE 转换是多余的；去掉后可以使用 ${name} 上的索引。`,
            en: `${name} already is a DATE, so the DATE cast on it is redundant; without it an index on ${name} can be used.`,
          }
        : {
            zh: `${name} 已经是 DATE 类型，对它的 DATE 转换是多余的，请去掉。${comparedWithDates ? '' : '（它没有直接与日期值比较，MySQL 下去掉后比较方式可能不同，未自动改写。）'}`,
            en: `${name} already is a DATE, so the DATE cast on it is redundant; remove it.${comparedWithDates ? '' : ' (Not rewritten automatically: it is not compared directly with date values, and MySQL may compare a bare column differently.)'}`,
          };
      proposals.push({ match: matchAt(node, message, statement.text), change });
    });
    return matchesWithEdits(statement, proposals);
  },
};

/**
 * For other rules: whether a node is a DATE cast of a column the schema shows is a DATE (what this rule
 * reports), so a rule about functions on columns need not report it again.
 */
export function isRedundantDateCast(
  statement: ParsedStatement,
  schema: SchemaModel,
  node: AstNode,
  ancestors: AstNode[],
): boolean {
  const inner = dateCastOperand(node);
  return !!columnRef(inner) && schemaColumn(statement, schema, ancestors, inner)?.column.type === 'DATE';
}

/** The cast's text replaced by the text of the column inside it. */
function removal(statement: ParsedStatement, node: AstNode, inner: AstNode, ancestors: AstNode[]): Change | undefined {
  const written = locateDateCast(statement, node, ancestors);
  if (!written) return undefined;
  const change = replaceNode(statement, node, rangeText(statement, written.inner), written.whole);
  return change && sameTree(change.tree, inner) ? change : undefined;
}

/**
 * Whether the cast is compared (directly, or as the subject or a bound of BETWEEN / IN) with nothing
 * but date values, so MySQL compares the bare column the same way as the cast.
 */
function inDateComparison(
  statement: ParsedStatement,
  node: AstNode,
  ancestors: AstNode[],
  schema: SchemaModel,
): boolean {
  const parent = ancestors[ancestors.length - 1];
  const owner = ancestors[ancestors.length - 2];
  const isDate = (other: AstNode | undefined) => !!other && isDateValue(statement, other, ancestors, schema);
  const operator = operatorOf(parent);
  if (comparisonOperators.has(operator) || operator === '<=>') {
    return isDate(parent!.left === node ? (parent!.right as AstNode) : (parent!.left as AstNode));
  }
  if (['BETWEEN', 'NOT BETWEEN', 'IN', 'NOT IN'].includes(operator) && parent!.left === node) {
    const list = parent!.right as AstNode | undefined;
    return isExprList(list) && children(list, 'value').every(isDate);
  }
  const listOperator = operatorOf(owner);
  if (isExprList(parent) && ['BETWEEN', 'NOT BETWEEN', 'IN', 'NOT IN'].includes(listOperator)) {
    return owner!.right === parent && isDate(owner!.left as AstNode);
  }
  return false;
}

const currentDate = new Set(['CURDATE', 'CURRENT_DATE']);

/** A value MySQL reads as a date: a date constant or arithmetic on one, a DATE column or cast, CURDATE(). */
function isDateValue(statement: ParsedStatement, node: AstNode, ancestors: AstNode[], schema: SchemaModel): boolean {
  if (dateConstant(node, 'mysql') || dateArithmetic(node, 'mysql') || dateCastOperand(node)) return true;
  if (currentDate.has(functionName(node) ?? '')) return true;
  return schemaColumn(statement, schema, ancestors, node)?.column.type === 'DATE';
}
