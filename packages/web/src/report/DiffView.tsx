import { diffLines } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface DiffLine {
  kind: 'added' | 'removed' | 'same';
  text: string;
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const part of diffLines(withNewline(before), withNewline(after))) {
    const kind: DiffLine['kind'] = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const texts = part.value.split('\n');
    if (texts[texts.length - 1] === '') texts.pop();
    for (const text of texts) lines.push({ kind, text });
  }
  return lines;
}

/** The before/after line diff: removed lines red with '-', added lines green with '+'. */
export function DiffView({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const lines = useMemo(() => lineDiff(before, after), [before, after]);
  return (
    <div className="diff-wrap">
      <div className="muted diff-legend">{t('result.diffLegend')}</div>
      <div className="diff-view" data-testid="result-diff">
        {lines.map((line, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reorder
            key={i}
            className={`diff-line diff-${line.kind}`}
          >
            <span className="diff-sign">{line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '}</span>
            <span className="diff-text">{line.text || ' '}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
