import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, columnRef } from '../../../model/ast.ts';
import { isLiteralOf } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { isFixedPoint, isInteger } from '../../../semantics/types.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { replaceNode } from '../../rewrite/replace.ts';
import { tokenView, wrapped } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { inFilter, type Rule } from '../../rule.ts';
import { columnLabel, comparisonOperators, operandTokens, operatorOf, type Proposal, schemaColumn } from './helpers.ts';

/** A plain decimal number: optional minus, digits, optional fraction (no exponent, blanks or signs elsewhere). */
const plainNumber = /^-?\d+(\.\d+)?$/;

/** Every decimal of up to this many significant digits survives a round trip through a double. */
const DOUBLE_DIGITS = 15;

/**
 * `o_orderkey = '42'`: MySQL compares a number column with a string as two doubles (floating point),
 * where `o_orderkey = 42` compares exactly; the quotes only cost a conversion and muddle the plan.
 *
 * On an integer column the two agree when the literal has at most 15 significant digits: every such
 * decimal is a distinct double, every integer below 2^53 is exact as a double, and rounding keeps order,
 * so `=`, `<>`, `<`, `<=`, `>`, `>=` and `<=>` answer alike on every value, NULL included. DECIMAL columns
 * are only reported: a DECIMAL can hold more digits than a double (0.10000000000000000001 and '0.1' are
 * equal as doubles), and the schema model does not keep the column's precision. A string column compared
 * with a number is the other way round and stays with implicit-conversion, which never rewrites it
 * ('1.0' = 1 is true where '1.0' = '1' is not). Strings that are not plain numbers are left alone.
 */
export const quotedNumberLiteral: Rule = {
  id: 'quoted-number-literal',
  category: 'Index Usage',
  severity: 'info',
  dialects: ['mysql'],
  example: {
    bad: "SELECT o_totalprice FROM orders WHERE o_orderkey = '42'",
    good: 'SELECT o_totalprice FROM orders WHERE o_orderkey = 42',
  },
  rewrites: true,
  title: { zh: '数值列与带引号的数字比较', en: 'Numeric column compared with a quoted number' },
  rationale: {
    zh: "MySQL 把数值列与字符串的比较按双精度浮点数进行：o_orderkey = '42' 要先把字符串转换成浮点数，比较也不再是精确的整数比较，优化器还得先把常量转换成列的类型才能用于索引查找。去掉引号后按列的类型精确比较，常量可以直接用于索引查找。整数列与不超过 15 位有效数字的数字串比较时自动改写；DECIMAL 列只提示（表结构中没有精度信息，超过双精度的值去掉引号后结果可能不同）。",
    en: "MySQL compares a number column with a string as two floating-point doubles: o_orderkey = '42' converts the string first, the comparison is no longer an exact integer one, and the optimizer must convert the constant to the column's type before an index lookup. Without the quotes the comparison is exact in the column's own type and the constant serves the index lookup as it is. Rewritten for integer columns and numbers of up to 15 significant digits; DECIMAL columns are only reported (their precision is not in the table structure, and values beyond a double's precision could compare differently unquoted).",
  },
  detect({ statement, schema }) {
    const proposals: Proposal[] = [];
    walkBinaryExpressions(statement.ast, ({ node, keys, ancestors }) => {
      const operator = operatorOf(node);
      if ((!comparisonOperators.has(operator) && operator !== '<=>') || !inFilter(keys)) return;
      const pair = columnAndQuotedNumber(node);
      if (!pair) return;
      const resolved = schemaColumn(statement, schema, [...ancestors, node], pair.column);
      const integer = isInteger(resolved?.column);
      if (!integer && !isFixedPoint(resolved?.column)) return;
      const name = columnLabel(columnRef(pair.column)!);
      const exact = integer && significantDigits(pair.text) <= DOUBLE_DIGITS;
      const change = exact ? unquoting(statement, pair.literal, [...ancestors, node]) : undefined;
      const message: Localized = exact
        ? {
            zh: `${name} 是数值列，'${pair.text}' 去掉引号写成 ${pair.text}，比较即按整数精确进行，并能直接用于索引查找。`,
            en: `${name} is a number column: write '${pair.text}' as ${pair.text} so the comparison is exact and the constant serves an index lookup directly.`,
          }
        : {
            zh: `${name} 是 ${resolved!.column.type} 列，与字符串 '${pair.text}' 比较会按浮点数进行。请确认列的精度后去掉引号（未自动改写：${integer ? '数字超过 15 位有效数字' : '表结构中没有 DECIMAL 的精度，超过双精度的值去掉引号后结果可能不同'}）。`,
            en: `${name} is ${resolved!.column.type}, so comparing it with the string '${pair.text}' is done in floating point. Drop the quotes once you have checked the column's precision (not rewritten automatically: ${integer ? 'the number has more than 15 significant digits' : 'the table structure does not give the DECIMAL precision, and values beyond a double could compare differently unquoted'}).`,
          };
      proposals.push({ match: matchAt(node, message, statement.text), change });
    });
    return matchesWithEdits(statement, proposals);
  },
};

/** `column op 'number'` or `'number' op column`. */
function columnAndQuotedNumber(node: AstNode): { column: AstNode; literal: AstNode; text: string } | undefined {
  const left = child(node, 'left');
  const right = child(node, 'right');
  for (const [column, literal] of [
    [left, right],
    [right, left],
  ] as const) {
    const quoted = isLiteralOf(literal, 'single_quote_string', 'double_quote_string');
    if (!columnRef(column) || !quoted || typeof literal!.value !== 'string') continue;
    if (plainNumber.test(literal!.value)) return { column: column!, literal: literal!, text: literal!.value };
  }
  return undefined;
}

function significantDigits(text: string): number {
  const digits = text.replace(/[-.]/g, '').replace(/^0+/, '');
  return digits.length === 0 ? 1 : digits.length;
}

/** The string token replaced by the number it spells, checked to parse as that number. */
function unquoting(statement: ParsedStatement, literal: AstNode, ancestors: AstNode[]): Change | undefined {
  const range = operandTokens(statement, literal, ancestors);
  if (!range) return undefined;
  const view = tokenView(statement);
  const [first, last] = wrapped(view, range);
  if (first !== last || view.tokens[first]!.kind !== 'string') return undefined;
  const number = String(literal.value);
  const change = replaceNode(statement, literal, number, [first, last]);
  return isLiteralOf(change?.tree, 'number') ? change : undefined;
}
