import { isFloat } from '../../../semantics/types.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { columnDefinitions, columnSpan, identifierWords, matchIn } from './ddl.ts';

/** Words that make a column name read as an amount of money. */
const moneyWords = new Set([
  'price',
  'amount',
  'amt',
  'cost',
  'total',
  'subtotal',
  'balance',
  'fee',
  'salary',
  'wage',
  'payment',
  'money',
  'charge',
  'tax',
  'revenue',
  'income',
  'refund',
  'deposit',
  'budget',
  'cash',
]);

/** Words that make it a rate or a share rather than an amount: `tax_rate`, `discount_pct`. */
const ratioWords = new Set(['rate', 'ratio', 'percent', 'percentage', 'pct']);

function readsAsMoney(name: string): boolean {
  const words = identifierWords(name);
  return words.some((word) => moneyWords.has(word)) && !words.some((word) => ratioWords.has(word));
}

/** `price DOUBLE`: binary floating point cannot hold 0.10 exactly, and sums of money drift by cents. */
export const floatForMoney: Rule = {
  id: 'float-for-money',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'CREATE TABLE invoice (id BIGINT PRIMARY KEY, customer_id BIGINT NOT NULL, total_amount DOUBLE NOT NULL)',
    good: 'CREATE TABLE invoice (id BIGINT PRIMARY KEY, customer_id BIGINT NOT NULL, total_amount DECIMAL(15,2) NOT NULL)',
  },
  rewrites: false,
  title: { zh: '金额列使用浮点类型', en: 'Money column with a floating-point type' },
  rationale: {
    zh: 'FLOAT、DOUBLE、REAL 是二进制浮点数，无法精确表示 0.1 这样的十进制小数：0.1 + 0.2 不等于 0.3，金额累加、对账和等值比较都会出现分位误差，而且误差随汇总放大。金额、价格、余额等请使用定点类型 DECIMAL(p, s)（PostgreSQL 为 NUMERIC(p, s)），或以分为单位存 BIGINT。',
    en: 'FLOAT, DOUBLE and REAL are binary floating point and cannot hold decimal fractions such as 0.1 exactly: 0.1 + 0.2 is not 0.3, so sums, reconciliations and equality tests on money are off by fractions of a cent, and the error grows with every aggregate. Store amounts, prices and balances as DECIMAL(p, s) (NUMERIC(p, s) in PostgreSQL), or as a BIGINT count of cents.',
  },
  detect({ statement }) {
    const decimal = statement.dialect === 'postgresql' ? 'NUMERIC' : 'DECIMAL';
    return columnDefinitions(statement.ast, statement.dialect)
      .filter((column) => isFloat(column) && readsAsMoney(column.name))
      .map((column) =>
        matchIn(columnSpan(statement, column), {
          zh: `列 ${column.name} 看起来存放金额，却是浮点类型 ${column.display}；请改用 ${decimal}(p, s)。`,
          en: `Column ${column.name} looks like an amount of money but is the floating-point type ${column.display}; use ${decimal}(p, s).`,
        }),
      );
  },
};
