import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, columnRef } from '../../../model/ast.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { replaceNode } from '../../rewrite/replace.ts';
import { balanced, operandRanges, textOf, tokenView } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { chainOf, columnKey, isChainTop, isConstant, numberValue, operatorOf, stringValue } from './helpers.ts';

/** From this many equalities on one column, an OR chain reads better as IN. */
export const OR_CHAIN = 3;

/**
 * `a = 1 OR a = 2 OR a = 3`: one IN list says the same, and is planned as one lookup list.
 *
 * Rewritten only when the whole OR chain is equalities between one column (spelled the same way every
 * time) and literals of one kind (all numbers or all strings): `a IN (v1, ..., vn)` is defined as
 * `a = v1 OR ... OR a = vn`, NULLs included, and with literals of one kind both dialects compare each
 * value exactly as the `=` did. Bind parameters and mixed kinds are reported but left alone.
 */
export const orSameColumn: Rule = {
  id: 'or-same-column',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' OR o_orderpriority = '3-MEDIUM'",
    good: "SELECT o_orderkey FROM orders WHERE o_orderpriority IN ('1-URGENT', '2-HIGH', '3-MEDIUM')",
  },
  rewrites: true,
  title: { zh: '同一列的多个 OR 等值条件', en: 'Several OR equalities on one column' },
  rationale: {
    zh: '对同一列写多个 = 并用 OR 连接，与一个 IN 列表含义相同（包括 NULL 的处理）。IN 更短更清晰；PostgreSQL 18 之前的版本对 OR 链会为每个值各做一次索引扫描再合并（BitmapOr），而 IN 只需一次带值列表的索引扫描。整个 OR 链都是同一列与同类字面量（全是数字或全是字符串）的等值比较时自动改写。',
    en: 'Several = on one column joined by OR mean exactly what one IN list means, NULLs included. IN is shorter and clearer, and PostgreSQL before version 18 plans an OR chain as one index scan per value merged by a BitmapOr, where IN is a single index scan with a value list. Rewritten when the whole OR chain compares one column with literals of one kind (all numbers or all strings).',
  },
  detect({ statement }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node, ancestors }) => {
      if (operatorOf(node) !== 'OR' || !isChainTop(node, ancestors)) return;
      const byColumn = new Map<string, { column: AstNode; count: number }>();
      const terms = chainOf(node, 'OR');
      for (const term of terms) {
        const column = equalityColumn(term);
        if (!column) continue;
        const key = columnKey(column)!;
        byColumn.set(key, { column, count: (byColumn.get(key)?.count ?? 0) + 1 });
      }
      for (const { column: columnNode, count } of byColumn.values()) {
        if (count < OR_CHAIN) continue;
        const ref = columnRef(columnNode)!;
        const column = ref.table ? `${ref.table}.${ref.column}` : ref.column;
        const refusal = count === terms.length ? refusalOf(terms) : otherTerms;
        const change = refusal ? undefined : inListChange(statement, node, terms);
        const message: Localized = {
          zh: `${column} 上有 ${count} 个用 OR 连接的等值条件，可以合并为 ${column} IN (...)。`,
          en: `${count} equalities on ${column} are joined by OR; write ${column} IN (...) instead.`,
        };
        if (refusal) {
          message.zh += refusal.zh;
          message.en += ` ${refusal.en}`;
        }
        found.push({ match: matchAt(node, message, statement.text), change });
      }
    });
    return matchesWithEdits(statement, found);
  },
};

const otherTerms: Localized = {
  zh: '（OR 链中还有其他条件，未自动改写。）',
  en: '(Not rewritten automatically: the OR chain has other conditions too.)',
};

/** The column of `col = constant` / `constant = col`. */
function equalityColumn(term: AstNode): AstNode | undefined {
  if (operatorOf(term) !== '=') return undefined;
  const left = child(term, 'left');
  const right = child(term, 'right');
  if (columnKey(left) && isConstant(right)) return left;
  if (columnKey(right) && isConstant(left)) return right;
  return undefined;
}

function equalityValue(term: AstNode): AstNode {
  const left = child(term, 'left')!;
  return equalityColumn(term) === left ? child(term, 'right')! : left;
}

/** Why a chain of equalities on one column is not rewritten, or undefined when it is. */
function refusalOf(terms: AstNode[]): Localized | undefined {
  const columns = terms.map(equalityColumn);
  if (!columns.every((c) => sameTree(c, columns[0]))) {
    return {
      zh: '（列的写法不完全相同，未自动改写。）',
      en: '(Not rewritten automatically: the column is not spelled the same way in every term.)',
    };
  }
  const values = terms.map(equalityValue);
  const allNumbers = values.every((v) => numberValue(v) !== undefined);
  const allStrings = values.every((v) => stringValue(v) !== undefined);
  if (!allNumbers && !allStrings) {
    return {
      zh: '（值中有绑定参数或数字与字符串混用，未自动改写。）',
      en: '(Not rewritten automatically: the values include bind parameters or mix numbers and strings.)',
    };
  }
  return undefined;
}

/** The edit replacing the whole chain by `col IN (v1, ..., vn)`, with the intended tree. */
function inListChange(statement: Parameters<Rule['detect']>[0]['statement'], chain: AstNode, terms: AstNode[]) {
  const view = tokenView(statement);
  const sides = terms.map((term) => operandRanges(statement, term));
  if (sides.some((s) => !s)) return undefined;
  const columnOnLeft = terms.map((term) => equalityColumn(term) === child(term, 'left'));
  const columnText = textOf(statement, columnOnLeft[0] ? sides[0]!.left : sides[0]!.right);
  const values = sides.map((s, i) => textOf(statement, columnOnLeft[i] ? s!.right : s!.left));
  const first = sides[0]!.left[0];
  const last = sides[sides.length - 1]!.right[1];
  const range = balanced(view, [Math.min(first, sides[0]!.right[0]), last]);
  if (!range) return undefined;
  const change = replaceNode(statement, chain, `${columnText} IN (${values.join(', ')})`, range);
  // The new text must say what the chain said: the same column, the same values in the same order.
  const list = change && child(change.tree, 'right');
  const parsedValues = Array.isArray(list?.value) ? (list.value as AstNode[]) : [];
  if (
    operatorOf(change?.tree) !== 'IN' ||
    !sameTree(child(change!.tree, 'left'), equalityColumn(terms[0]!)) ||
    parsedValues.length !== terms.length ||
    !parsedValues.every((v, i) => sameTree(v, equalityValue(terms[i]!)))
  ) {
    return undefined;
  }
  return change;
}
