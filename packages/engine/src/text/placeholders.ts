import type { Token } from './lexer.ts';

/** A MyBatis placeholder in the code tokens: `#{...}` (a bind parameter) or `${...}` (text pasted in). */
export interface TemplatePlaceholder {
  sigil: '#' | '$';
  /** Token indices of the sigil and of the closing brace. */
  first: number;
  last: number;
}

/**
 * Every `#{...}` and `${...}` among code tokens (the sigil right before the brace, as MyBatis writes them). A
 * placeholder may hold another in its options (Flowable's `#{bytes, jdbcType=${blobType}}`): it ends at the brace
 * that closes its own.
 */
export function templatePlaceholders(tokens: Token[]): TemplatePlaceholder[] {
  const found: TemplatePlaceholder[] = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
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
 * What a `${...}` stands for, from the code tokens before it (`first` is its sigil's index):
 *  - 'row-count': after LIMIT / OFFSET (`LIMIT ${n}`, `LIMIT 10, ${n}`);
 *  - 'fragment': a piece of SQL where a condition or clause goes: first in the statement, right after WHERE /
 *    HAVING / ON, or after a finished expression in a clause of conditions (RuoYi's `WHERE u.del_flag = '0'
 *    ${params.dataScope}`, a data-scope filter built in Java);
 *  - 'value': after an operator, in a clause of values;
 *  - 'name': where the nearest clause takes names (ORDER BY, GROUP BY, FROM, JOIN, the select list), or anything else.
 */
export type SubstitutionRole = 'row-count' | 'fragment' | 'value' | 'name';

const nameClauses = /^(BY|FROM|JOIN|INTO|UPDATE|TABLE|SELECT)$/i;
const valueWords = /^(=|<>|!=|<|<=|>|>=|IN|LIKE|ILIKE|VALUES|THEN|ELSE|WHEN|AND|OR|NOT|BETWEEN|SET|\(|,|\+|-|\*|\/)$/i;

export function substitutionRole(code: Token[], first: number): SubstitutionRole {
  const before = code[first - 1];
  const text = before?.text ?? '';
  if (/^(LIMIT|OFFSET)$/i.test(text) || (text === ',' && /^LIMIT$/i.test(code[first - 3]?.text ?? ''))) {
    return 'row-count';
  }
  if (!before || /^(WHERE|HAVING|ON)$/i.test(text)) return 'fragment';
  const names = nameClauseBefore(code, first);
  if (valueWords.test(text)) return names ? 'name' : 'value';
  if (names) return 'name';
  const endsExpression =
    before.kind === 'string' || before.kind === 'quoted' || before.kind === 'word' || /^[)}?]$/.test(text);
  return endsExpression ? 'fragment' : 'name';
}

/** Whether the nearest clause before the parameter takes names (ORDER BY, GROUP BY, FROM, the select list). */
function nameClauseBefore(code: Token[], first: number): boolean {
  for (let k = first - 1; k >= 0; k--) {
    const word = code[k]!.text;
    if (/^(WHERE|ON|HAVING|SET|VALUES|AND|OR|WHEN|THEN|LIMIT)$/i.test(word)) return false;
    if (nameClauses.test(word)) return true;
  }
  return false;
}
