import type { ReactNode } from 'react';

/** SQL or other code, monospace, scrolling inside itself instead of widening the page. */
export function CodeBlock({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <pre className="code-block" data-testid={testId}>
      <code>{children}</code>
    </pre>
  );
}

/**
 * Code with the line numbers of the input it was taken from, so "line 12, column 5" in a finding can be found by
 * eye. `leading` (comment lines written before the code) is shown muted above it and counts in the numbering.
 */
export function NumberedCode({
  code,
  firstLine,
  leading = '',
  testId,
}: {
  code: string;
  /** The input line of the first line shown (of `leading` when given, else of `code`). */
  firstLine: number;
  leading?: string;
  testId?: string;
}) {
  const leadingLines = leading ? leading.split('\n') : [];
  // The last leading line is the indentation before the code's first token: it joins the code's first line.
  const indent = leadingLines.pop() ?? '';
  const lines = [
    ...leadingLines.map((text) => ({ text, comment: true })),
    ...`${indent}${code}`.split('\n').map((text) => ({ text, comment: false })),
  ];
  return (
    <pre className="code-block code-block-numbered" data-testid={testId}>
      <code>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <span className="code-line" key={i}>
            <span className="code-line-number" aria-hidden="true">
              {firstLine + i}
            </span>
            <span className={line.comment ? 'code-line-text code-comment' : 'code-line-text'}>{line.text || ' '}</span>
          </span>
        ))}
      </code>
    </pre>
  );
}
