import type { Dialect, Localized } from '@sqltune/contracts';
import { type AstNode, child, isNode } from '../../../model/ast.ts';
import { isDateLiteral, isExprList, isLiteralOf, isUnaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isTemporal } from '../../../semantics/types.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { replaceNode } from '../../rewrite/replace.ts';
import { tokenView } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, inFilter, type Rule } from '../../rule.ts';
import {
  comparisonOperators,
  dateArithmetic,
  dateCastOperand,
  formatDay,
  mentionsColumn,
  operandTokens,
  operatorOf,
  type Proposal,
  rangeText,
  schemaColumn,
} from './helpers.ts';

/**
 * Constant arithmetic in a condition, computed once here instead of by every reader:
 * `col > 10 * 60` is `col > 600`, and `d < DATE '1994-01-01' + INTERVAL '1' YEAR` is `d < DATE '1995-01-01'`.
 *
 * Integers: `+`, `-`, `*` and unary minus over integer literals (never `/`, `%` or DIV, whose rounding
 * differs), computed with exact big integers. The folded operand keeps its type: in PostgreSQL every
 * literal and every intermediate result must fit a 32-bit integer (so the original is int4 arithmetic
 * that cannot overflow, and the result is an int4 literal); in MySQL a signed 64-bit integer (BIGINT
 * arithmetic, which raises an error on overflow rather than wrapping, and is not folded then).
 *
 * Dates: a date constant plus or minus a whole number of days, months or years (`INTERVAL '3' MONTH`,
 * `interval '3 months'`, MySQL's DATE_ADD/DATE_SUB). Months are added as both databases do: the day is
 * clamped to the new month's last day (2024-01-31 + 1 month = 2024-02-29, 2024-02-29 + 1 year =
 * 2025-02-28). In MySQL a DATE plus such an interval is a DATE and a 'YYYY-MM-DD' string plus one is a
 * string, so the folded literal has the same type and value everywhere. In PostgreSQL it is a timestamp
 * at midnight; the DATE literal compares the same with a date or time stamp (a date converts to midnight
 * of that day), so there it is folded only when compared with a DATE/TIMESTAMP column, a date cast or a
 * date literal. Only operands of comparisons and BETWEEN in WHERE, ON and HAVING are folded, and only
 * when the other side reads a column (two constants are another rule's business).
 */
export const constantFolding: Rule = {
  id: 'constant-folding',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderdate < DATE '1995-01-01' + INTERVAL '3' MONTH AND o_shippriority > 2 * 3",
    good: "SELECT o_orderkey FROM orders WHERE o_orderdate < DATE '1995-04-01' AND o_shippriority > 6",
  },
  rewrites: true,
  title: { zh: '常量表达式折叠', en: 'Fold constant expressions' },
  rationale: {
    zh: "条件中的常量运算（10 * 60、DATE '1994-01-01' + INTERVAL '1' YEAR）可以直接写成结果（600、DATE '1995-01-01'）：语句更易读，估算和索引范围也一目了然。整数只折叠加、减、乘（不折叠除法），用精确的大整数计算并保持原类型的范围；日期按数据库的规则计算，加月份时若该日不存在则取当月最后一天（2024-01-31 加 1 个月为 2024-02-29）。",
    en: "Constant arithmetic in a condition (10 * 60, DATE '1994-01-01' + INTERVAL '1' YEAR) can be written as its result (600, DATE '1995-01-01'): the statement reads more easily, and the bound an index range uses is plain to see. Integers are folded only for +, - and * (never division), computed exactly and within the original type's range; dates are computed as the database does, and adding months clamps a day the new month lacks to its last day (2024-01-31 plus 1 month is 2024-02-29).",
  },
  detect({ statement, schema }) {
    const proposals: Proposal[] = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      if (!inFilter(keys)) return;
      const others = comparedWith(node, ancestors);
      if (!others?.some(mentionsColumn)) return;
      const folded = foldInteger(node, statement.dialect) ?? foldDate(node, statement, others, ancestors, schema);
      if (!folded) return;
      const written = operandTokens(statement, node, ancestors);
      const before = written ? rangeText(statement, written) : '';
      const change = folded.text && written ? replacement(statement, node, written, folded) : undefined;
      const message: Localized = folded.text
        ? {
            zh: `${before || '这个常量表达式'} 的值是 ${folded.text}，可以直接写成结果。`,
            en: `${before || 'This constant expression'} is ${folded.text}; write the result directly.`,
          }
        : folded.advice!;
      proposals.push({ match: matchAt(node, message, statement.text), change });
    });
    return matchesWithEdits(statement, proposals);
  },
};

/** The expressions an operand is compared with: the other side, or BETWEEN's subject. */
function comparedWith(node: AstNode, ancestors: AstNode[]): AstNode[] | undefined {
  const parent = ancestors[ancestors.length - 1];
  const operator = operatorOf(parent);
  if (comparisonOperators.has(operator) || operator === '<=>') {
    const other = parent!.left === node ? parent!.right : parent!.right === node ? parent!.left : undefined;
    return isNode(other) ? [other] : undefined;
  }
  const owner = ancestors[ancestors.length - 2];
  if (isExprList(parent) && operatorOf(owner) === 'BETWEEN' && owner!.right === parent) {
    return isNode(owner!.left) ? [owner!.left] : undefined;
  }
  return undefined;
}

interface Folded {
  kind: 'integer' | 'date';
  /** The literal to write, or undefined when the fold is only advised. */
  text?: string;
  advice?: Localized;
}

const int32 = 2n ** 31n - 1n;
const int64 = 2n ** 63n - 1n;

/** Integer-literal arithmetic with at least one operator, folded within the dialect's integer range. */
function foldInteger(node: AstNode, dialect: Dialect): Folded | undefined {
  const isArithmetic = ['+', '-', '*'].includes(operatorOf(node));
  const isNegation = isUnaryExpr(node) && node.operator === '-' && isArithmeticNode(node.expr);
  if (!isArithmetic && !isNegation) return undefined;
  const value = integerValue(node, dialect === 'postgresql' ? int32 : int64);
  return value === undefined ? undefined : { kind: 'integer', text: String(value) };
}

function isArithmeticNode(node: AstNode | undefined): boolean {
  return ['+', '-', '*'].includes(operatorOf(node)) || (isUnaryExpr(node) && node.operator === '-');
}

/** The exact value of integer literals under + - * and unary minus, or undefined beyond ±limit at any step. */
function integerValue(node: AstNode | undefined, limit: bigint): bigint | undefined {
  if (!node) return undefined;
  let value: bigint | undefined;
  if (isLiteralOf(node, 'number') && typeof node.value === 'number' && Number.isSafeInteger(node.value)) {
    value = BigInt(node.value);
  } else if (isLiteralOf(node, 'bigint') && typeof node.value === 'string' && /^-?\d+$/.test(node.value)) {
    value = BigInt(node.value);
  } else if (isUnaryExpr(node) && node.operator === '-') {
    const inner = integerValue(node.expr, limit);
    value = inner === undefined ? undefined : -inner;
  } else {
    const operator = operatorOf(node);
    const left = integerValue(child(node, 'left'), limit);
    const right = integerValue(child(node, 'right'), limit);
    if (left === undefined || right === undefined) return undefined;
    if (operator === '+') value = left + right;
    else if (operator === '-') value = left - right;
    else if (operator === '*') value = left * right;
  }
  return value !== undefined && value <= limit && value >= -limit ? value : undefined;
}

/** Date-constant arithmetic folded to a date literal (PostgreSQL: only against dates and time stamps). */
function foldDate(
  node: AstNode,
  statement: ParsedStatement,
  others: AstNode[],
  ancestors: AstNode[],
  schema: SchemaModel,
): Folded | undefined {
  const { dialect } = statement;
  const result = dateArithmetic(node, dialect);
  if (!result) return undefined;
  const day = formatDay(result.day);
  if (!result.typed) return { kind: 'date', text: `'${day}'` };
  const literal = `${dateKeyword(statement, node, ancestors)} '${day}'`;
  if (dialect === 'mysql' || others.every((other) => isDateOrTime(statement, other, ancestors, schema))) {
    return { kind: 'date', text: literal };
  }
  return {
    kind: 'date',
    advice: {
      zh: `这个日期运算的结果是 ${day}。PostgreSQL 中日期加时间间隔得到的是 timestamp，只有与日期或时间列比较时才能直接写成 ${literal}；表结构没有显示比较的另一侧是日期或时间类型，未自动改写。`,
      en: `This date arithmetic comes to ${day}. In PostgreSQL a date plus an interval is a timestamp, which can be written as ${literal} only where it is compared with a date or time column; the table structure does not show the other side is one, so it is not rewritten automatically.`,
    },
  };
}

/** A date, time stamp or date cast: what a PostgreSQL timestamp at midnight and a DATE compare with alike. */
function isDateOrTime(statement: ParsedStatement, node: AstNode, ancestors: AstNode[], schema: SchemaModel): boolean {
  if (isDateLiteral(node) || dateCastOperand(node)) return true;
  return isTemporal(schemaColumn(statement, schema, ancestors, node)?.column);
}

/** `DATE` spelled as the statement spells it (`date '...'` stays lower case). */
function dateKeyword(statement: ParsedStatement, node: AstNode, ancestors: AstNode[]): string {
  const range = operandTokens(statement, node, ancestors);
  const { tokens } = tokenView(statement);
  const words = range ? tokens.slice(range[0], range[1] + 1).filter((t) => t.kind === 'word') : [];
  const written = words.find((t) => t.text.toUpperCase() === 'DATE' || t.text.toUpperCase() === 'INTERVAL');
  return written && written.text === written.text.toLowerCase() ? 'date' : 'DATE';
}

/** The operand's text replaced by the folded literal, which must parse back to a plain literal. */
function replacement(
  statement: ParsedStatement,
  node: AstNode,
  written: [number, number],
  { kind, text = '' }: Folded,
): Change | undefined {
  // Integers written as plain digits (not 1e3 or 10.0), and no comments inside what is replaced.
  const source = rangeText(statement, written);
  if (/--|\/\*|#/.test(source)) return undefined;
  if (kind === 'integer' && !/^[\d\s()+\-*]+$/.test(source)) return undefined;
  const change = replaceNode(statement, node, text, written);
  if (!change || !(isLiteralOf(change.tree, 'number', 'bigint', 'single_quote_string') || isDateLiteral(change.tree)))
    return undefined;
  return sameTree(change.tree, node) ? undefined : change;
}
