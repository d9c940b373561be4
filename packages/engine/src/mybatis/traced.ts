import { codeTokens, lex } from '../text/lexer.ts';
import type { SourceFile } from './source.ts';

/**
 * SQL text built from a mapper, each character knowing where it came from, so that a finding in the SQL points at
 * the XML and a rewrite can be written back into it. A character is one of:
 * - STATIC: written in a text node or CDATA section of the file (`segment` names that node);
 * - GENERATED: added by a tag (`WHERE` of `<where>`, a `<foreach>` separator, a blank between pieces), placed at
 *   the tag that added it;
 * - PARAMETER: part of a `#{...}` or `${...}` as written (iBatis `#name#` is spelled `#{name}`), placed at it;
 * - BOUND: a value standing in for a `#{...}`, placed at the parameter it replaces.
 * Only STATIC characters can be edited in the file.
 */
export const STATIC = 0;
export const GENERATED = 1;
export const PARAMETER = 2;
export const BOUND = 3;
export type OriginKind = typeof STATIC | typeof GENERATED | typeof PARAMETER | typeof BOUND;

export interface Origin {
  readonly file: SourceFile;
  readonly offset: number;
  readonly kind: OriginKind;
  /** The text node a STATIC character was read from (-1 otherwise). */
  readonly segment: number;
}

/** Immutable text with an origin per character. */
export class Traced {
  private constructor(
    readonly text: string,
    private readonly origins: readonly Origin[],
  ) {}

  static readonly empty = new Traced('', []);

  /** Characters of a text node, with the file offset each was read from. */
  static fromSource(
    text: string,
    file: SourceFile,
    offsets: ArrayLike<number>,
    segment: number,
    kind: OriginKind = STATIC,
  ): Traced {
    const origins: Origin[] = [];
    for (let i = 0; i < text.length; i++) {
      origins.push({ file, offset: offsets[i]!, kind, segment: kind === STATIC ? segment : -1 });
    }
    return new Traced(text, origins);
  }

  /** Text a tag adds, every character placed at `offset` of `file`. */
  static generated(text: string, file: SourceFile, offset: number, kind: OriginKind = GENERATED): Traced {
    const origin: Origin = { file, offset, kind, segment: -1 };
    return new Traced(
      text,
      Array.from({ length: text.length }, () => origin),
    );
  }

  static concat(parts: readonly Traced[]): Traced {
    const kept = parts.filter((p) => p.text.length > 0);
    if (kept.length === 1) return kept[0]!;
    return new Traced(
      kept.map((p) => p.text).join(''),
      kept.flatMap((p) => p.origins),
    );
  }

  get length(): number {
    return this.text.length;
  }

  originAt(index: number): Origin | undefined {
    return this.origins[Math.min(Math.max(index, 0), this.origins.length - 1)];
  }

  slice(start: number, end = this.text.length): Traced {
    return new Traced(this.text.slice(start, end), this.origins.slice(start, end));
  }

  trim(): Traced {
    const start = this.text.length - this.text.trimStart().length;
    const end = this.text.trimEnd().length;
    return start === 0 && end === this.text.length ? this : this.slice(start, Math.max(start, end));
  }

  /** The characters whose index `keep` accepts. */
  filter(keep: (index: number) => boolean): Traced {
    let text = '';
    const origins: Origin[] = [];
    for (let i = 0; i < this.text.length; i++) {
      if (!keep(i)) continue;
      text += this.text[i];
      origins.push(this.origins[i]!);
    }
    return new Traced(text, origins);
  }

  /** Replaces [start, end) with text whose every character is placed at `origin`. */
  replace(start: number, end: number, text: string, origin: Origin): Traced {
    return new Traced(this.text.slice(0, start) + text + this.text.slice(end), [
      ...this.origins.slice(0, start),
      ...Array.from({ length: text.length }, () => origin),
      ...this.origins.slice(end),
    ]);
  }
}

/**
 * The characters [start, end) of a rendered text as written in the file (`$name$` in iBatis where the text holds
 * `${name}`), when they come from one file; else as rendered.
 */
export function writtenAt(traced: Traced, start: number, end: number): string {
  const first = traced.originAt(start);
  const last = traced.originAt(end - 1);
  return first && last && first.file === last.file && last.offset >= first.offset
    ? first.file.text.slice(first.offset, last.offset + 1)
    : traced.text.slice(start, end);
}

/**
 * Two pieces of a statement joined the way MyBatis joins its nodes' text (with a blank), adding the blank only when
 * neither side has one already.
 */
export function joinPieces(pieces: readonly Traced[], file: SourceFile, offset: number): Traced {
  const parts: Traced[] = [];
  let previous = '';
  for (const piece of pieces) {
    if (piece.length === 0) continue;
    if (previous && !/\s$/.test(previous) && !/^\s/.test(piece.text)) parts.push(Traced.generated(' ', file, offset));
    parts.push(piece);
    previous = piece.text;
  }
  return Traced.concat(parts);
}

/**
 * The statement as a reader wants it: blank lines left by tags that rendered nothing dropped, trailing blanks cut,
 * and the common indentation removed. Only whitespace between tokens changes (strings and comments are kept as they
 * are), so the SQL means the same.
 */
export function tidy(traced: Traced, mysql: boolean): Traced {
  const trimmed = traced.trim();
  const { text } = trimmed;
  const drop = new Uint8Array(text.length);
  const tokens = lex(text, { mysql }).filter((t) => t.kind === 'space' && t.text.includes('\n'));
  // Reduced, not spread into Math.min: a long statement has more line breaks than a call takes arguments.
  const indent = tokens.reduce(
    (least, t) => Math.min(least, t.text.length - t.text.lastIndexOf('\n') - 1),
    Number.MAX_SAFE_INTEGER,
  );
  for (const token of tokens) {
    // Keep one newline and the indentation after the last one, less the common indentation.
    const lastNewline = token.text.lastIndexOf('\n');
    const keepFrom = token.start + lastNewline;
    for (let i = token.start; i < token.end; i++) {
      if (i < keepFrom || (i > keepFrom && i <= keepFrom + indent)) drop[i] = 1;
    }
  }
  return trimmed.filter((i) => drop[i] === 0);
}

/** Whether the text holds SQL code (not only blanks and comments). */
export function hasCode(text: string, mysql: boolean): boolean {
  return codeTokens(lex(text, { mysql })).length > 0;
}
