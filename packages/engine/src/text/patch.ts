/**
 * Rewrites patch the user's text at source offsets instead of re-printing the statement,
 * so comments, case and formatting outside the changed spans survive.
 */

export interface TextEdit {
  start: number;
  end: number;
  replacement: string;
}

export function applyEdits(text: string, edits: TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => b.start - a.start);
  let result = text;
  let lastStart = Number.POSITIVE_INFINITY;
  for (const edit of ordered) {
    if (edit.end > lastStart) throw new Error(`overlapping edits at ${edit.start}-${edit.end}`);
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
    lastStart = edit.start;
  }
  return result;
}
