import { CheckCircleOutlined, ExperimentOutlined, RiseOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Finding, Gain, IndexAdvice, Language, Localized, Severity, Step, Verification } from '@sqltune/contracts';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { formatGain, formatNumber } from '../lib/format.ts';

const severityColor: Record<Severity, string> = { info: 'blue', warning: 'orange', critical: 'red' };

export function SeverityTag({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return <Tag color={severityColor[severity]}>{t(`severity.${severity}`)}</Tag>;
}

/** The numbered rules that matched; each item is `rule-<id>`. */
export function RulesList({ rules, lang }: { rules: Finding[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div data-testid="result-rules" className="rules-list">
      {rules.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.noRules')} />
      ) : (
        <ol className="numbered-list">
          {rules.map((rule, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same rule may match twice; the list never reorders
            <li key={`${rule.id}-${i}`} className="numbered-item" data-testid={`rule-${rule.id}`}>
              <span className="item-number">{i + 1}</span>
              <div className="item-body">
                <div className="item-head">
                  <SeverityTag severity={rule.severity} />
                  <span className="item-title">{rule.title[lang]}</span>
                  {rule.rewrite ? (
                    <Tag color="green" icon={<ThunderboltOutlined />}>
                      {t('result.autoApplied')}
                    </Tag>
                  ) : null}
                </div>
                <div className="item-text">{rule.message[lang]}</div>
                {rule.span ? (
                  <div className="muted item-where">
                    {t('errors.location', { line: rule.span.line, column: rule.span.column })}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The rewrite steps, in order. */
export function StepsList({ steps, lang }: { steps: Step[]; lang: Language }) {
  const { t } = useTranslation();
  if (steps.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.noSteps')} />;
  return (
    <ol className="numbered-list" data-testid="result-steps">
      {steps.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same rule may match twice; the list never reorders
        <li key={`${step.ruleId}-${i}`} className="numbered-item">
          <span className="item-number">{i + 1}</span>
          <div className="item-body">
            <div className="item-title">{step.title[lang]}</div>
            <div className="item-text">{step.rationale[lang]}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The recommended indexes, each with its DDL, a copy button and the reason. */
export function IndexList({ indexes, lang }: { indexes: IndexAdvice[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div data-testid="result-indexes" className="index-list">
      {indexes.length === 0 ? (
        <div className="none-note">
          <CheckCircleOutlined /> {t('result.noIndex')}
        </div>
      ) : (
        indexes.map((index) => (
          <div key={index.ddl} className="index-item">
            <div className="index-head">
              <Tag color="geekblue">{index.table}</Tag>
              <Tag>{index.kind === 'covering' ? t('result.indexKindCovering') : t('result.indexKindBtree')}</Tag>
              <span className="index-copy">
                <CopyButton text={index.ddl} />
              </span>
            </div>
            <CodeBlock>{index.ddl}</CodeBlock>
            <div className="item-text">{index.reason[lang]}</div>
          </div>
        ))
      )}
    </div>
  );
}

/** The big improvement number: an estimate from optimizer costs, or "not measured". */
export function GainView({ gain, missing, lang }: { gain: Gain | null; missing?: Localized; lang: Language }) {
  const { t } = useTranslation();
  if (!gain) {
    return (
      <div data-testid="result-gain" data-gain="" className="gain gain-none">
        <div className="gain-value muted">{t('result.gainNotMeasured')}</div>
        <div className="gain-note">{missing?.[lang] ?? t('result.gainNotMeasuredDesc')}</div>
      </div>
    );
  }
  const negative = gain.ratio < 0;
  return (
    <div data-testid="result-gain" data-gain={String(gain.ratio)} className="gain">
      <div className={negative ? 'gain-value gain-negative' : 'gain-value'}>
        <RiseOutlined /> {formatGain(gain.ratio)}
      </div>
      <div className="gain-label">
        <Tag color="gold">{t('result.gainEstimate')}</Tag>
      </div>
      <div className="gain-note">{t('result.gainSource', { source: gain.source })}</div>
      <div className="gain-note mono">
        {t('result.gainCost', {
          before: formatNumber(gain.costBefore, lang),
          after: formatNumber(gain.costAfter, lang),
        })}
      </div>
    </div>
  );
}

const verdictColor: Record<Verification['verdict'], string> = {
  'not-needed': 'default',
  'not-refuted': 'success',
  refuted: 'error',
  'not-run': 'warning',
};

export function VerificationView({ verification, lang }: { verification: Verification; lang: Language }) {
  const { t } = useTranslation();
  const verdictText: Record<Verification['verdict'], string> = {
    'not-needed': t('result.verdictNotNeeded'),
    'not-refuted': t('result.verdictNotRefuted'),
    refuted: t('result.verdictRefuted'),
    'not-run': t('result.verdictNotRun'),
  };
  return (
    <div className="verification" data-testid="result-verification" data-verdict={verification.verdict}>
      <Tag color={verdictColor[verification.verdict]} icon={<ExperimentOutlined />}>
        {verdictText[verification.verdict]}
      </Tag>
      {verification.method === 'differential' ? (
        <span className="muted">{t('result.verificationDatabases', { count: verification.databases })}</span>
      ) : null}
      {verification.detail ? <div className="item-text">{verification.detail[lang]}</div> : null}
    </div>
  );
}

/** Findings about the table structure; none -> "no problems found". */
export function SchemaFindings({ findings, lang }: { findings: Finding[]; lang: Language }) {
  const { t } = useTranslation();
  if (findings.length === 0) {
    return (
      <div className="none-note" data-testid="result-schema">
        <CheckCircleOutlined /> {t('result.noSchemaProblems')}
      </div>
    );
  }
  return (
    <ol className="numbered-list" data-testid="result-schema">
      {findings.map((finding, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same rule may match twice; the list never reorders
        <li key={`${finding.id}-${i}`} className="numbered-item">
          <span className="item-number">{i + 1}</span>
          <div className="item-body">
            <div className="item-head">
              <SeverityTag severity={finding.severity} />
              <span className="item-title">{finding.title[lang]}</span>
            </div>
            <div className="item-text">{finding.message[lang]}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}
