import type { ReactNode } from 'react';

/** SQL or other code, monospace, scrolling inside itself instead of widening the page. */
export function CodeBlock({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <pre className="code-block" data-testid={testId}>
      <code>{children}</code>
    </pre>
  );
}
