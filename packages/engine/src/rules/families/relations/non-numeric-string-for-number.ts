import { type AstNode, child, children, columnRef, literalValue } from '../../../model/ast.ts';
import { isExprList, isLiteralOf } from '../../../model/nodes.ts';
import { ctesOf, ownedColumn, ownWalk, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { comparisonFamily } from '../../../semantics/types.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { operatorOf } from './helpers.ts';

const compared = new Set(['=', '<>', '!=', '<', '<=', '>', '>=', 'IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN']);

/** What both databases read as a number: decimal, exponent, hex/octal/binary prefixes, NaN/Infinity. */
const numeric =
  /^\s*[+-]?(?:(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?|0x[\da-f_]+|0o[0-7_]+|0b[01_]+|nan|inf|infinity)\s*$/i;

/**
 * A numeric column compared with a string that is not a number: `o_orderkey = 'abc'`, `qty = ''`.
 * MySQL converts the string to a number by its leading digits ('abc' and '' become 0, '12abc' 12) and
 * quietly matches the wrong rows; PostgreSQL rejects the literal (invalid input syntax).
 */
export const nonNumericStringForNumber: Rule = {
  id: 'non-numeric-string-for-number',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_custkey = 'C-0042'",
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
  },
  rewrites: false,
  title: { zh: '数值列与非数字字符串比较', en: 'Numeric column compared with a non-numeric string' },
  rationale: {
    zh: "数值列与不是数字的字符串比较时，MySQL 按字符串开头的数字部分转换（'abc' 和 '' 变成 0，'12abc' 变成 12），只产生一个警告，却会悄悄匹配到错误的行；PostgreSQL 则直接报错（invalid input syntax）。这通常说明参数传错了值，或列的类型与业务含义不一致。",
    en: "When a numeric column is compared with a string that is not a number, MySQL converts the string by its leading digits ('abc' and '' become 0, '12abc' becomes 12) with only a warning and quietly matches the wrong rows; PostgreSQL rejects it (invalid input syntax). It usually means a wrong parameter value, or a column whose type does not fit what it holds.",
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      ownWalk(query, ({ node }) => {
        const operator = operatorOf(node);
        if (!operator || !compared.has(operator)) return undefined;
        const left = child(node, 'left');
        const right = child(node, 'right');
        const pairs: Array<[AstNode | undefined, AstNode[]]> =
          operator.includes('IN') || operator.includes('BETWEEN')
            ? [[left, isExprList(right) ? children(right, 'value') : []]]
            : [
                [left, right ? [right] : []],
                [right, left ? [left] : []],
              ];
        for (const [side, values] of pairs) {
          const ref = columnRef(side);
          const owned = ref ? ownedColumn(ref, sources) : undefined;
          if (!owned || comparisonFamily(owned.column) !== 'number') continue;
          const text = values.map(stringLiteral).find((v) => v !== undefined && !numeric.test(v));
          if (text === undefined) continue;
          matches.push(
            matchAt(
              node,
              {
                zh: `${owned.source.table}.${owned.column.name} 是 ${owned.column.type}，却与非数字字符串 '${text}' 比较。`,
                en: `${owned.source.table}.${owned.column.name} is ${owned.column.type} but is compared with the non-numeric string '${text}'.`,
              },
              statement.text,
            ),
          );
          break;
        }
        return undefined;
      });
    }
    return matches;
  },
};

function stringLiteral(node: AstNode): string | undefined {
  if (!isLiteralOf(node, 'single_quote_string', 'double_quote_string', 'string')) return undefined;
  const value = literalValue(node);
  return typeof value === 'string' ? value : undefined;
}
