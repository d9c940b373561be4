import type { Dialect } from '@sqltune/contracts';
import {
  type AstNode,
  type ColumnRef,
  child,
  children,
  columnRef,
  comparisonOperators,
  functionArgs,
  functionName,
  operatorOf,
  walk,
} from '../../../model/ast.ts';
import {
  isBinaryExpr,
  isCast,
  isColumnRefNode,
  isDateLiteral,
  isExprList,
  isInterval,
  isLiteralOf,
  isSelect,
} from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { ColumnDef, SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { ctesOf, ownedColumn, sourcesOf } from '../../../semantics/scope.ts';
import { isKeyword } from '../../../text/lexer.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { nodeTokens, operandRanges, type TokenView, tokenView } from '../../rewrite/tokens.ts';
import { type Change, parseExpression } from '../../rewrite/verify.ts';
import { enclosingQuery, type RuleMatch } from '../../rule.ts';

/** Shared reading helpers of the sargable family: located operands, date casts, date arithmetic, columns. */

export { comparisonOperators, operatorOf };

/** A match with the change it proposes; the change is kept only when it checks out with the others. */
export interface Proposal {
  match: RuleMatch;
  change?: Change;
}

/** `t.c` or `c`, for messages. */
export function columnLabel(ref: ColumnRef): string {
  return ref.table ? `${ref.table}.${ref.column}` : ref.column;
}

/**
 * The schema column a reference names, in the query the visited node belongs to: a table of that
 * query the schema describes (not a CTE of the same name). An unqualified name counts only when every
 * table of the query is known, since a derived table or CTE could hold a column of that name too.
 */
export function schemaColumn(
  statement: ParsedStatement,
  schema: SchemaModel,
  ancestors: AstNode[],
  node: AstNode | undefined,
): { table: string; column: ColumnDef } | undefined {
  const ref = columnRef(node);
  const query = enclosingQuery(ancestors);
  if (!ref || ref.column === '*' || !query) return undefined;
  const ctes = ctesOf(statement.ast);
  const sources = sourcesOf(query, schema, ctes);
  if (!ref.table && sources.some((source) => !source.def)) return undefined;
  const owned = ownedColumn(ref, sources);
  return owned?.source.def ? { table: owned.source.def.name, column: owned.column } : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Where a node is written.

export function rangeText(statement: ParsedStatement, [first, last]: [number, number]): string {
  const { tokens } = tokenView(statement);
  return statement.text.slice(tokens[first]!.start, tokens[last]!.end);
}

/** Splits the `low AND high` of a BETWEEN at its AND (the first one at the range's own depth). */
function betweenBounds(view: TokenView, [from, to]: [number, number]): Array<[number, number]> | undefined {
  const depth = view.depth[from]!;
  for (let i = from + 1; i < to; i++) {
    if (view.depth[i] === depth && isKeyword(view.tokens[i], 'AND')) {
      return [
        [from, i - 1],
        [i + 1, to],
      ];
    }
  }
  return undefined;
}

/**
 * The token range of a node: its own location, or, for nodes the parser leaves unlocated (literals,
 * casts, PostgreSQL operands), its place as an operand of a located comparison or BETWEEN.
 */
export function operandTokens(
  statement: ParsedStatement,
  node: AstNode,
  ancestors: AstNode[],
): [number, number] | undefined {
  const own = nodeTokens(statement, node);
  if (own) return own;
  const parent = ancestors[ancestors.length - 1];
  if (isBinaryExpr(parent)) {
    const sides = operandRanges(statement, parent);
    if (!sides) return undefined;
    if (parent.left === node) return sides.left;
    return parent.right === node ? sides.right : undefined;
  }
  const owner = ancestors[ancestors.length - 2];
  if (isExprList(parent) && operatorOf(owner) === 'BETWEEN' && owner!.right === parent) {
    const sides = operandRanges(statement, owner!);
    const bounds = sides && betweenBounds(tokenView(statement), sides.right);
    const index = children(parent, 'value').indexOf(node);
    return bounds && index >= 0 ? bounds[index] : undefined;
  }
  return undefined;
}

/** Whether the text of a token range parses, on its own, to the node. */
export function spells(statement: ParsedStatement, range: [number, number], node: AstNode): boolean {
  const tree = parseExpression(rangeText(statement, range), statement.dialect);
  return !!tree && sameTree(tree, node);
}

// ---------------------------------------------------------------------------------------------------
// Casts to DATE.

/** What a DATE cast is written as in the text: the whole cast and the expression inside it. */
export interface CastText {
  whole: [number, number];
  inner: [number, number];
}

/** The expression inside `CAST(x AS DATE)`, `x::date` or `DATE(x)`; only a cast to DATE alone (not `x::date::text`). */
export function dateCastOperand(node: AstNode | undefined): AstNode | undefined {
  if (!node) return undefined;
  if (isCast(node)) {
    const targets = children(node, 'target');
    const target = targets.length > 0 ? targets : [child(node, 'target')].filter((t) => !!t);
    if (target.length !== 1 || String(target[0]!.dataType ?? '').toUpperCase() !== 'DATE') return undefined;
    return node.expr;
  }
  const args = functionArgs(node);
  return functionName(node) === 'DATE' && args.length === 1 ? args[0] : undefined;
}

/** Every DATE cast written in a token range: `CAST(... AS DATE)`, `DATE(...)`, `x::date`. */
function writtenDateCasts(view: TokenView, [from, to]: [number, number]): CastText[] {
  const { tokens, partner } = view;
  const found: CastText[] = [];
  for (let i = from; i <= to; i++) {
    const close = tokens[i + 1]?.text === '(' ? partner.get(i + 1) : undefined;
    if (isKeyword(tokens[i], 'CAST') && close !== undefined && close <= to) {
      if (isKeyword(tokens[close - 1], 'DATE') && isKeyword(tokens[close - 2], 'AS')) {
        found.push({ whole: [i, close], inner: [i + 2, close - 3] });
      }
    } else if (isKeyword(tokens[i], 'DATE') && close !== undefined && close <= to) {
      found.push({ whole: [i, close], inner: [i + 2, close - 1] });
    } else if (tokens[i]!.text === ':' && tokens[i + 1]?.text === ':' && isKeyword(tokens[i + 2], 'DATE')) {
      const start = castSubjectStart(view, i - 1);
      const chained = tokens[i + 3]?.text === ':' || tokens[i + 3]?.text === '[';
      if (start !== undefined && start >= from && i + 2 <= to && !chained) {
        found.push({ whole: [start, i + 2], inner: [start, i - 1] });
      }
    }
  }
  return found.filter(({ inner }) => inner[0] <= inner[1]);
}

/** Where the operand of a postfix `::` starts: a parenthesised group or a dotted (possibly quoted) name. */
function castSubjectStart(view: TokenView, last: number): number | undefined {
  const { tokens, partner } = view;
  if (tokens[last]?.text === ')') return partner.get(last);
  let i = last;
  if (!['word', 'quoted'].includes(tokens[i]?.kind ?? '')) return undefined;
  while (tokens[i - 1]?.text === '.' && ['word', 'quoted'].includes(tokens[i - 2]?.kind ?? '')) i -= 2;
  return i;
}

/**
 * Where a DATE cast node is written. The parser does not locate casts, so the casts written within
 * the nearest located ancestor are matched to the cast nodes spelled the same way there, in order.
 */
export function locateDateCast(statement: ParsedStatement, node: AstNode, ancestors: AstNode[]): CastText | undefined {
  const view = tokenView(statement);
  for (let i = ancestors.length; i >= 0; i--) {
    const anchor = i === ancestors.length ? node : ancestors[i]!;
    const range = nodeTokens(statement, anchor);
    if (!range) continue;
    const written = writtenDateCasts(view, range).filter((cast) => spells(statement, cast.whole, node));
    const twins: AstNode[] = [];
    walk(anchor, ({ node: inner }) => {
      if (sameTree(inner, node)) twins.push(inner);
      return undefined;
    });
    const index = twins.indexOf(node);
    return written.length === twins.length && index >= 0 ? written[index] : undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Calendar days and date arithmetic, as both databases compute it.

export interface Day {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A valid 'YYYY-MM-DD' in the years both databases handle alike (1000-9999), else undefined. */
export function parseDay(text: string): Day | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function formatDay({ year, month, day }: Day): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function inRange(day: Day): Day | undefined {
  return day.year >= 1000 && day.year <= 9999 ? day : undefined;
}

/**
 * Adds months the way PostgreSQL and MySQL both do: move the month, and when the day does not exist in
 * the new month, clamp it to that month's last day (2024-01-31 + 1 month = 2024-02-29).
 */
export function addMonths(from: Day, months: number): Day | undefined {
  const index = from.year * 12 + (from.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  if (year < 1000 || year > 9999) return undefined;
  return { year, month, day: Math.min(from.day, daysInMonth(year, month)) };
}

export function addDays(from: Day, days: number): Day | undefined {
  const date = new Date(Date.UTC(from.year, from.month - 1, from.day + days));
  return inRange({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** A whole number of days or months (years are 12 months). */
export interface Shift {
  unit: 'day' | 'month';
  amount: number;
}

const unitWords: Record<string, Shift['unit'] | 'year'> = {
  day: 'day',
  days: 'day',
  month: 'month',
  months: 'month',
  mon: 'month',
  mons: 'month',
  year: 'year',
  years: 'year',
};

function shiftOf(count: number, unit: Shift['unit'] | 'year' | undefined): Shift | undefined {
  if (!unit || !Number.isSafeInteger(count) || Math.abs(count) > 1_000_000) return undefined;
  return unit === 'year' ? { unit: 'month', amount: count * 12 } : { unit, amount: count };
}

/**
 * `INTERVAL 3 MONTH`, `INTERVAL '3' MONTH` (both dialects) or `interval '3 months'` (PostgreSQL), in
 * whole days, months or years. Fractions, mixed units and times of day are not read: MySQL rounds
 * `INTERVAL 1.5 MONTH` to 2 and reads `INTERVAL '1.5' MONTH` as 1.
 */
export function intervalShift(node: AstNode | undefined, dialect: Dialect): Shift | undefined {
  if (!isInterval(node)) return undefined;
  const unit = String(node.unit ?? '').toLowerCase();
  const expr = node.expr;
  const value = expr?.value;
  const isString = isLiteralOf(expr, 'single_quote_string');
  if (unit) {
    if (!['day', 'month', 'year'].includes(unit)) return undefined;
    if (isString && typeof value === 'string' && /^-?\d+$/.test(value)) return shiftOf(Number(value), unitWords[unit]);
    if (dialect === 'mysql' && isLiteralOf(expr, 'number') && typeof value === 'number') {
      return shiftOf(value, unitWords[unit]);
    }
    return undefined;
  }
  if (dialect !== 'postgresql' || !isString || typeof value !== 'string') return undefined;
  const match = /^\s*(-?\d+)\s*([a-z]+)\s*$/i.exec(value);
  return match ? shiftOf(Number(match[1]), unitWords[match[2]!.toLowerCase()]) : undefined;
}

export function shifted(day: Day, shift: Shift, sign: 1 | -1): Day | undefined {
  return shift.unit === 'day' ? addDays(day, sign * shift.amount) : addMonths(day, sign * shift.amount);
}

/**
 * A date constant: `DATE '...'` or a cast of a date string to DATE (typed `date`), or, in MySQL, a
 * plain 'YYYY-MM-DD' string (which date arithmetic accepts and answers with a string).
 */
export function dateConstant(node: AstNode | undefined, dialect: Dialect): { day: Day; typed: boolean } | undefined {
  if (!node) return undefined;
  if (isDateLiteral(node) && typeof node.value === 'string') {
    const day = parseDay(node.value);
    return day && { day, typed: true };
  }
  const inner = isCast(node) ? dateCastOperand(node) : undefined;
  if (isLiteralOf(inner, 'single_quote_string') && typeof inner.value === 'string') {
    const day = parseDay(inner.value);
    return day && { day, typed: true };
  }
  if (dialect === 'mysql' && isLiteralOf(node, 'single_quote_string') && typeof node.value === 'string') {
    const day = parseDay(node.value);
    return day && { day, typed: false };
  }
  return undefined;
}

/** `date ± interval`, `interval + date`, MySQL's DATE_ADD/DATE_SUB(date, interval), with the day it comes to. */
export function dateArithmetic(
  node: AstNode | undefined,
  dialect: Dialect,
): { day: Day; typed: boolean; base: AstNode } | undefined {
  if (!node) return undefined;
  let base: AstNode | undefined;
  let interval: AstNode | undefined;
  let sign: 1 | -1 = 1;
  const operator = operatorOf(node);
  const name = functionName(node);
  if (operator === '+' || operator === '-') {
    const left = child(node, 'left');
    const right = child(node, 'right');
    if (isInterval(left) && operator === '+') [base, interval] = [right, left];
    else [base, interval] = [left, right];
    sign = operator === '-' ? -1 : 1;
  } else if (dialect === 'mysql' && (name === 'DATE_ADD' || name === 'DATE_SUB')) {
    const args = functionArgs(node);
    if (args.length !== 2) return undefined;
    [base, interval] = args;
    sign = name === 'DATE_SUB' ? -1 : 1;
  } else return undefined;
  const constant = dateConstant(base, dialect);
  const shift = intervalShift(interval, dialect);
  const day = constant && shift && shifted(constant.day, shift, sign);
  return day && { day, typed: constant.typed, base: base! };
}

// ---------------------------------------------------------------------------------------------------
// Types of operands.

/** Whether an expression mentions a column (outside subqueries the parser nests as `ast`). */
export function mentionsColumn(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  walk(node, ({ node: inner }) => {
    if (isColumnRefNode(inner)) found = true;
    return !found && !isSelect(inner) ? undefined : false;
  });
  return found;
}

/** The edit replacing the text of a token range. */
export function replaceRange(
  statement: ParsedStatement,
  [first, last]: [number, number],
  replacement: string,
): TextEdit {
  const { tokens } = tokenView(statement);
  return { start: tokens[first]!.start, end: tokens[last]!.end, replacement };
}

/**
 * The operand ranges of a comparison or of a word predicate (`IN`, `NOT IN`, `BETWEEN`, `IS NOT`, `LIKE`,
 * ...): split at the operator's words, at the expression's own depth.
 */
export function predicateSides(
  statement: ParsedStatement,
  node: AstNode,
): { left: [number, number]; right: [number, number] } | undefined {
  const operator = operatorOf(node);
  if (!/^[A-Z]+( [A-Z]+)*$/.test(operator)) return operandRanges(statement, node);
  const range = nodeTokens(statement, node);
  if (!range) return undefined;
  const view = tokenView(statement);
  let [from, to] = range;
  while (view.tokens[from]?.text === '(' && view.partner.get(from) === to) {
    from++;
    to--;
  }
  const words = operator.split(' ');
  for (let i = from + 1; i <= to; i++) {
    if (view.depth[i] !== view.depth[from]) continue;
    if (!words.every((word, k) => isKeyword(view.tokens[i + k], word))) continue;
    const end = i + words.length - 1;
    return end < to ? { left: [from, i - 1], right: [end + 1, to] } : undefined;
  }
  return undefined;
}
