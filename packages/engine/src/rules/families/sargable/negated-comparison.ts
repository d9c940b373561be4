import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, functionArgs, functionName } from '../../../model/ast.ts';
import { isBinaryExpr, isExprList, isFunctionCall, isLiteralOf, isUnaryExpr } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { comparisonFamily } from '../../../semantics/types.ts';
import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { replaceNode } from '../../rewrite/replace.ts';
import { nodeTokens, tokenView, wrapped } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, inFilter, type Rule } from '../../rule.ts';
import { type Proposal, predicateSides, rangeText, schemaColumn } from './helpers.ts';

/** Each comparison and its negation: NOT (a > b) is a <= b. */
const inverse: Record<string, string> = {
  '=': '<>',
  '<>': '=',
  '!=': '=',
  '<': '>=',
  '>=': '<',
  '>': '<=',
  '<=': '>',
};

/** Predicates whose negated form the SQL standard defines as NOT applied to them. */
const negatedForm: Record<string, string> = {
  IN: 'NOT IN',
  'NOT IN': 'IN',
  BETWEEN: 'NOT BETWEEN',
  'NOT BETWEEN': 'BETWEEN',
  LIKE: 'NOT LIKE',
  'NOT LIKE': 'LIKE',
  IS: 'IS NOT',
  'IS NOT': 'IS',
};

/** Operators whose result is a truth value (TRUE, FALSE or NULL; MySQL's 1, 0 or NULL). */
const predicateOperators = new Set([...Object.keys(inverse), ...Object.keys(negatedForm), '<=>', 'AND', 'OR', 'XOR']);

/**
 * `NOT (a > b)` is `a <= b`: for two scalar values a comparison is NULL exactly when its inverse is,
 * and otherwise one of them holds, so the two agree in three-valued logic. Likewise `NOT (a = b)` is
 * `a <> b`; and `NOT (a IN ...)`, `NOT (a BETWEEN ...)`, `NOT (a LIKE ...)` are by definition
 * `a NOT IN ...`, `a NOT BETWEEN ...`, `a NOT LIKE ...`. `NOT NOT p` is p when p is itself a predicate
 * (MySQL's NOT NOT 5 is 1, not 5). Rows (`(a, b) > (1, 2)`) are left alone.
 *
 * `NOT (a IS NULL)` is `a IS NOT NULL` only for a scalar a: in PostgreSQL a row value is IS NULL when all
 * its fields are NULL and IS NOT NULL when none is, so both can be false. And MySQL's `IS NULL` on a NOT
 * NULL DATE/DATETIME column finds zero dates ('0000-00-00') at the top of a WHERE. So that form needs
 * the schema to show a plain column of a number, text or time type (not a MySQL date).
 */
export const negatedComparison: Rule = {
  id: 'negated-comparison',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE NOT (o_totalprice > 1000)',
    good: 'SELECT o_orderkey FROM orders WHERE o_totalprice <= 1000',
  },
  rewrites: true,
  title: { zh: '否定的比较条件', en: 'Negated comparison' },
  rationale: {
    zh: 'NOT (a > b) 与 a <= b 含义相同（a 或 b 为 NULL 时两者都得到 NULL）；NOT (a IN ...)、NOT (a BETWEEN ...)、NOT (a LIKE ...) 按定义就是 a NOT IN ...、a NOT BETWEEN ...、a NOT LIKE ...；NOT NOT p 就是 p。直接写出肯定形式更易读，列上的范围条件一目了然（PostgreSQL 与 MySQL 的优化器通常也会自行做这种转换，所以主要收益是可读性）。NOT (a IS NULL) 改为 a IS NOT NULL 需要表结构确认 a 是普通列（PostgreSQL 的行值、MySQL 的零值日期表现不同）；ANY/ALL 比较和行值比较不改写。',
    en: 'NOT (a > b) means a <= b (both are NULL when a or b is NULL); NOT (a IN ...), NOT (a BETWEEN ...) and NOT (a LIKE ...) are by definition a NOT IN ..., a NOT BETWEEN ... and a NOT LIKE ...; NOT NOT p is p. The direct form reads better and shows the range on the column at a glance (PostgreSQL and MySQL usually turn the negation around themselves, so the gain is mostly clarity). Turning NOT (a IS NULL) into a IS NOT NULL needs the table structure to show a is a plain column (PostgreSQL row values and MySQL zero dates behave differently); ANY/ALL and row comparisons are left alone.',
  },
  detect({ statement, schema }) {
    const proposals: Proposal[] = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      const negated = negatedOperand(node, statement.dialect);
      if (!negated || !inFilter(keys) || !isHandled(negated, statement.dialect)) return;
      // The inner NOT of NOT NOT p goes with the outer one.
      const parent = isExprList(ancestors[ancestors.length - 1])
        ? ancestors[ancestors.length - 2]
        : ancestors[ancestors.length - 1];
      if (parent && isNegation(parent, statement.dialect)) return;
      const range = negationTokens(statement, node);
      const text = range ? rangeText(statement, range) : sourceText(statement.text, node) || 'NOT (...)';
      const refusal = refusalOf(negated, statement, schema, [...ancestors, node]);
      const change = refusal ? undefined : positiveForm(statement, node, negated);
      const message: Localized = refusal
        ? {
            zh: `${text} 可以写成不带 NOT 的形式。${refusal.zh}`,
            en: `${text} can be written without NOT. ${refusal.en}`,
          }
        : {
            zh: `${text} 可以直接写成肯定形式${change ? `：${change.text}` : ''}。`,
            en: `${text} can be written directly${change ? ` as ${change.text}` : ' without NOT'}.`,
          };
      proposals.push({ match: matchAt(node, message, statement.text), change: change?.change });
    });
    return matchesWithEdits(statement, proposals);
  },
};

/** The predicate under `NOT (...)` (a function to the parser), `NOT p`, or MySQL's `!(...)`. */
function negatedOperand(node: AstNode, dialect: ParsedStatement['dialect']): AstNode | undefined {
  if (functionName(node) === 'NOT' && isFunctionCall(node)) {
    const args = functionArgs(node);
    return args.length === 1 ? args[0] : undefined;
  }
  if (!isUnaryExpr(node)) return undefined;
  const inner = node.expr;
  const operator = String(node.operator).toUpperCase();
  if (operator === 'NOT') return inner;
  // MySQL's `!` binds tighter than comparisons: only `!(...)` negates a whole comparison.
  return dialect === 'mysql' && operator === '!' && inner?.parentheses === true ? inner : undefined;
}

function isNegation(node: AstNode | undefined, dialect: ParsedStatement['dialect']): boolean {
  return !!node && negatedOperand(node, dialect) !== undefined;
}

/** A predicate: its value is a truth value, so NOT NOT of it is itself. */
function isPredicate(node: AstNode | undefined, dialect: ParsedStatement['dialect']): boolean {
  if (!node) return false;
  if (isBinaryExpr(node)) return predicateOperators.has(String(node.operator).toUpperCase());
  const name = functionName(node) ?? '';
  return isNegation(node, dialect) || name === 'EXISTS' || isLiteralOf(node, 'bool');
}

/** A negated comparison, word predicate (IN, BETWEEN, LIKE, IS) or negation: the forms this rule reads. */
function isHandled(negated: AstNode, dialect: ParsedStatement['dialect']): boolean {
  if (isNegation(negated, dialect)) return true;
  const operator = isBinaryExpr(negated) ? String(negated.operator).toUpperCase() : '';
  return operator in inverse || operator in negatedForm;
}

/** Why the negation is not rewritten, or undefined when it is. */
function refusalOf(
  negated: AstNode,
  statement: ParsedStatement,
  schema: SchemaModel,
  ancestors: AstNode[],
): Localized | undefined {
  const { dialect } = statement;
  if (isNegation(negated, dialect)) {
    const inner = negatedOperand(negated, dialect)!;
    return isPredicate(inner, dialect)
      ? undefined
      : {
          zh: '（内层不是条件表达式，未自动改写：MySQL 中 NOT NOT 5 的值是 1 而不是 5。）',
          en: '(Not rewritten automatically: the inner part is not a condition, and in MySQL NOT NOT 5 is 1, not 5.)',
        };
  }
  const operator = isBinaryExpr(negated) ? String(negated.operator).toUpperCase() : '';
  const left = child(negated, 'left');
  const right = child(negated, 'right');
  const rowValue = isExprList(left) || (operator in inverse && isExprList(right));
  // NOT (a > ALL s) is a <= ANY s: the quantifier flips too.
  if ([left, right].some((side) => ['ALL', 'ANY', 'SOME'].includes(functionName(side ?? {}) ?? ''))) {
    return {
      zh: '（这是 ANY/ALL 量化比较，取反时量词也要互换，未自动改写。）',
      en: '(Not rewritten automatically: in an ANY/ALL comparison the negation flips the quantifier as well.)',
    };
  }
  if (rowValue) {
    return { zh: '（比较的是行值，未自动改写。）', en: '(Not rewritten automatically: it compares row values.)' };
  }
  if (operator === 'IS' || operator === 'IS NOT') {
    if (!isLiteralOf(right, 'null')) return { zh: '（未自动改写。）', en: '(Not rewritten automatically.)' };
    const resolved = schemaColumn(statement, schema, ancestors, left);
    const family = resolved ? comparisonFamily(resolved.column) : undefined;
    const zeroDates = dialect === 'mysql' && (resolved?.column.type === 'DATE' || resolved?.column.type === 'DATETIME');
    if (!family || zeroDates) {
      return {
        zh: '（需要表结构确认它是数值、文本或时间类型的普通列——PostgreSQL 的行值和 MySQL 的零值日期对 IS NULL 的处理不同——未自动改写。）',
        en: '(Not rewritten automatically: the table structure must show a plain number, text or time column, since PostgreSQL row values and MySQL zero dates treat IS NULL differently.)',
      };
    }
  }
  return undefined;
}

/** The positive form's text and the change writing it in place of the negation. */
function positiveForm(
  statement: ParsedStatement,
  node: AstNode,
  negated: AstNode,
): { change: Change; text: string } | undefined {
  const range = negationTokens(statement, node);
  if (!range) return undefined;
  const { dialect } = statement;
  let text: string | undefined;
  let tree: AstNode | undefined;
  if (isNegation(negated, dialect)) {
    // NOT NOT p: p as written, with its own parentheses.
    const inner = negatedOperand(negated, dialect)!;
    const innerRange = nodeTokens(statement, inner);
    if (!innerRange) return undefined;
    text = rangeText(statement, wrapped(tokenView(statement), innerRange));
    tree = inner;
  } else {
    const sides = predicateSides(statement, negated);
    if (!sides) return undefined;
    const operator = String(negated.operator).toUpperCase();
    const flipped = inverse[operator] ?? negatedForm[operator]!;
    const spelled = negatedKeywords(statement, sides, operator) ?? flipped;
    text = `${rangeText(statement, sides.left)} ${spelled} ${rangeText(statement, sides.right)}`;
    tree = { ...negated, operator: flipped };
  }
  const change = replaceNode(statement, node, text, range);
  return change && sameTree(change.tree, tree) ? { change, text } : undefined;
}

/**
 * The negated keyword spelled in the statement's own case: `a in (...)` becomes `a not in (...)`. Only
 * for the word operators; comparison symbols are written as such.
 */
function negatedKeywords(
  statement: ParsedStatement,
  sides: { left: [number, number]; right: [number, number] },
  operator: string,
): string | undefined {
  if (operator in inverse) return undefined;
  const { tokens } = tokenView(statement);
  const words = tokens.slice(sides.left[1] + 1, sides.right[0]);
  const lower = words.length > 0 && words.every((t) => t.text === t.text.toLowerCase());
  return lower ? negatedForm[operator]!.toLowerCase() : negatedForm[operator];
}

/** The tokens of a negation: located `NOT (...)`, `NOT p` found from p, or MySQL's `!(...)`. */
function negationTokens(statement: ParsedStatement, node: AstNode): [number, number] | undefined {
  const own = nodeTokens(statement, node);
  if (own || !isUnaryExpr(node) || node.operator !== '!') return own;
  const inner = nodeTokens(statement, node.expr!);
  const view = tokenView(statement);
  const [first, last] = inner ? wrapped(view, inner) : [0, -1];
  return inner && view.tokens[first - 1]?.text === '!' ? [first - 1, last] : undefined;
}
