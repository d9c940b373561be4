import { child } from '../../../model/ast.ts';
import { isInterval } from '../../../model/nodes.ts';
import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { operatorOf, stringValue } from './helpers.ts';

/** What MySQL reads as a number in full when it casts a string; anything else loses characters. */
const numericText = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** MySQL `first_name + ' ' + last_name`: + is always arithmetic, so the strings become numbers (mostly 0). */
export const plusStringConcat: Rule = {
  id: 'plus-string-concat',
  category: 'Other',
  severity: 'critical',
  dialects: ['mysql'],
  example: {
    bad: "SELECT c_name + ' / ' + c_phone AS label FROM customer",
    good: "SELECT CONCAT(c_name, ' / ', c_phone) AS label FROM customer",
  },
  rewrites: false,
  title: { zh: '用 + 拼接字符串', en: 'Concatenating strings with +' },
  rationale: {
    zh: "MySQL 中 + 只做算术运算：字符串会先被转换成数字，非数字的文本变成 0（只产生警告，不报错），于是 'abc' + 'def' 的结果是 0，而不是拼接后的文本。拼接字符串请使用 CONCAT() 或 CONCAT_WS()。",
    en: "In MySQL + is arithmetic only: strings are converted to numbers first and non-numeric text becomes 0 (with a warning, not an error), so 'abc' + 'def' is 0, not the joined text. Use CONCAT() or CONCAT_WS() to join strings.",
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node }) => {
      if (operatorOf(node) !== '+') return;
      const left = child(node, 'left');
      const right = child(node, 'right');
      // `'2024-01-01' + INTERVAL 1 DAY` is date arithmetic, which does accept a string.
      if (isInterval(left) || isInterval(right)) return;
      const text = [stringValue(left), stringValue(right)].find((v) => v !== undefined && !numericText.test(v));
      if (text === undefined) return;
      const shown = sourceText(statement.text, node) || `'${text}'`;
      matches.push(
        matchAt(
          node,
          {
            zh: `${shown} 会把 '${text}' 当作数字参与加法（结果通常为 0），并不会拼接字符串；请改用 CONCAT()。`,
            en: `${shown} turns '${text}' into a number for addition (usually 0) instead of joining strings; use CONCAT().`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
