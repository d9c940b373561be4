import { isKeyword } from '../../text/lexer.ts';
import type { TextEdit } from '../../text/patch.ts';
import { type TokenView, wrapped } from './tokens.ts';

/** Removing operands of an AND chain from the text. */

/**
 * The edit that removes one operand of an AND chain with the AND that joins it: `x AND ` when an AND
 * follows it, else ` AND x`. The range is the operand's own (balanced, with its wrapping parentheses).
 */
export function removeFromAnd(view: TokenView, range: [number, number]): TextEdit | undefined {
  const [first, last] = wrapped(view, range);
  const { tokens } = view;
  if (isKeyword(tokens[last + 1], 'AND') && tokens[last + 2]) {
    return { start: tokens[first]!.start, end: tokens[last + 2]!.start, replacement: '' };
  }
  if (isKeyword(tokens[first - 1], 'AND') && tokens[first - 2]) {
    return { start: tokens[first - 2]!.end, end: tokens[last]!.end, replacement: '' };
  }
  return undefined;
}

/**
 * Edits removing several operands of one AND chain: operands next to each other (only an AND between
 * them) go as one run, each run with one of the ANDs around it.
 */
export function removeAllFromAnd(view: TokenView, ranges: Array<[number, number]>): TextEdit[] | undefined {
  const sorted = ranges.map((r) => wrapped(view, r)).sort((a, b) => a[0] - b[0]);
  const runs: Array<[number, number]> = [];
  for (const range of sorted) {
    const previous = runs[runs.length - 1];
    if (previous && range[0] === previous[1] + 2 && isKeyword(view.tokens[previous[1] + 1], 'AND')) {
      previous[1] = range[1];
    } else runs.push([...range]);
  }
  const edits: TextEdit[] = [];
  for (const run of runs) {
    const edit = removeFromAnd(view, run);
    if (!edit) return undefined;
    edits.push(edit);
  }
  // Two runs around one AND would both claim it.
  const ordered = [...edits].sort((a, b) => a.start - b.start);
  return ordered.every((e, i) => i === 0 || e.start >= ordered[i - 1]!.end) ? edits : undefined;
}
