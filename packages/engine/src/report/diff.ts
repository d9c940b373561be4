import { createTwoFilesPatch } from 'diff';

/** The before/after diff of the result page, as a unified diff. Empty when nothing changed. */
export function unifiedDiff(original: string, optimized: string): string {
  if (original === optimized) return '';
  return createTwoFilesPatch('original.sql', 'optimized.sql', `${original}\n`, `${optimized}\n`, '', '', {
    context: 3,
  });
}
