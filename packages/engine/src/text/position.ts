/** Converts between string offsets and 1-based line/column positions. */

export interface Position {
  line: number;
  column: number;
}

export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

export function offsetAt(text: string, { line, column }: Position): number {
  let current = 1;
  let i = 0;
  while (current < line && i < text.length) {
    if (text.charCodeAt(i) === 10) current++;
    i++;
  }
  return Math.min(i + column - 1, text.length);
}

/** Browsers send form text with CRLF; every text is read with LF only, so lines and offsets agree everywhere. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
