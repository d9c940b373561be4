import type { Token } from './lexer.ts';

/** A MyBatis placeholder in the code tokens: `#{...}` (a bind parameter) or `${...}` (text pasted in). */
export interface TemplatePlaceholder {
  sigil: '#' | '$';
  /** Token indices of the sigil and of the closing brace. */
  first: number;
  last: number;
}

/** Every `#{...}` and `${...}` among code tokens (the sigil right before the brace, as MyBatis writes them). */
export function templatePlaceholders(tokens: Token[]): TemplatePlaceholder[] {
  const found: TemplatePlaceholder[] = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    const sigil = tokens[i]!.text;
    if ((sigil !== '#' && sigil !== '$') || tokens[i + 1]!.text !== '{' || tokens[i + 1]!.start !== tokens[i]!.end) {
      continue;
    }
    const close = tokens.findIndex((t, k) => k > i + 1 && t.text === '}');
    if (close < 0) continue;
    found.push({ sigil, first: i, last: close });
    i = close;
  }
  return found;
}
