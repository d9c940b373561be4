import { type AstNode, columnRef, literalValue } from '../model/ast.ts';
import { isBinaryExpr } from '../model/nodes.ts';
import { resolveColumn } from '../semantics/scope.ts';
import { isText } from '../semantics/types.ts';
import { matchAt, walkBinaryExpressions } from './match-helpers.ts';
import { enclosingQuery, inFilter, type Rule, type RuleMatch } from './rule.ts';

/**
 * MySQL compares a string column with a number by converting every row's value to a number, so an
 * index on the column is not used. Quoting the number is not an automatic fix: '012' = 12 is true
 * numerically and false as strings, so this rule reports and does not rewrite.
 */
export const implicitConversion: Rule = {
  id: 'implicit-conversion',
  category: 'Index Usage',
  severity: 'critical',
  dialects: ['mysql'],
  example: {
    bad: 'SELECT c_custkey FROM customer WHERE c_phone = 5551234',
    good: "SELECT c_custkey FROM customer WHERE c_phone = '5551234'",
  },
  rewrites: false,
  title: { zh: '字符串列与数字比较（隐式类型转换）', en: 'String column compared with a number (implicit conversion)' },
  rationale: {
    zh: 'MySQL 会把每一行的字符串值转换为数字再比较，列上的索引因此失效。请确认数据后使用与列类型一致的常量。',
    en: 'MySQL converts every row value to a number before comparing, so the index on the column is not used. Compare with a constant of the column type once you have checked the data.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node, keys, ancestors }) => {
      if (!isBinaryExpr(node) || !inFilter(keys)) return;
      if (!['=', '<>', '!=', '<', '<=', '>', '>='].includes(String(node.operator))) return;
      const pair = columnAndNumber(node.left, node.right);
      if (!pair) return;
      const resolved = resolveColumn(statement.ast, schema, enclosingQuery(ancestors), pair.column);
      if (!resolved || !isText(resolved.column)) return;
      matches.push(
        matchAt(node, {
          zh: `${resolved.table}.${resolved.column.name} 是 ${resolved.column.type} 类型，却与数字 ${pair.number} 比较。`,
          en: `${resolved.table}.${resolved.column.name} is ${resolved.column.type} but is compared with the number ${pair.number}.`,
        }),
      );
    });
    return matches;
  },
};

function columnAndNumber(a: AstNode | undefined, b: AstNode | undefined) {
  for (const [column, literal] of [
    [a, b],
    [b, a],
  ]) {
    const ref = columnRef(column);
    const value = literalValue(literal);
    if (ref && typeof value === 'number') return { column: ref, number: value };
  }
  return undefined;
}
