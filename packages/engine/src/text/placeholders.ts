import type { Token } from './lexer.ts';

/** A MyBatis placeholder in the code tokens: `#{...}` (a bind parameter) or `${...}` (text pasted in). */
export interface TemplatePlaceholder {
  sigil: '#' | '$';
  /** Token indices of the sigil and of the closing brace; both the one token of a quoted name holding a `${...}`. */
  first: number;
  last: number;
}

/**
 * Every `#{...}` and `${...}` among code tokens (the sigil right before the brace, as MyBatis writes them). A
 * placeholder may hold another in its options (Flowable's `#{bytes, jdbcType=${blobType}}`): it ends at the brace
 * that closes its own. A quoted name with a `${...}` in it (MySQL's ``ORDER BY `${sortField}` ``, PostgreSQL's
 * `"${column}"`) is one: MyBatis pastes into it as anywhere, so the name is only known at run time.
 */
export function templatePlaceholders(tokens: Token[]): TemplatePlaceholder[] {
  const found: TemplatePlaceholder[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (pastedIntoName(tokens[i]!)) {
      found.push({ sigil: '$', first: i, last: i });
      continue;
    }
    if (i + 2 >= tokens.length) continue;
    const sigil = tokens[i]!.text;
    if ((sigil !== '#' && sigil !== '$') || tokens[i + 1]!.text !== '{' || tokens[i + 1]!.start !== tokens[i]!.end) {
      continue;
    }
    const close = closingBrace(tokens, i + 1);
    if (close < 0) continue;
    found.push({ sigil, first: i, last: close });
    i = close;
  }
  return found;
}

/** A quoted name with a `${...}` in it. */
function pastedIntoName(token: Token): boolean {
  return token.kind === 'quoted' && /\$\{[^}]*\}/.test(token.text);
}

/**
 * Where the `${...}` of a placeholder is written: the placeholder's tokens, or inside the quoted name that holds it
 * (its first `${` to its last `}`).
 */
export function placeholderText(tokens: Token[], { first, last }: TemplatePlaceholder): { start: number; end: number } {
  const token = tokens[first]!;
  if (first !== last || !pastedIntoName(token)) return { start: token.start, end: tokens[last]!.end };
  return { start: token.start + token.text.indexOf('${'), end: token.start + token.text.lastIndexOf('}') + 1 };
}

function closingBrace(tokens: Token[], open: number): number {
  let depth = 0;
  for (let k = open + 1; k < tokens.length; k++) {
    const text = tokens[k]!.text;
    if (text === '{') depth++;
    else if (text === '}' && depth-- === 0) return k;
  }
  return -1;
}

/**
 * What a `${...}` stands for, from the code tokens around it (`first` is its sigil's index, `last` its closing brace's):
 *  - 'row-count': after LIMIT / OFFSET / FETCH FIRST|NEXT / TOP (`LIMIT ${n}`, `LIMIT 10, ${n}`, `LIMIT ${offset},
 *    ${pageSize}`);
 *  - 'row-range': a piece of paging SQL, named so (limit, offset, page, rownum, fetch) where a piece of SQL stands:
 *    first or last in the statement or after a finished item (Flowable's `${limitBefore} SELECT RES.* ${limitBetween}
 *    ... ${limitAfter}`, the database's LIMIT/OFFSET or ROW_NUMBER() window built by the framework);
 *  - 'column-operator': where a condition starts and a value follows, the column and its operator
 *    (mybatis-generator's `and ${criterion.condition} #{criterion.value}`, the condition being `id =`);
 *  - 'fragment': a piece of SQL where a condition or clause goes: first in the statement, a whole condition after
 *    WHERE / HAVING / ON / AND / OR (MyBatis-Plus' `AND ${ew.sqlSegment}`), after a finished expression in a clause
 *    of conditions (RuoYi's `WHERE u.del_flag = '0' ${params.dataScope}`, a data-scope filter built in Java), or after
 *    a finished table in FROM (MyBatis-Plus' `FROM sys_log ${ew.customSqlSegment}`, its `WHERE ...` or nothing);
 *  - 'value': after an operator, in a clause of values;
 *  - 'name': where the nearest clause takes names (ORDER BY, GROUP BY, FROM, JOIN, the select list), a column an
 *    operator follows, or anything else.
 */
export type SubstitutionRole = 'row-count' | 'row-range' | 'column-operator' | 'fragment' | 'value' | 'name';

const nameClauses = /^(BY|FROM|JOIN|INTO|UPDATE|TABLE|SELECT)$/i;
const valueWords = /^(=|<>|!=|<|<=|>|>=|IN|LIKE|ILIKE|VALUES|THEN|ELSE|WHEN|AND|OR|NOT|BETWEEN|SET|\(|,|\+|-|\*|\/)$/i;
const conditionStarts = /^(WHERE|HAVING|ON|AND|OR)$/i;
const operatorWords = /^(=|<|>|!|<=|>=|<>|!=|IN|LIKE|ILIKE|IS|BETWEEN|NOT|REGEXP|RLIKE)$/i;

export function substitutionRole(code: Token[], first: number, last = closingBraceOf(code, first)): SubstitutionRole {
  if (countsRows(code, first)) return 'row-count';
  const role = positionRole(code, first, last);
  const paging = pagingName.test(
    code
      .slice(first + 2, last)
      .map((t) => t.text)
      .join(''),
  );
  if (!paging || (role !== 'fragment' && !(role === 'name' && afterFinishedItem(code, first)))) return role;
  return 'row-range';
}

/** A name that reads as paging: `limitBefore`, `limitBetween`, `offset`, `pageSql`, `rownumLimit`, `fetchClause`. */
const pagingName = /limit|offset|page|paging|rownum|fetch/i;

/** After LIMIT, OFFSET, FETCH FIRST/NEXT, TOP, or after the comma of `LIMIT <offset>, `. */
function countsRows(code: Token[], first: number): boolean {
  const text = code[first - 1]?.text ?? '';
  if (/^(LIMIT|OFFSET|TOP)$/i.test(text)) return true;
  if (/^(FIRST|NEXT)$/i.test(text) && /^FETCH$/i.test(code[first - 2]?.text ?? '')) return true;
  if (text !== ',') return false;
  // The offset before the comma: a number, or a placeholder (`LIMIT ${offset}, ${pageSize}`, `LIMIT #{o}, ${n}`).
  let k = first - 2;
  if (code[k]?.text === '}') {
    while (k > 0 && !(code[k]!.text === '{' && /^[#$]$/.test(code[k - 1]!.text))) k--;
    k--;
  }
  return /^LIMIT$/i.test(code[k - 1]?.text ?? '');
}

/** Whether the `${}` follows a finished item of a clause (a word, a string, `)`, a star), apart from clause words. */
function afterFinishedItem(code: Token[], first: number): boolean {
  const before = code[first - 1];
  if (!before) return false;
  // A star after SELECT, a comma or a qualifier (the lexer reads `RES.` as one word).
  if (before.text === '*') return /(\.|^SELECT|^,|^DISTINCT)$/i.test(code[first - 2]?.text ?? '');
  const finished =
    before.kind === 'string' || before.kind === 'quoted' || before.kind === 'word' || before.text === ')';
  return finished && !nameClauses.test(before.text) && !/^(AS|DISTINCT|ALL)$/i.test(before.text);
}

/** The role by position alone (see SubstitutionRole), LIMIT's row counts apart. */
function positionRole(code: Token[], first: number, last: number): SubstitutionRole {
  const before = code[first - 1];
  const text = before?.text ?? '';
  if (!before) return 'fragment';
  if (startsCondition(code, first)) return conditionRole(code, last);
  const names = nameClauseBefore(code, first);
  if (valueWords.test(text)) return names ? 'name' : 'value';
  if (names) return names === 'FROM' && endsTable(code, first) ? 'fragment' : 'name';
  const endsExpression =
    before.kind === 'string' || before.kind === 'quoted' || before.kind === 'word' || /^[)}?]$/.test(text);
  return endsExpression ? 'fragment' : 'name';
}

/** A `${}` where a condition starts: by what follows it, the column and operator, a column, or the whole condition. */
function conditionRole(code: Token[], last: number): SubstitutionRole {
  const next = code[last + 1];
  if (!next) return 'fragment';
  const value =
    ((next.text === '#' || next.text === '$') && code[last + 2]?.text === '{') ||
    next.text === '?' ||
    next.kind === 'string' ||
    next.text === '(' ||
    /^\d/.test(next.text);
  if (value) return 'column-operator';
  return operatorWords.test(next.text) ? 'name' : 'fragment';
}

/**
 * Whether a condition starts at `first`: after WHERE, HAVING, ON, AND, OR (not BETWEEN's AND), also behind opening
 * parentheses (`WHERE (${c} #{v}`: mybatis-generator's `<trim prefix="(" prefixOverrides="and">`).
 */
function startsCondition(code: Token[], first: number): boolean {
  let k = first - 1;
  while (k >= 0 && code[k]!.text === '(') k--;
  if (k < 0) return k < first - 1;
  return conditionStarts.test(code[k]!.text) && !inBetween(code, k);
}

/** Whether the AND at `k` is BETWEEN's (`x BETWEEN #{a} AND ${b}`). */
function inBetween(code: Token[], k: number): boolean {
  if (!/^AND$/i.test(code[k]!.text)) return false;
  for (let j = k - 1; j >= 0; j--) {
    const word = code[j]!.text;
    if (/^BETWEEN$/i.test(word)) return true;
    if (/^(AND|OR|WHERE|HAVING|ON|\(|\))$/i.test(word)) return false;
  }
  return false;
}

/** Whether the `${}` at `first` follows a finished table of FROM/JOIN, apart from it (`FROM sys_log ${segment}`). */
function endsTable(code: Token[], first: number): boolean {
  const before = code[first - 1]!;
  if (before.end === code[first]!.start) return false;
  return (
    (before.kind === 'word' || before.kind === 'quoted') && !nameClauses.test(before.text) && !/^AS$/i.test(before.text)
  );
}

/** The index of the brace closing the placeholder whose sigil is at `first`. */
function closingBraceOf(code: Token[], first: number): number {
  const close = closingBrace(code, first + 1);
  return close < 0 ? first + 1 : close;
}

/** The nearest clause before the parameter when it takes names (BY, FROM for FROM and JOIN, SELECT...), else undefined. */
function nameClauseBefore(code: Token[], first: number): string | undefined {
  for (let k = first - 1; k >= 0; k--) {
    const word = code[k]!.text;
    if (/^(WHERE|ON|HAVING|SET|VALUES|AND|OR|WHEN|THEN|LIMIT)$/i.test(word)) return undefined;
    if (nameClauses.test(word)) return /^(FROM|JOIN)$/i.test(word) ? 'FROM' : word.toUpperCase();
  }
  return undefined;
}
