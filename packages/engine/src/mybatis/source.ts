import { AppError, ErrorCode, type Localized } from '@sqltune/contracts';
import { normalizeNewlines } from '../text/position.ts';

/**
 * One file of a mapper upload (or of a directory the CLI reads), with LF newlines so that offsets, lines and columns
 * agree everywhere (a CRLF file has the same lines and columns).
 */
export interface SourceFile {
  /** As the user knows it: the uploaded file name, or the path the CLI was given. */
  readonly name: string;
  readonly text: string;
  /** Offsets where each line starts, for positions in O(log n). */
  readonly lineStarts: readonly number[];
}

/** A place in a mapper file; line and column are 1-based, the column counting UTF-16 units as the editors' do. */
export interface XmlLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export function sourceFile(name: string, text: string): SourceFile {
  const normalized = normalizeNewlines(text);
  const lineStarts = [0];
  for (let i = 0; i < normalized.length; i++) if (normalized.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return { name, text: normalized, lineStarts };
}

export function sourcePosition(file: SourceFile, offset: number): { line: number; column: number } {
  const starts = file.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}

export function locationAt(file: SourceFile, offset: number): XmlLocation {
  return { file: file.name, ...sourcePosition(file, offset) };
}

/**
 * A mapper file refused at a place in it (4202, field `file`); `message` is given the place written
 * `file:line:column` to say where.
 */
export function mapperContentError(at: XmlLocation, message: (where: string) => Localized): AppError {
  const { file, line, column } = at;
  return new AppError(ErrorCode.CONTENT_INVALID, {
    field: 'file',
    file,
    line,
    column,
    message: message(`${file}:${line}:${column}`),
  });
}
