import type { SourceLine } from './source-lines.ts';

/**
 * Plans pasted through a terminal, a chat app, a ticket system or a mail client come back with their long lines
 * hard-wrapped: `Filter: ((status = 'open'::text) AND` on one line, `(created_at > ...))` at column 1 on the next.
 * Each reader says, by its own grammar, which lines can start a line of its format and which lines are whole; a line
 * that cannot start one continues the line above it, when that line was long enough to have been wrapped.
 *
 * Two kinds of wrap: a word wrap (mail, chat) breaks at a space and drops it, so the pieces are glued with a space;
 * a terminal cuts every long line at its width wherever it falls, so the pieces are glued as they are. The cut is
 * told by its pieces: all of them end at the same column, the widest of the paste (a word wrap ends them where
 * the words fall). One piece alone is taken for a word wrap, unless only the cut's glue makes a node whole.
 */
export interface LineGrammar {
  /** Whether the line can start a line of the format (else it may be the rest of the line above). */
  startsLine(line: SourceLine, context: LineContext): boolean;
  /** Whether the text is a whole line that nothing continues (a node ending with its numbers). */
  isWhole?(text: string): boolean;
}

export interface LineContext {
  /** The plan's first line. */
  root: SourceLine;
  /** All the lines, and the line's index among them. */
  lines: SourceLine[];
  index: number;
  /** The lines that started a line so far. */
  started: SourceLine[];
  /** The line follows one a terminal cut: only a line the format prints just so starts there. */
  afterCut: boolean;
}

export function rejoinWrapped(lines: SourceLine[], raw: string, grammar: LineGrammar): SourceLine[] {
  const root = lines[0];
  if (!root) return lines;
  const widths = rawWidths(lines, raw);
  const continuations = (cut: boolean) => {
    const started: SourceLine[] = [];
    return lines.map((line, i) => {
      const previous = lines[i - 1];
      const afterCut = cut && previous !== undefined && widths.of(previous) === widths.widest;
      const continues =
        previous !== undefined &&
        !grammar.startsLine(line, { root, lines, index: i, started, afterCut }) &&
        wasWrapped(previous, line, widths);
      if (!continues) started.push(line);
      return continues;
    });
  };
  let continues = continuations(false);
  const cut = isCut(
    lines.filter((_, i) => continues[i + 1]),
    lines.filter((_, i) => continues[i]),
    widths,
  );
  if (cut) continues = continuations(true);
  const out: SourceLine[] = [];
  for (const [i, line] of lines.entries()) {
    const previous = out.at(-1);
    if (continues[i] && previous && !grammar.isWhole?.(previous.text)) {
      const joined = glue(previous, lines[i - 1]!, line, cut, widths);
      // The pieces may not tell a cut from a word wrap (one piece alone, a wrap that filled its lines): a node
      // is whole only with the right glue.
      const other = glue(previous, lines[i - 1]!, line, !cut, widths);
      const whole = grammar.isWhole ?? (() => false);
      out[out.length - 1] = !whole(joined.text) && whole(other.text) ? other : joined;
    } else {
      out.push(line);
    }
  }
  return out;
}

/** The blanks before a line's text. */
export function indentOf(line: SourceLine): number {
  return line.text.length - line.text.trimStart().length;
}

/** The width of each line as the user's text has it (its last, when it joins several; blanks ending it included), and the widest. */
export interface RawWidths {
  of(line: SourceLine): number;
  /** The blanks after the line's text in the user's text (a terminal cut may fall right after a blank). */
  tail(line: SourceLine): string;
  widest: number;
}

export function rawWidths(lines: SourceLine[], raw: string): RawWidths {
  const rawLines = raw.split('\n');
  const rawOf = (line: SourceLine) => rawLines[(line.through ?? line.line) - 1] ?? line.text;
  const of = (line: SourceLine) => rawOf(line).length;
  return {
    of,
    tail: (line) => /\s*$/.exec(rawOf(line))![0],
    widest: Math.max(...lines.map(of)),
  };
}

/**
 * A wrap breaks a line only where it is longer than the width, so the line above a continuation was long: with the
 * continuation's first word it would pass the widest line of the paste (no line is wider than the width). The
 * blanks the break dropped may have been two (EXPLAIN prints `Batches: 1  Memory Usage: 9kB`).
 */
export function wasWrapped(piece: SourceLine, continuation: SourceLine, widths: RawWidths): boolean {
  const firstWord = /^\S*/.exec(continuation.text.trimStart())![0];
  return widths.of(piece) + 2 + firstWord.length > widths.widest;
}

/**
 * Whether the paste was cut at a fixed width: two pieces or more, all as wide as the widest line. A terminal that
 * trims the blanks ending a row on copy leaves some shorter: then three in four of them and a continuation that
 * starts with a blank (a word wrap drops the blanks where it breaks) tell the cut.
 */
export function isCut(pieces: SourceLine[], continuations: SourceLine[], widths: RawWidths): boolean {
  const full = pieces.filter((p) => widths.of(p) === widths.widest).length;
  if (pieces.length < 2) return false;
  if (full === pieces.length) return true;
  return full * 4 >= pieces.length * 3 && continuations.some((c) => /^\s/.test((c.margin ?? '') + c.text));
}

/** `joined` (the line so far, ending with `piece`) with `continuation` after it. */
export function glue(
  joined: SourceLine,
  piece: SourceLine,
  continuation: SourceLine,
  cut: boolean,
  widths: RawWidths,
): SourceLine {
  // A cut piece narrower than the width lost the blanks that ended it.
  const tail = widths.tail(piece).padEnd(widths.widest - widths.of(piece) + widths.tail(piece).length, ' ');
  const text = cut
    ? joined.text + tail + (continuation.margin ?? '') + continuation.text
    : `${joined.text} ${continuation.text.trimStart()}`;
  return { ...joined, text, through: continuation.through ?? continuation.line };
}
