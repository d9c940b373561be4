import { type AstNode, child, columnRef, functionArgs, functionName, isNode } from './ast.ts';
import { isBinaryExpr, isCast, isFunctionCall, isLiteral } from './nodes.ts';

/** Operators an index key expression or a partial index predicate may hold, printed with a space either side. */
const printedOperators = new Set([
  '->',
  '->>',
  '#>',
  '#>>',
  '||',
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  'IS',
  'IS NOT',
  'AND',
]);

/**
 * One spelling of an index key expression or a partial index predicate, whatever the source wrote: function names
 * in lower case, one space around operators, strings quoted, casts as `::type`. A query's `LOWER(u.email)` and a
 * schema's `(lower(email))` print alike, so a condition can be matched with an existing index. `columnName` names a
 * column reference node (a query resolves `u.email` to the table's `email`); it returns undefined for a column the
 * expression may not hold. Undefined for any other shape (subqueries, CASE, windows...): never a key proposed here.
 */
export function expressionText(
  node: AstNode | undefined,
  columnName: (column: AstNode) => string | undefined = (column) => columnRef(column)?.column,
): string | undefined {
  if (!node) return undefined;
  if (columnRef(node)) return columnName(node);
  if (isLiteral(node)) return literalText(node.value);
  if (isFunctionCall(node)) {
    const name = functionName(node)?.toLowerCase();
    const args = functionArgs(node).map((arg) => expressionText(arg, columnName));
    if (!name || args.some((a) => a === undefined)) return undefined;
    return `${name}(${args.join(', ')})`;
  }
  if (isCast(node)) {
    const targets = Array.isArray(node.target) ? node.target : [node.target];
    const type = targets.length === 1 && isNode(targets[0]) ? targets[0].dataType : undefined;
    const inner = expressionText(node.expr, columnName);
    if (typeof type !== 'string' || inner === undefined) return undefined;
    return `${isBinaryExpr(node.expr) ? `(${inner})` : inner}::${type.toLowerCase()}`;
  }
  if (isBinaryExpr(node)) {
    const operator = String(node.operator).toUpperCase();
    if (!printedOperators.has(operator)) return undefined;
    const side = (key: 'left' | 'right') => {
      const operand = child(node, key);
      const text = expressionText(operand, columnName);
      // AND reads without parentheses under nothing but AND; a concatenation (`title || ' ' || body`, associative)
      // keeps them around any other operator it holds or is held by.
      const inner = isBinaryExpr(operand) ? String(operand.operator).toUpperCase() : undefined;
      const wrapped =
        inner !== undefined &&
        ((inner === 'AND' && operator !== 'AND') || ((inner === '||') !== (operator === '||') && inner !== 'AND'));
      return text !== undefined && wrapped ? `(${text})` : text;
    };
    const [left, right] = [side('left'), side('right')];
    return left === undefined || right === undefined ? undefined : `${left} ${operator} ${right}`;
  }
  return undefined;
}

function literalText(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return undefined;
}
