import { DownloadOutlined } from '@ant-design/icons';
import type {
  Finding,
  Language,
  MapperFileReport,
  MapperStatementReport,
  Report,
  Severity,
  WorkloadIndexes,
} from '@sqltune/contracts';
import { Alert, Button, Col, Empty, Row, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { isLanguage } from '../lib/language.ts';
import { DiffView } from './DiffView.tsx';
import { RulesList, SeverityTag, WorkloadView } from './parts.tsx';
import { ReportHeading, Section, StatementView } from './ReportView.tsx';

const severities: Severity[] = ['critical', 'warning', 'info'];

function severityCounts(findings: Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}

/** Saves `text` as a file named `name` (the patched mapper), without a round trip to the server. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/xml;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name.split(/[\\/]/).pop() || 'mapper.xml';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The statements of the mapper, each with its severity counts; one is selected at a time. */
function StatementList({
  statements,
  selected,
  onSelect,
}: {
  statements: MapperStatementReport[];
  selected: string;
  onSelect(key: string): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mapper-statements" data-testid="mapper-statements">
      {statements.map((statement) => {
        const counts = severityCounts(statement.findings);
        return (
          <li key={statement.key}>
            <button
              type="button"
              className={statement.key === selected ? 'mapper-statement selected' : 'mapper-statement'}
              aria-pressed={statement.key === selected}
              onClick={() => onSelect(statement.key)}
              data-testid={`mapper-statement-${statement.id}`}
            >
              <span className="mapper-statement-name">
                <Tag>{statement.kind.toUpperCase()}</Tag>
                <b>{statement.id}</b>
              </span>
              <span className="muted mapper-statement-where">
                {t('xmlResult.at', { file: statement.location.file, line: statement.location.line })}
              </span>
              <span className="mapper-statement-counts">
                {severities.map((severity) =>
                  counts[severity] > 0 ? (
                    <Tag key={severity} color={severityTagColor[severity]}>
                      {t(`severity.${severity}`)} {counts[severity]}
                    </Tag>
                  ) : null,
                )}
                {statement.errors.length > 0 ? (
                  <Tag color="red">{t('xmlResult.errorCount', { count: statement.errors.length })}</Tag>
                ) : null}
                <span className="muted">{t('xmlResult.variantCount', { count: statement.variants.length })}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

const severityTagColor: Record<Severity, string> = { info: 'blue', warning: 'orange', critical: 'red' };

/** One statement: its findings at XML positions, its rewrites, and each variant with its own SQL report. */
function StatementDetail({
  statement,
  report,
  lang,
  stacked,
}: {
  statement: MapperStatementReport;
  report: Report;
  lang: Language;
  stacked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mapper-statement-detail" data-testid="mapper-statement-detail">
      <div className="statement-heading">
        {statement.key}
        <span className="muted">
          {' '}
          · {statement.framework === 'ibatis' ? 'iBatis' : 'MyBatis'} ·{' '}
          {t('xmlResult.at', { file: statement.location.file, line: statement.location.line })}
        </span>
      </div>
      {statement.errors.map((error, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id
        <Alert key={i} type="warning" showIcon title={error.message[lang]} className="report-alert" />
      ))}
      {statement.leftOut.length > 0 ? (
        <Alert
          type="info"
          showIcon
          className="report-alert"
          title={t('xmlResult.leftOut', { bound: report.mapper?.variantBound ?? 0 })}
          description={
            <ul className="plain-list">
              {statement.leftOut.map((text, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional
                <li key={i}>{text[lang]}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Section title={t('xmlResult.findings')} testId="mapper-findings">
        <RulesList rules={statement.findings} lang={lang} />
      </Section>
      {statement.rewrites.length > 0 ? (
        <Section title={t('xmlResult.rewrites')} testId="mapper-rewrites">
          {statement.rewrites.map((rewrite, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional
            <div key={i} className="mapper-rewrite">
              <Space wrap>
                <Tag color={rewrite.status === 'patched' ? 'green' : 'default'}>
                  {rewrite.status === 'patched' ? t('xmlResult.patched') : t('xmlResult.advice')}
                </Tag>
                <span className="muted">{t('xmlResult.variantN', { n: rewrite.variant })}</span>
                {rewrite.edits[0] ? (
                  <span className="muted">
                    {t('errors.location', { line: rewrite.edits[0].line, column: rewrite.edits[0].column })}
                  </span>
                ) : null}
              </Space>
              {rewrite.advice ? <div className="item-text">{rewrite.advice[lang]}</div> : null}
              <CodeBlock>{rewrite.sql}</CodeBlock>
            </div>
          ))}
        </Section>
      ) : null}
      <Section title={t('xmlResult.variants')} testId="mapper-variants">
        <Tabs
          destroyOnHidden
          items={statement.variants.map((variant) => {
            const item = variant.report === undefined ? undefined : report.statements[variant.report];
            return {
              key: String(variant.number),
              label: t('xmlResult.variantN', { n: variant.number }),
              children: (
                <div data-testid={`mapper-variant-${variant.number}`}>
                  <div className="item-text">{variant.label[lang]}</div>
                  {variant.planned ? null : <div className="muted">{t('xmlResult.notPlanned')}</div>}
                  <CodeBlock>{variant.sql}</CodeBlock>
                  {item ? <StatementView statement={item} lang={lang} stacked={stacked} showHeading={false} /> : null}
                </div>
              ),
            };
          })}
        />
      </Section>
    </div>
  );
}

/**
 * The mapper's index set by statement: for each advised index, the statements whose variants it speeds up and the
 * writes that must maintain it (each a button selecting the statement), then the variants left out of the summed
 * cost with the reason.
 */
function WorkloadUsage({
  workload,
  statements,
  lang,
  onSelect,
}: {
  workload: WorkloadIndexes;
  statements: MapperStatementReport[];
  lang: Language;
  onSelect(key: string): void;
}) {
  const { t } = useTranslation();
  const byKey = new Map(statements.map((s) => [s.key, s]));
  const links = (keys: string[]) =>
    keys.length === 0 ? (
      <span className="muted">{t('workload.none')}</span>
    ) : (
      <Space wrap size={[4, 4]}>
        {keys.map((key) => (
          <Button
            key={key}
            size="small"
            type="link"
            onClick={() => onSelect(key)}
            data-testid="workload-statement-link"
          >
            {byKey.get(key)?.id ?? key}
          </Button>
        ))}
      </Space>
    );
  const usage = workload.usage ?? [];
  const excluded = workload.excluded ?? [];
  if (usage.length === 0 && excluded.length === 0) return null;
  return (
    <div data-testid="mapper-workload-usage">
      {workload.distinct !== undefined && workload.distinct < workload.statements ? (
        <div className="item-text muted">
          {t('workload.distinct', { statements: workload.statements, distinct: workload.distinct })}
        </div>
      ) : null}
      {usage.length > 0 ? <div className="item-text">{t('workload.usageTitle')}</div> : null}
      {usage.map((use) => (
        <div key={use.ddl} className="item-text" data-testid="mapper-index-use">
          <div className="mono">{use.ddl}</div>
          <div>
            {t('workload.serves')} {links(use.mapper?.serves ?? [])}
          </div>
          {use.mapper && use.mapper.slows.length > 0 ? (
            <div>
              {t('workload.slows')} {links(use.mapper.slows)}
            </div>
          ) : null}
        </div>
      ))}
      {excluded.length > 0 ? (
        <div className="item-text" data-testid="mapper-workload-excluded">
          <div>{t('workload.excludedTitle')}</div>
          <ul className="plain-list">
            {excluded.map((e) => (
              <li key={e.statement}>
                <b>{(e.key && byKey.get(e.key)?.id) ?? `#${e.statement}`}</b> {e.reason[lang]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A patched mapper: the diff against the upload, and the file to download or copy. */
function PatchedFile({ file, original }: { file: MapperFileReport; original: string }) {
  const { t } = useTranslation();
  const changed = file.diff !== '';
  return (
    <Section title={t('xmlResult.patchedFile', { file: file.name })} testId="mapper-patched">
      {/* In the body, not the card's header: on a phone the header has no room for both title and buttons. */}
      <Space wrap className="mapper-patched-actions">
        <CopyButton text={file.patched} label={t('xmlResult.copyPatched')} testId="copy-patched" />
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => download(file.name, file.patched)}
          data-testid="download-patched"
        >
          {t('xmlResult.download')}
        </Button>
      </Space>
      {changed ? (
        <DiffView before={original} after={file.patched} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('xmlResult.nothingPatched')} />
      )}
    </Section>
  );
}

/** A completed mapper report. `original` is the XML as submitted; `stacked` is the phone layout (one column). */
export function MapperReportView({
  report,
  original,
  stacked = false,
}: {
  report: Report;
  original: string;
  stacked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const mapper = report.mapper!;
  const [selected, setSelected] = useState(mapper.statements[0]?.key ?? '');
  const statement = mapper.statements.find((s) => s.key === selected);
  const totals = severityCounts(mapper.statements.flatMap((s) => s.findings));
  return (
    <div className="report" data-testid="result-report">
      <ReportHeading
        report={report}
        lang={lang}
        summary={
          <span>
            {t('xmlResult.statementCount', { count: mapper.statements.length })}{' '}
            {severities.map((severity) => (
              <span key={severity} className="mapper-total">
                <SeverityTag severity={severity} />
                {totals[severity]}
              </span>
            ))}
          </span>
        }
      />
      {mapper.otherDatabases.length > 0 ? (
        <Alert
          type="info"
          showIcon
          className="report-alert"
          title={t('xmlResult.otherDatabases', { ids: mapper.otherDatabases.join(', ') })}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={stacked ? 24 : 8}>
          <Section title={t('xmlResult.statements')}>
            <StatementList statements={mapper.statements} selected={selected} onSelect={setSelected} />
          </Section>
        </Col>
        <Col xs={24} lg={stacked ? 24 : 16}>
          {statement ? <StatementDetail statement={statement} report={report} lang={lang} stacked={stacked} /> : null}
        </Col>
      </Row>
      <Section title={t('xmlResult.indexesTitle')} testId="mapper-indexes">
        {report.workload ? (
          <>
            <WorkloadView workload={report.workload} lang={lang} />
            <WorkloadUsage
              workload={report.workload}
              statements={mapper.statements}
              lang={lang}
              onSelect={setSelected}
            />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.noIndex')} />
        )}
      </Section>
      {mapper.files.map((file) => (
        <PatchedFile key={file.name} file={file} original={original} />
      ))}
    </div>
  );
}
