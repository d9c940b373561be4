/**
 * A small reading of the OGNL MyBatis uses in `test` and `<bind value>`, evaluated against a scenario in which
 * every parameter is either set (a value that is not null, not empty, a collection of three items) or null. It knows
 * the idioms mappers are written with (`name != null and name != ''`, `list != null and list.size() > 0`,
 * `_databaseId == 'mysql'`, `'%' + name + '%'`); whatever it cannot decide is `unknown`, and the variant decides it
 * by its scenario (set: true, null: false).
 */

export type Value =
  | { readonly kind: 'null' }
  /** Set, with no known content: not null, not empty. */
  | { readonly kind: 'set' }
  | { readonly kind: 'known'; readonly value: string | number | boolean }
  | { readonly kind: 'unknown' };

const NULL: Value = { kind: 'null' };
const SET: Value = { kind: 'set' };
const UNKNOWN: Value = { kind: 'unknown' };
const known = (value: string | number | boolean): Value => ({ kind: 'known', value });

/** Items a set collection holds in a scenario (a `<foreach>` renders as many). */
export const SET_COLLECTION_SIZE = 3;
/** What a set string stands for where text is needed (`'%' + name + '%'`). */
const SET_SAMPLE = 'a';

export interface Scope {
  /** The value of a name (the first part of a property path): a parameter, a `<bind>`, `_parameter`... */
  lookup(name: string): Value;
  /** A value known for a whole property path (`q.type`, fixed by a test the scenario decided), if any. */
  lookupPath?(path: string): Value | undefined;
}

/** `name == value` or `name != value` in a test (value: null, a number, a string, true or false, as written). */
export interface Comparison {
  readonly name: string;
  readonly equal: boolean;
  /** The value without its quotes. */
  readonly value: string;
  readonly quoted: boolean;
}

const literal = String.raw`null|-?\d+(?:\.\d+)?|'[^']*'|"[^"]*"|true|false`;
/** A string written for OGNL to compare as a string: `'1'.toString()` (`'1'` alone is a char), `"1"`. */
const text = String.raw`(?:'[^']*'|"[^"]*")(?:\.toString\(\))?`;
const name = String.raw`[A-Za-z_$][\w$.]*`;
const comparisonForms: readonly RegExp[] = [
  new RegExp(String.raw`^(${name})\s*(==|!=|\beq\b|\bneq\b)\s*(${literal}|${text})$`),
  new RegExp(String.raw`^(${literal}|${text})\s*(==|!=|\beq\b|\bneq\b)\s*(${name})$`),
  new RegExp(String.raw`^(!?)(${name})\.equals\((${text})\)$`),
  new RegExp(String.raw`^(!?)(${text})\.equals\((${name})\)$`),
];

/**
 * The comparisons a test is a conjunction of (`and`, `&&`), as MyBatis mappers write them: `type == 1`, `type eq
 * 'a'`, `type == '1'.toString()`, `type.equals("1")`, `'email'.equals(field)`. A test with `or` gives none: it may
 * hold whatever its parts say.
 */
export function testComparisons(test: string): Comparison[] {
  if (/\|\||\bor\b/.test(test)) return [];
  return test.split(/&&|\band\b/).flatMap((part): Comparison[] => {
    const written = part
      .trim()
      .replace(/^\((.*)\)$/, '$1')
      .trim();
    const [forward, backward, equalsName, equalsText] = comparisonForms.map((form) => form.exec(written));
    if (forward) return [comparisonOf(forward[1]!, forward[2]!, forward[3]!)];
    if (backward) return [comparisonOf(backward[3]!, backward[2]!, backward[1]!)];
    const call = equalsName ?? equalsText;
    if (!call) return [];
    const [target, value] = equalsName ? [call[2]!, call[3]!] : [call[3]!, call[2]!];
    return [comparisonOf(target, call[1] === '!' ? '!=' : '==', value)];
  });
}

function comparisonOf(name: string, operator: string, written: string): Comparison {
  const value = written.replace(/\.toString\(\)$/, '');
  const quoted = /^['"]/.test(value);
  return { name, equal: operator === '==' || operator === 'eq', value: quoted ? value.slice(1, -1) : value, quoted };
}

/** A test's outcome: true, false, or undefined when it depends on what the scenario does not say. */
export function evaluateTest(expression: string, scope: Scope): boolean | undefined {
  const value = evaluate(expression, scope);
  return value ? truth(value) : undefined;
}

/** A value expression (`<bind value>`); undefined when it does not read. */
export function evaluate(expression: string, scope: Scope): Value | undefined {
  try {
    const parser = new Parser(tokenize(expression), scope);
    const value = parser.expression();
    return parser.atEnd() ? value : undefined;
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

/**
 * The text a `<bind value>` stands for whatever the parameters are: literals alone (`'created_at'`, `'a' + 'b'`, `10`),
 * no parameter, bind or static field (`@com.x.Constants@FIELD` is only known at run time). Undefined otherwise.
 */
export function constantText(expression: string): string | undefined {
  const value = evaluate(expression, { lookup: () => UNKNOWN });
  return value?.kind === 'known' ? String(value.value) : undefined;
}

/** The text a value stands for, when it is one (a bind's pattern); undefined otherwise. */
export function sampleText(value: Value | undefined): string | undefined {
  if (value?.kind === 'known') return String(value.value);
  if (value?.kind === 'set') return SET_SAMPLE;
  return undefined;
}

export function truth(value: Value): boolean | undefined {
  switch (value.kind) {
    case 'null':
      return false;
    case 'set':
      return true;
    case 'known':
      return typeof value.value === 'string' ? value.value.length > 0 : Boolean(value.value);
    default:
      return undefined;
  }
}

class Unreadable extends Error {}

type Token = { kind: 'name' | 'number' | 'string' | 'symbol'; text: string };

const symbols = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  '@',
];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) throw new Unreadable();
      tokens.push({ kind: 'string', text: text.slice(i + 1, close) });
      i = close + 1;
      continue;
    }
    const number = /^\d+(\.\d+)?[LlDdFf]?/.exec(text.slice(i));
    if (number) {
      tokens.push({ kind: 'number', text: number[0].replace(/[LlDdFf]$/, '') });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i));
    if (name) {
      tokens.push({ kind: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    const symbol = symbols.find((s) => text.startsWith(s, i));
    if (!symbol) throw new Unreadable();
    tokens.push({ kind: 'symbol', text: symbol });
    i += symbol.length;
  }
  return tokens;
}

const wordOperators: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  neq: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

class Parser {
  private i = 0;
  /** The name primary() just looked up (a property path starts there); undefined after anything else. */
  private lookedUp: string | undefined;

  constructor(
    private readonly tokens: Token[],
    private readonly scope: Scope,
  ) {}

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  expression(): Value {
    let left = this.conjunction();
    while (this.accept('||')) left = or(left, this.conjunction());
    return left;
  }

  private conjunction(): Value {
    let left = this.negation();
    while (this.accept('&&')) left = and(left, this.negation());
    return left;
  }

  private negation(): Value {
    if (this.accept('!')) return not(this.negation());
    return this.comparison();
  }

  private comparison(): Value {
    const left = this.additive();
    for (const operator of ['==', '!=', '<=', '>=', '<', '>']) {
      if (this.accept(operator)) return compare(operator, left, this.additive());
    }
    return left;
  }

  private additive(): Value {
    let left = this.unary();
    for (;;) {
      if (this.accept('+')) left = plus(left, this.unary());
      else if (this.accept('-') || this.accept('*') || this.accept('/') || this.accept('%')) {
        this.unary();
        left = UNKNOWN;
      } else return left;
    }
  }

  private unary(): Value {
    if (this.accept('-')) {
      const value = this.unary();
      return value.kind === 'known' && typeof value.value === 'number' ? known(-value.value) : UNKNOWN;
    }
    const value = this.primary();
    const path = this.lookedUp;
    this.lookedUp = undefined;
    return this.postfix(value, path);
  }

  /** Property reads and calls after a value; `path` is the property path read so far (`q`, `q.type`), if one. */
  private postfix(start: Value, startPath: string | undefined): Value {
    let value = start;
    let path = startPath;
    for (;;) {
      if (this.accept('.')) {
        const name = this.name();
        if (this.peek('(')) {
          value = method(value, name, this.arguments());
          path = undefined;
        } else {
          path = path === undefined ? undefined : `${path}.${name}`;
          value = (path === undefined ? undefined : this.scope.lookupPath?.(path)) ?? property(value);
        }
      } else if (this.accept('[')) {
        this.expression();
        this.expect(']');
        value = property(value);
        path = undefined;
      } else return value;
    }
  }

  private primary(): Value {
    const token = this.tokens[this.i];
    if (!token) throw new Unreadable();
    if (token.kind === 'string' || token.kind === 'number') {
      this.i++;
      return known(token.kind === 'number' ? Number(token.text) : token.text);
    }
    if (this.accept('(')) {
      const value = this.expression();
      this.expect(')');
      return value;
    }
    if (this.accept('@')) {
      // @Class@method(...) or @Class@FIELD: a static call whose outcome is not known here.
      while (!this.accept('@')) {
        if (this.atEnd()) throw new Unreadable();
        this.i++;
      }
      this.name();
      if (this.peek('(')) this.arguments();
      return UNKNOWN;
    }
    const name = this.name();
    if (name === 'null') return NULL;
    if (name === 'true' || name === 'false') return known(name === 'true');
    if (this.peek('(')) {
      this.arguments();
      return UNKNOWN;
    }
    this.lookedUp = name;
    return this.scope.lookup(name);
  }

  private arguments(): Value[] {
    this.expect('(');
    const values: Value[] = [];
    if (this.accept(')')) return values;
    do values.push(this.expression());
    while (this.accept(','));
    this.expect(')');
    return values;
  }

  private name(): string {
    const token = this.tokens[this.i];
    if (token?.kind !== 'name') throw new Unreadable();
    this.i++;
    return token.text;
  }

  private peek(symbol: string): boolean {
    const token = this.tokens[this.i];
    return token?.kind === 'symbol' && token.text === symbol;
  }

  private accept(operator: string): boolean {
    const token = this.tokens[this.i];
    if (!token) return false;
    const text = token.kind === 'name' ? (wordOperators[token.text] ?? token.text) : token.text;
    if ((token.kind !== 'symbol' && token.kind !== 'name') || text !== operator) return false;
    // A word operator is not a property name here ("and" after an operand).
    this.i++;
    return true;
  }

  private expect(symbol: string): void {
    if (!this.accept(symbol)) throw new Unreadable();
  }
}

/** A property of a value: a property of null is null (the guard `a != null and a.b != null` reads so). */
function property(value: Value): Value {
  if (value.kind === 'null') return NULL;
  if (value.kind === 'set') return SET;
  return UNKNOWN;
}

function method(receiver: Value, name: string, args: Value[]): Value {
  if (receiver.kind !== 'set' && receiver.kind !== 'known') return UNKNOWN;
  const text = receiver.kind === 'known' ? String(receiver.value) : undefined;
  switch (name) {
    case 'size':
    case 'length':
      return known(text !== undefined ? text.length : SET_COLLECTION_SIZE);
    case 'isEmpty':
      return known(text !== undefined && text.length === 0);
    case 'trim':
    case 'toString':
      return text !== undefined ? known(text.trim()) : SET;
    case 'equals':
      return args[0] ? compare('==', receiver, args[0]) : UNKNOWN;
    default:
      return UNKNOWN;
  }
}

function not(value: Value): Value {
  const t = truth(value);
  return t === undefined ? UNKNOWN : known(!t);
}

function and(left: Value, right: Value): Value {
  const a = truth(left);
  if (a === false) return known(false);
  const b = truth(right);
  if (b === false) return known(false);
  return a === true && b === true ? known(true) : UNKNOWN;
}

function or(left: Value, right: Value): Value {
  const a = truth(left);
  if (a === true) return known(true);
  const b = truth(right);
  if (b === true) return known(true);
  return a === false && b === false ? known(false) : UNKNOWN;
}

function plus(left: Value, right: Value): Value {
  const a = sampleText(left) ?? (left.kind === 'null' ? 'null' : undefined);
  const b = sampleText(right) ?? (right.kind === 'null' ? 'null' : undefined);
  if (left.kind === 'known' && right.kind === 'known' && typeof left.value === 'number') {
    return typeof right.value === 'number' ? known(left.value + right.value) : known(`${left.value}${right.value}`);
  }
  return a !== undefined && b !== undefined ? known(a + b) : UNKNOWN;
}

function compare(operator: string, left: Value, right: Value): Value {
  if (operator === '!=') return not(compare('==', left, right));
  if (left.kind === 'unknown' || right.kind === 'unknown') return UNKNOWN;
  if (operator === '==') {
    if (left.kind === 'null' || right.kind === 'null') return known(left.kind === right.kind);
    if (left.kind === 'known' && right.kind === 'known') return known(looselyEqual(left.value, right.value));
    // A set value is not empty; what else it equals is not known.
    const other = left.kind === 'known' ? left : right.kind === 'known' ? right : undefined;
    return other?.kind === 'known' && other.value === '' ? known(false) : UNKNOWN;
  }
  if (left.kind !== 'known' || right.kind !== 'known') return UNKNOWN;
  const a = Number(left.value);
  const b = Number(right.value);
  if (Number.isNaN(a) || Number.isNaN(b)) return UNKNOWN;
  switch (operator) {
    case '<':
      return known(a < b);
    case '<=':
      return known(a <= b);
    case '>':
      return known(a > b);
    default:
      return known(a >= b);
  }
}

/** OGNL compares a number and a numeric string as numbers. */
function looselyEqual(a: string | number | boolean, b: string | number | boolean): boolean {
  if (typeof a === typeof b) return a === b;
  const x = Number(a);
  const y = Number(b);
  return !Number.isNaN(x) && !Number.isNaN(y) && x === y;
}
