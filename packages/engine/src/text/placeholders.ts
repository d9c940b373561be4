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
