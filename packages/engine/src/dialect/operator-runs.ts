import type { Dialect } from '@sqltune/contracts';
import type { AstNode } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { closingParen, type FormContext } from './markers.ts';
import { scanType } from './type-forms.ts';

/**
 * Operators node-sql-parser 5.4 refuses, or groups otherwise than the database (issue 11's grammar corpus):
 *
 *  - PostgreSQL operators the grammar does not know (`^`, `|/`, `@`, `&`, `|`, `#`, `<<`, `~~`, `@@`, `@?`, `<->`,
 *    `OPERATOR(pg_catalog.+)`, ...), and its own operators it reads at another precedence than PostgreSQL (`||`,
 *    `->`, `@>`, `&&`, `~`... bind tighter than `+` to the grammar, looser to PostgreSQL: `a + b -> 'c'` is
 *    `(a + b) -> 'c'`);
 *  - MySQL's bit operators, which the grammar reads at one precedence with each other (`1 | 2 & 3` as `(1 | 2) & 3`,
 *    `1 + 2 << 3` as `1 + (2 << 3)`; MySQL binds & before |, + before <<, ^ before *).
 *
 * A run of operands joined by such operators (the operators binding tighter than comparisons) is found in the token
 * stream and handed to the parser as one marker call whose arguments are the run's operands (markers.ts); the run is
 * then rebuilt from the operands' trees by the database's precedence (its manual's table), left to right within a
 * level, as `{type: 'binary_expr', operator, left, right}` and `{type: 'unary_expr', operator, expr}` nodes, the
 * operators spelled as written. A run the grammar reads correctly (one precedence level, or only operators it places
 * right) is left to it. A run whose operands cannot be told apart (an unfamiliar form inside) is left to it too, which
 * then refuses the statement.
 */
export function operatorRuns(context: FormContext): void {
  const { tokens, dialect } = context;
  const depth: number[] = [];
  let level = 0;
  for (const token of tokens) {
    if (token.text === '(' || token.text === '[') level++;
    if (token.text === ')' || token.text === ']') level--;
    depth.push(level);
  }
  const taken: Array<{ start: number; end: number; depth: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!startsExpression(tokens, i, dialect)) continue;
    if (taken.some((run) => i >= run.start && i <= run.end && depth[i] === run.depth)) continue;
    const run = scanRun(tokens, i, dialect);
    if (!run || !needsRebuild(run, dialect)) continue;
    taken.push({ start: run.start, end: run.end, depth: depth[i]! });
    rewrite(context, run);
  }
}

interface Operator {
  text: string;
  first: number;
  last: number;
}

interface Operand {
  /** Prefix operators, outermost first. */
  prefixes: Operator[];
  first: number;
  last: number;
}

interface Run {
  start: number;
  end: number;
  operands: Operand[];
  operators: Operator[];
}

const OPERATOR_CHARS: Record<Dialect, string> = { postgresql: '+-*/<>=~!@#%^&|`?', mysql: '+-*/<>=~!%^&|' };
const COMPARISON_SETS: Record<Dialect, ReadonlySet<string>> = {
  // MySQL's null-safe equality; in PostgreSQL `<=>` is an extension's operator (pgvector's cosine distance).
  mysql: new Set(['=', '<', '>', '<=', '>=', '<>', '!=', '<=>']),
  postgresql: new Set(['=', '<', '>', '<=', '>=', '<>', '!=']),
};
const isComparison = (operator: string, dialect: Dialect) => COMPARISON_SETS[dialect].has(operator);

/** The operator spelled from token i on (adjacent symbol characters), or undefined. */
function operatorAt(tokens: Token[], i: number, dialect: Dialect): Operator | undefined {
  const first = tokens[i];
  if (!first) return undefined;
  if (dialect === 'postgresql' && isKeyword(first, 'OPERATOR') && tokens[i + 1]?.text === '(') {
    const close = closingParen(tokens, i + 1);
    if (close < 0) return undefined;
    const text = tokens
      .slice(i, close + 1)
      .map((t) => t.text)
      .join('');
    return { text, first: i, last: close };
  }
  if (dialect === 'mysql' && (isKeyword(first, 'DIV') || isKeyword(first, 'MOD'))) {
    return { text: first.text.toUpperCase(), first: i, last: i };
  }
  const chars = OPERATOR_CHARS[dialect];
  if (first.kind !== 'symbol' || !chars.includes(first.text)) return undefined;
  let last = i;
  while (
    tokens[last + 1]?.kind === 'symbol' &&
    chars.includes(tokens[last + 1]!.text) &&
    tokens[last + 1]!.start === tokens[last]!.end
  ) {
    last++;
  }
  let text = tokens
    .slice(i, last + 1)
    .map((t) => t.text)
    .join('');
  // PostgreSQL: an operator of several characters ends in + or - only if it holds one of ~ ! @ # % ^ & | ` ?.
  if (dialect === 'postgresql') {
    while (text.length > 1 && /[+-]$/.test(text) && !/[~!@#%^&|`?]/.test(text)) {
      text = text.slice(0, -1);
      last--;
    }
  } else {
    // MySQL's operators of two or three characters; anything longer is two operators (`*-1`).
    const known = ['<=>', '<<', '>>', '<=', '>=', '<>', '!=', '||', '&&', '->>', '->'];
    const longest = known.find((op) => text.startsWith(op));
    const taken = longest ?? text[0]!;
    last = i + taken.length - 1;
    text = taken;
  }
  return { text, first: i, last };
}

/** Binding powers (left) of binary operators; a higher one binds tighter. */
function bindingPower(operator: string, dialect: Dialect): number | undefined {
  if (isComparison(operator, dialect)) return undefined;
  if (dialect === 'postgresql') {
    if (operator === '^') return 40;
    if (operator === '*' || operator === '/' || operator === '%') return 30;
    if (operator === '+' || operator === '-') return 20;
    return 10;
  }
  switch (operator) {
    case '^':
      return 60;
    case '*':
    case '/':
    case '%':
    case 'DIV':
    case 'MOD':
      return 50;
    case '+':
    case '-':
      return 40;
    case '<<':
    case '>>':
      return 30;
    case '&':
      return 20;
    case '|':
      return 10;
    default:
      // ||, &&, ->, ->> and the rest: left to the parser (a run ends there).
      return undefined;
  }
}

/** PostgreSQL operators the grammar reads, but at its own precedence (see the file comment). */
const MISPLACED = new Set([
  '||',
  '->',
  '->>',
  '#>',
  '#>>',
  '@>',
  '<@',
  '?',
  '?|',
  '?&',
  '#-',
  '&&',
  '~',
  '~*',
  '!~',
  '!~*',
]);
/** PostgreSQL operators the grammar reads where they stand alone with operands of higher precedence. */
const KNOWN = new Set(['+', '-', '*', '/', '%', ...MISPLACED]);

function needsRebuild(run: Run, dialect: Dialect): boolean {
  const levels = new Set(run.operators.map((op) => bindingPower(op.text, dialect)));
  const prefixes = run.operands.flatMap((operand) => operand.prefixes.map((p) => p.text));
  if (run.operators.length === 0 && dialect === 'mysql') return false;
  if (dialect === 'postgresql') {
    if (run.operators.some((op) => !KNOWN.has(op.text))) return true;
    if (prefixes.some((p) => p !== '-' && p !== '+' && p !== '~')) return true;
    return levels.size > 1 && run.operators.some((op) => MISPLACED.has(op.text));
  }
  const bits = run.operators.some((op) => ['^', '<<', '>>', '&', '|'].includes(op.text));
  return bits && levels.size > 1;
}

const CLAUSE_WORDS = new Set(
  (
    'SELECT WHERE HAVING ON AND OR NOT BY THEN WHEN ELSE CASE RETURNING LIMIT OFFSET IN LIKE ILIKE BETWEEN DISTINCT ' +
    'ALL ANY SOME FROM SET VALUES IS USING AS WITH TO FOR OVER FILTER'
  ).split(' '),
);

/** Whether an expression may start at token i (after a clause word, an opening parenthesis, a comma, a comparison). */
function startsExpression(tokens: Token[], i: number, dialect: Dialect): boolean {
  const before = tokens[i - 1];
  if (!before) return true;
  if (before.kind === 'symbol') {
    if (before.text === '(' || before.text === ',' || before.text === '[' || before.text === ';') return true;
    const op = operatorEndingAt(tokens, i - 1, dialect);
    return !!op && isComparison(op, dialect);
  }
  return before.kind === 'word' && CLAUSE_WORDS.has(before.text.toUpperCase());
}

/** The operator whose last character is token i, when it is one of the comparisons. */
function operatorEndingAt(tokens: Token[], i: number, dialect: Dialect): string | undefined {
  for (let start = Math.max(0, i - 2); start <= i; start++) {
    const op = operatorAt(tokens, start, dialect);
    if (op && op.last === i && isComparison(op.text, dialect)) return op.text;
  }
  return undefined;
}

function scanRun(tokens: Token[], start: number, dialect: Dialect): Run | undefined {
  const operands: Operand[] = [];
  const operators: Operator[] = [];
  let operand = scanOperand(tokens, start, dialect);
  if (!operand) return undefined;
  operands.push(operand);
  for (;;) {
    const op = operatorAt(tokens, operand.last + 1, dialect);
    if (!op || bindingPower(op.text, dialect) === undefined) break;
    const next = scanOperand(tokens, op.last + 1, dialect);
    if (!next) return undefined;
    operators.push(op);
    operands.push(next);
    operand = next;
  }
  return { start, end: operand.last, operands, operators };
}

const NOT_OPERANDS = new Set(
  (
    'SELECT FROM WHERE GROUP HAVING ORDER LIMIT OFFSET UNION INTERSECT EXCEPT AND OR NOT IS IN LIKE ILIKE BETWEEN ' +
    'SIMILAR THEN WHEN ELSE END AS ON JOIN USING SET VALUES RETURNING WINDOW FOR ASC DESC NULLS COLLATE AT BY WITH ' +
    'ESCAPE ISNULL NOTNULL OVERLAPS XOR DIV MOD REGEXP RLIKE SOUNDS MEMBER OVER FILTER WITHIN INTO'
  ).split(' '),
);

function scanOperand(tokens: Token[], i: number, dialect: Dialect): Operand | undefined {
  const prefixes: Operator[] = [];
  for (;;) {
    const op = operatorAt(tokens, i, dialect);
    if (!op || isComparison(op.text, dialect)) break;
    if (dialect === 'mysql' && !['-', '+', '~', '!'].includes(op.text)) return undefined;
    prefixes.push(op);
    i = op.last + 1;
  }
  const last = scanPrimary(tokens, i, dialect);
  if (last < 0) return undefined;
  return { prefixes, first: i, last: postfixes(tokens, last, dialect) };
}

function scanPrimary(tokens: Token[], i: number, dialect: Dialect): number {
  const token = tokens[i];
  if (!token) return -1;
  if (token.text === '(') return closingParen(tokens, i);
  if (token.kind === 'string' || token.kind === 'quoted') return i;
  if (token.text === '?' && dialect === 'mysql') return i;
  if (token.text === '.' && /^\d/.test(tokens[i + 1]?.text ?? '')) return i + 1;
  if (token.kind !== 'word') return -1;
  const word = token.text.toUpperCase();
  if (NOT_OPERANDS.has(word)) return -1;
  if (/^\d/.test(token.text)) return i;
  if (word === 'CASE') {
    let nested = 0;
    for (let k = i; k < tokens.length; k++) {
      if (isKeyword(tokens[k], 'CASE')) nested++;
      else if (isKeyword(tokens[k], 'END') && --nested === 0) return k;
    }
    return -1;
  }
  if (word === 'ARRAY' && tokens[i + 1]?.text === '[') return closingBracket(tokens, i + 1);
  if (
    (word === 'INTERVAL' || word === 'DATE' || word === 'TIME' || word === 'TIMESTAMP') &&
    tokens[i + 1]?.kind === 'string'
  ) {
    let k = i + 1;
    while (/^(YEAR|MONTH|DAY|HOUR|MINUTE|SECOND|TO)$/i.test(tokens[k + 1]?.text ?? '')) k++;
    return k;
  }
  if (tokens[i + 1]?.text === '(') {
    let k = closingParen(tokens, i + 1);
    if (k < 0) return -1;
    // A call's FILTER (...), WITHIN GROUP (...), OVER (...) or OVER name.
    for (;;) {
      if ((isKeyword(tokens[k + 1], 'FILTER') || isKeyword(tokens[k + 1], 'OVER')) && tokens[k + 2]?.text === '(') {
        k = closingParen(tokens, k + 2);
      } else if (
        isKeyword(tokens[k + 1], 'WITHIN') &&
        isKeyword(tokens[k + 2], 'GROUP') &&
        tokens[k + 3]?.text === '('
      ) {
        k = closingParen(tokens, k + 3);
      } else if (isKeyword(tokens[k + 1], 'OVER') && tokens[k + 2]?.kind === 'word') {
        k += 2;
      } else break;
      if (k < 0) return -1;
    }
    return k;
  }
  // A typed literal (PostgreSQL: `inet '10.0.0.1'`).
  if (dialect === 'postgresql') {
    const type = scanType(tokens, i, dialect);
    if (type && type.end > i && tokens[type.end + 1]?.kind === 'string') return type.end + 1;
    if (tokens[i + 1]?.kind === 'string' && /^[A-Z_][A-Z0-9_]*$/.test(word)) return i + 1;
  }
  return i;
}

function closingBracket(tokens: Token[], open: number): number {
  let nested = 0;
  for (let k = open; k < tokens.length; k++) {
    if (tokens[k]!.text === '[') nested++;
    else if (tokens[k]!.text === ']' && --nested === 0) return k;
  }
  return -1;
}

/** The last token of a primary's postfixes: `::type`, `[...]`, `.field`, COLLATE name, AT TIME ZONE x, AT LOCAL. */
function postfixes(tokens: Token[], last: number, dialect: Dialect): number {
  for (;;) {
    const next = tokens[last + 1];
    if (next?.text === ':' && tokens[last + 2]?.text === ':' && dialect === 'postgresql') {
      const type = scanType(tokens, last + 3, dialect);
      if (!type) return last;
      last = type.end;
    } else if (next?.text === '[') {
      const close = closingBracket(tokens, last + 1);
      if (close < 0) return last;
      last = close;
    } else if (next?.text === '.' && tokens[last]!.text === ')' && tokens[last + 2]) {
      last += 2;
    } else if (isKeyword(next, 'COLLATE') && tokens[last + 2]) {
      last += 2;
    } else if (isKeyword(next, 'AT') && isKeyword(tokens[last + 2], 'TIME') && isKeyword(tokens[last + 3], 'ZONE')) {
      const zone = scanPrimary(tokens, last + 4, dialect);
      if (zone < 0) return last;
      last = postfixes(tokens, zone, dialect);
    } else if (isKeyword(next, 'AT') && isKeyword(tokens[last + 2], 'LOCAL')) {
      last += 2;
    } else return last;
  }
}

function rewrite(context: FormContext, run: Run): void {
  const { tokens, substitutions, markers, dialect } = context;
  const operators = run.operators.map((op) => op.text);
  const prefixes = run.operands.map((operand) => operand.prefixes.map((p) => p.text));
  const open = markers.open('these operators', (args) => build(args, operators, prefixes, dialect));
  const first = run.operands[0]!;
  const start = tokens[run.start]!.start;
  substitutions.push({ start, end: tokens[first.first]!.start, replacement: open, order: -1 });
  run.operators.forEach((op, k) => {
    const next = run.operands[k + 1]!;
    substitutions.push({ start: tokens[op.first]!.start, end: tokens[next.first]!.start, replacement: ', ' });
  });
  substitutions.push({ start: tokens[run.end]!.end, end: tokens[run.end]!.end, replacement: ')', order: 1 });
}

/** The run's tree from its operands' trees, by precedence (a Pratt parser over operands and operators). */
function build(args: AstNode[], operators: string[], prefixes: string[][], dialect: Dialect): AstNode {
  let operand = 0;
  let prefix = 0;
  let operator = 0;
  const prefixPower = (op: string) => {
    if (dialect === 'postgresql') return op === '-' || op === '+' ? 50 : 11;
    return 70;
  };
  const parse = (min: number): AstNode => {
    let left: AstNode;
    const pending = prefixes[operand]!;
    if (prefix < pending.length) {
      const op = pending[prefix++]!;
      left = { type: 'unary_expr', operator: op, expr: parse(prefixPower(op)) };
    } else {
      left = args[operand++]!;
      prefix = 0;
    }
    while (operator < operators.length) {
      const op = operators[operator]!;
      const power = bindingPower(op, dialect)!;
      if (power < min) break;
      operator++;
      const right = parse(power + 1);
      left = { type: 'binary_expr', operator: op, left, right };
    }
    return left;
  };
  return parse(0);
}

/**
 * PostgreSQL: `x AT TIME ZONE z` (and `AT LOCAL`), which the grammar reads after a column only: another operand
 * (`TIMESTAMP '...' AT TIME ZONE 'UTC'`, `f(x) AT TIME ZONE z`) is handed to it with its zone as a marker call, then
 * given the grammar's shape for AT TIME ZONE on a column (an `options` list on the operand). A chain
 * (`x AT TIME ZONE 'Asia/Shanghai' AT TIME ZONE 'UTC'`, applied left to right) is a marker call around the one before
 * for every zone after the first (and the first too when the operand is no column); each appends its zone to the
 * operand's list, which then reads `at time zone 'Asia/Shanghai' at time zone 'UTC'`.
 */
export function timeZoneOperands(context: FormContext): void {
  const { tokens, dialect, substitutions, markers } = context;
  if (dialect !== 'postgresql') return;
  tokens.forEach((token, i) => {
    if (!startsExpression(tokens, i, dialect) || (token.text === '(' && isKeyword(tokens[i + 1], 'SELECT'))) return;
    const primary = scanPrimary(tokens, i, dialect);
    if (primary < 0) return;
    // Postfix casts and subscripts belong to the operand.
    let end = primary;
    for (;;) {
      const next = tokens[end + 1];
      if (next?.text === ':' && tokens[end + 2]?.text === ':') {
        const type = scanType(tokens, end + 3, dialect);
        if (!type) return;
        end = type.end;
      } else if (next?.text === '[') {
        end = closingBracket(tokens, end + 1);
        if (end < 0) return;
      } else break;
    }
    // A zone is no operand of its own: `... AT TIME ZONE 'x' AT TIME ZONE 'y'` is read from the chain's operand.
    if (isKeyword(tokens[i - 1], 'ZONE') && isKeyword(tokens[i - 2], 'TIME') && isKeyword(tokens[i - 3], 'AT')) return;
    const zones: Array<{ at: number; zone: number }> = [];
    for (let at = end + 1; isAtTimeZone(tokens, at); ) {
      const zone = scanPrimary(tokens, at + 3, dialect);
      if (zone < 0) return;
      zones.push({ at, zone });
      at = zone + 1;
    }
    // A column the grammar reads as it is, with its first zone.
    const column = end === i && (token.kind === 'word' || token.kind === 'quoted') && !/^\d/.test(token.text);
    const wrapped = column ? zones.slice(1) : zones;
    wrapped.forEach(({ at, zone }, n) => {
      const open = markers.open('AT TIME ZONE', ([operand, written]) => {
        const zone = [{ type: 'origin', value: 'at time zone' }, written];
        // A zone after another: the operand's list gets it after its own, in the order PostgreSQL applies them.
        const before = (operand!.options as AstNode | undefined)?.value;
        const value = Array.isArray(before) ? [...before, ...zone] : zone;
        return { ...operand!, options: { type: 'expr_list', value, separator: ' ' } };
      });
      substitutions.push(
        // The outermost call (the last zone) opens first.
        { start: token.start, end: token.start, replacement: open, order: n - wrapped.length },
        { start: tokens[at - 1]!.end, end: tokens[at + 2]!.end, replacement: ',' },
        { start: tokens[zone]!.end, end: tokens[zone]!.end, replacement: ')', order: 1 },
      );
    });
  });
}

const isAtTimeZone = (tokens: Token[], at: number) =>
  isKeyword(tokens[at], 'AT') && isKeyword(tokens[at + 1], 'TIME') && isKeyword(tokens[at + 2], 'ZONE');
