import { DiffOutlined, TrophyOutlined } from '@ant-design/icons';
import type { Language, Report, StatementReport } from '@sqltune/contracts';
import { Alert, Button, Card, Col, Row, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock, NumberedCode } from '../components/CodeBlock.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { formatDateTime } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { DiffView } from './DiffView.tsx';
import { PlanView } from './PlanView.tsx';
import {
  AiRewriteView,
  DroppedSteps,
  GainView,
  IndexGaps,
  IndexList,
  RulesList,
  SchemaFindings,
  StepsList,
  VerificationView,
  WorkloadView,
} from './parts.tsx';
import { ScoreRadar } from './ScoreRadar.tsx';

function normalize(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

/**
 * Already optimal: nothing rewritten, no index to add, no warning left, and nothing held back for lack
 * of verification (then the statement is unknown, not optimal).
 */
export function isBestCase(statement: StatementReport): boolean {
  return (
    normalize(statement.optimized) === normalize(statement.original) &&
    statement.indexes.length === 0 &&
    statement.rules.every((rule) => rule.severity === 'info') &&
    statement.verification.verdict !== 'not-run'
  );
}

export function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card title={title} extra={extra} className="report-card" size="small" data-testid={testId}>
      {children}
    </Card>
  );
}

export function StatementView({
  statement,
  lang,
  stacked,
  showHeading,
}: {
  statement: StatementReport;
  lang: Language;
  stacked: boolean;
  showHeading: boolean;
}) {
  const { t } = useTranslation();
  const [showDiff, setShowDiff] = useState(false);
  const best = isBestCase(statement);
  const unchanged = normalize(statement.optimized) === normalize(statement.original);
  const half = stacked ? 24 : 12;
  const third = stacked ? 24 : 8;
  const twoThirds = stacked ? 24 : 16;

  return (
    <div className="statement" data-testid={`statement-${statement.index}`}>
      {showHeading ? (
        <div className="statement-heading">
          {t('result.statement', { n: statement.index + 1 })}
          {statement.location ? (
            <span className="muted"> · {t('result.atLine', { line: statement.location.line })}</span>
          ) : null}
          {statement.routine ? (
            <span className="muted" data-testid="statement-routine">
              {' '}
              · {statement.routine.label[lang]}
            </span>
          ) : null}
        </div>
      ) : null}
      {best ? (
        <Alert
          type="success"
          showIcon
          icon={<TrophyOutlined />}
          title={t('result.bestCaseTitle')}
          description={t('result.bestCaseDesc')}
          className="report-alert"
          data-testid="result-best-case"
        />
      ) : null}
      {statement.errors.map((error, i) => (
        <Alert
          // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id
          key={i}
          type="warning"
          showIcon
          title={error.message[lang]}
          className="report-alert"
        />
      ))}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={third}>
          <Section title={t('result.gain')}>
            <GainView gain={statement.gain} missing={statement.gainMissing} lang={lang} />
          </Section>
        </Col>
        <Col xs={24} lg={third}>
          <Section title={t('result.radar')} testId="result-radar">
            <ScoreRadar scores={statement.scores} />
          </Section>
        </Col>
        <Col xs={24} lg={third}>
          <Section title={t('result.verification')}>
            <VerificationView verification={statement.verification} lang={lang} />
          </Section>
        </Col>
        <Col xs={24} lg={half}>
          <Section
            title={t('result.original')}
            extra={<CopyButton text={`${statement.leadingComments ?? ''}${statement.original}`} />}
          >
            <OriginalCode statement={statement} />
          </Section>
        </Col>
        <Col xs={24} lg={half}>
          <Section
            title={
              <span>
                {t('result.optimized')}
                {unchanged ? <Tag className="title-tag">{t('result.unchanged')}</Tag> : null}
              </span>
            }
            extra={
              <span className="section-actions">
                <Button
                  size="small"
                  icon={<DiffOutlined />}
                  type={showDiff ? 'primary' : 'default'}
                  onClick={() => setShowDiff((v) => !v)}
                  data-testid="result-diff-toggle"
                  aria-pressed={showDiff}
                >
                  {showDiff ? t('result.hideDifference') : t('result.difference')}
                </Button>
                <CopyButton text={statement.optimized} testId="result-copy-optimized" />
              </span>
            }
          >
            <CodeBlock testId="result-optimized">{statement.optimized}</CodeBlock>
          </Section>
        </Col>
        {showDiff ? (
          <Col span={24}>
            <Section title={t('result.difference')}>
              <DiffView before={statement.original} after={statement.optimized} />
            </Section>
          </Col>
        ) : null}
        <Col xs={24} lg={twoThirds}>
          <Section title={t('result.indexes')}>
            <IndexList indexes={statement.indexes} lang={lang} />
            <IndexGaps gaps={statement.indexGaps ?? []} lang={lang} />
          </Section>
        </Col>
        <Col xs={24} lg={third}>
          <Section title={t('result.schemaCheck')}>
            <SchemaFindings findings={statement.schemaFindings} lang={lang} />
          </Section>
        </Col>
        <Col xs={24} lg={half}>
          <Section title={t('result.rules')}>
            <RulesList rules={statement.rules} lang={lang} />
          </Section>
        </Col>
        <Col xs={24} lg={half}>
          <Section title={t('result.steps')}>
            <StepsList steps={statement.steps} lang={lang} />
            <DroppedSteps steps={statement.droppedSteps ?? []} lang={lang} />
          </Section>
        </Col>
        {statement.ai ? (
          <Col span={24}>
            <Section title={t('aiRewrite.title')}>
              <AiRewriteView ai={statement.ai} lang={lang} />
            </Section>
          </Col>
        ) : null}
        <Col span={24}>
          <Section title={t('result.plan')}>
            <PlanView plan={statement.plan} stacked={stacked} />
          </Section>
        </Col>
      </Row>
    </div>
  );
}

/**
 * What opens every completed report, SQL or mapper: the dialect, the engine and the time in one line (with
 * `summary` after them), then the report's warnings.
 */
export function ReportHeading({ report, lang, summary }: { report: Report; lang: Language; summary?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="report-meta">
        <span>
          {t('result.dialect')}:{' '}
          <b>{report.dialect === 'postgresql' ? t('sqlConfig.dialectPostgres') : t('sqlConfig.dialectMysql')}</b>
        </span>
        <span>
          {t('result.engine')}: <b>{`${report.engine.name} ${report.engine.version}`}</b>
        </span>
        <span>
          {t('result.createdAt')}: <b>{formatDateTime(report.createdAt, lang)}</b>
        </span>
        {summary}
      </div>
      {report.warnings.map((warning, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no id
        <Alert key={i} type="warning" showIcon title={warning.message[lang]} className="report-alert" />
      ))}
    </>
  );
}

/** A completed report: every statement with its sections. `stacked` puts everything in one column (phones). */
export function ReportView({ report, stacked = false }: { report: Report; stacked?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  return (
    <div className="report" data-testid="result-report">
      <ReportHeading report={report} lang={lang} />
      {report.workload ? (
        <Section title={t('result.workloadTitle')}>
          <WorkloadView workload={report.workload} lang={lang} />
        </Section>
      ) : null}
      {report.statements.map((statement) => (
        <StatementView
          key={statement.index}
          statement={statement}
          lang={lang}
          stacked={stacked}
          showHeading={report.statements.length > 1 || report.statements.some((s) => s.routine)}
        />
      ))}
    </div>
  );
}

/** The statement as submitted: its leading comments included, numbered with the lines of the input. */
function OriginalCode({ statement }: { statement: StatementReport }) {
  const leading = statement.leadingComments ?? '';
  if (!statement.location) return <CodeBlock testId="result-original">{statement.original}</CodeBlock>;
  const leadingLineCount = leading.split('\n').length - 1;
  return (
    <NumberedCode
      testId="result-original"
      code={statement.original}
      leading={leading}
      firstLine={statement.location.line - leadingLineCount}
    />
  );
}
