import type { Language, WorkloadIndexes } from '@sqltune/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

const formatNames: Record<NonNullable<WorkloadIndexes['source']>['format'], string> = {
  pg_stat_statements: 'pg_stat_statements',
  statements_by_digest: 'performance_schema.events_statements_summary_by_digest',
  mysqldumpslow: 'mysqldumpslow',
  slow_log: 'slow log',
};

/**
 * The part of the workload index set that pasted statement statistics add: each statement with its calls, time and
 * share, what each advised index serves and slows, and the existing indexes the workload does not need.
 */
export function WorkloadSourceView({ workload, lang }: { workload: WorkloadIndexes; lang: Language }) {
  const { t } = useTranslation();
  const source = workload.source;
  if (!source) return null;
  const unit = source.weighting === 'time' ? ' ms' : '';
  const byNumber = new Map(source.statements.map((s) => [s.number, s]));
  const names = (numbers: number[]) =>
    numbers.length === 0
      ? t('result.workloadNone')
      : numbers.map((n) => `#${n}${byNumber.get(n) ? ` (${shorten(byNumber.get(n)!.text)})` : ''}`).join(', ');
  return (
    <div data-testid="result-workload-source">
      <div className="item-text">
        {t(source.weighting === 'time' ? 'result.workloadByTime' : 'result.workloadByCalls', {
          format: formatNames[source.format],
        })}
      </div>
      <ol className="workload-statements">
        {source.statements.map((s) => (
          <li key={s.number} data-testid="workload-statement" value={s.number}>
            <Tag>{s.kind.toUpperCase()}</Tag>
            <span className="mono">{shorten(s.text, 160)}</span>{' '}
            <span className="muted">
              {t('result.workloadRuns', {
                calls: formatNumber(s.calls, lang),
                ms: formatNumber(s.totalMs, lang),
                share: formatNumber(s.share * 100, lang),
              })}
            </span>
            {s.skipped ? <div className="muted">{s.skipped[lang]}</div> : null}
          </li>
        ))}
      </ol>
      {workload.indexes.length === 0 ? <div className="item-text">{t('result.workloadNoIndex')}</div> : null}
      {workload.indexes.map((index, k) => {
        const use = workload.usage?.[k];
        if (!use) return null;
        return (
          <div key={index.ddl} className="item-text" data-testid="workload-index-use">
            <div className="mono">{index.ddl}</div>
            <div>{t('result.workloadServes', { statements: names(use.serves) })}</div>
            <div>{t('result.workloadSlows', { statements: names(use.slows) })}</div>
            <div className="muted">
              {t('result.workloadSaving', {
                saving: `${formatNumber(use.saving ?? 0, lang)}${unit}`,
                upkeep: `${formatNumber(use.writeCost ?? 0, lang)}${unit}`,
              })}
            </div>
          </div>
        );
      })}
      {workload.existing?.length ? (
        <div className="item-text" data-testid="workload-existing">
          <div>{t('result.workloadExisting')}</div>
          {workload.existing.map((note) => (
            <div key={`${note.table}.${note.name}`}>
              <Tag color={note.reason === 'redundant' ? 'orange' : 'default'}>
                {t(note.reason === 'redundant' ? 'result.workloadRedundant' : 'result.workloadUnused')}
              </Tag>
              {note.message[lang]}
            </div>
          ))}
        </div>
      ) : null}
      <div className="item-text muted">{source.note[lang]}</div>
    </div>
  );
}

function shorten(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
