import { type AstNode, columnRef, functionName, isNode, walk } from '../model/ast.ts';
import { isBinaryExpr, isCast, isFunctionCall, isSelect } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import type { SchemaModel } from '../schema/model.ts';
import { resolveColumn } from '../semantics/scope.ts';
import { canonicalType } from '../semantics/types.ts';
import { isDateComparison } from './date-function-to-range.ts';
import { matchAt, sourceText, walkBinaryExpressions } from './match-helpers.ts';
import { isArithmeticComparison } from './move-arithmetic-to-constant.ts';
import { allDialects, enclosingQuery, inFilter, type Rule, type RuleMatch } from './rule.ts';
import { isYearComparison } from './year-to-range.ts';

const comparisons = new Set(['=', '<', '<=', '>', '>=', '<>', '!=', 'IN', 'NOT IN', 'LIKE', 'BETWEEN']);
const arithmetic = new Set(['+', '-', '*', '/', '||']);

/**
 * A column inside a function or arithmetic in a filter (`LOWER(email) = ?`, `price * 2 > 10`):
 * the database must compute it for every row, and a plain index on the column cannot be used.
 */
export const functionOnColumn: Rule = {
  id: 'function-on-column',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: { bad: "SELECT c_custkey FROM customer WHERE LOWER(c_name) = 'bob'" },
  rewrites: false,
  title: { zh: '条件中的列被函数或运算包裹', en: 'Filtered column wrapped in a function or expression' },
  rationale: {
    zh: '对列做函数或运算后，普通索引无法使用，需要逐行计算。把运算移到常量一侧，或建立函数索引/生成列索引。',
    en: 'A function or arithmetic on a column makes a plain index unusable and is computed for every row. Move the computation to the constant side, or index the expression.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node, keys, ancestors }) => {
      if (!isBinaryExpr(node) || !inFilter(keys)) return;
      if (!comparisons.has(String(node.operator).toUpperCase())) return;
      // Comparisons with a rule of their own (and a rewrite): YEAR(), DATE(), `col + 1 = k`.
      if (isYearComparison(node) || isDateComparison(node) || isArithmeticComparison(node)) return;
      for (const side of [node.left, node.right]) {
        if (side && wrapsColumn(side) && !relabelledColumn(side, statement, schema, enclosingQuery(ancestors))) {
          const text = sourceText(statement.text, side) || sourceText(statement.text, node);
          matches.push(
            matchAt(node, {
              zh: `${text} 对列做了计算，索引无法直接使用。`,
              en: `${text} computes on a column, so an index on it cannot be used directly.`,
            }),
          );
          return;
        }
      }
    });
    return matches;
  },
};

/**
 * PostgreSQL's `varchar_col::text` (Django's `UPPER("app_user"."email"::text)`, `"email"::text LIKE %s`): varchar is
 * binary-coercible to text, so the planner reads the cast as the column itself and the column's index serves the
 * comparison. Not a cast with a length (`::varchar(10)` cuts the value) nor from char(n) (its text drops the padding).
 */
function relabelledColumn(
  node: AstNode,
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode | undefined,
): boolean {
  if (statement.dialect !== 'postgresql' || !isCast(node)) return false;
  const ref = columnRef(node.expr);
  const targets = Array.isArray(node.target) ? node.target : [node.target];
  const target = isNode(targets[0]) ? targets[0] : undefined;
  if (!ref || !target || target.length !== undefined) return false;
  const type = canonicalType(String(target.dataType ?? ''));
  if (type !== 'TEXT' && type !== 'VARCHAR') return false;
  const column = resolveColumn(statement.ast, schema, query, ref)?.column;
  return column !== undefined && ['TEXT', 'VARCHAR'].includes(canonicalType(column.type.replace(/\(.*$/, '')));
}

/** `x = ANY(tags)`: a comparison with each element of an array, written like a call, not a function on the column. */
const quantifiers = new Set(['ANY', 'ALL', 'SOME']);

function wrapsColumn(node: AstNode): boolean {
  const name = isFunctionCall(node) ? functionName(node) : undefined;
  const isFunction = name !== undefined && !quantifiers.has(name.toUpperCase());
  const isArithmetic = isBinaryExpr(node) && arithmetic.has(String(node.operator));
  const isTypeCast = isCast(node);
  if (!isFunction && !isArithmetic && !isTypeCast) return false;
  let hasColumn = false;
  let hasSubquery = false;
  walk(node, ({ node: inner }) => {
    if (columnRef(inner)) hasColumn = true;
    if (isSelect(inner)) hasSubquery = true;
    return undefined;
  });
  return hasColumn && !hasSubquery;
}
