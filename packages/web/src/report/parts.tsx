import {
  CheckCircleOutlined,
  ExperimentOutlined,
  RiseOutlined,
  RobotOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  type AiRewrite,
  type DroppedStep,
  type Finding,
  type Gain,
  gainFigure,
  type IndexAdvice,
  type IndexGap,
  indexBasisWording,
  indexGapReasonLabels,
  indexRoleLabels,
  type Language,
  type Localized,
  type Severity,
  type Step,
  type Verification,
  type WorkloadIndexes,
} from '@sqltune/contracts';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { formatBytes, formatNumber } from '../lib/format.ts';
import { WorkloadSourceView } from './WorkloadSource.tsx';

const indexKindLabels = {
  btree: 'result.indexKindBtree',
  covering: 'result.indexKindCovering',
  gin: 'result.indexKindGin',
  fulltext: 'result.indexKindFulltext',
} as const satisfies Record<IndexAdvice['kind'], string>;

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
              <Tag>{t(indexKindLabels[index.kind])}</Tag>
              <span className="index-copy">
                <CopyButton text={index.ddl} />
              </span>
            </div>
            <CodeBlock>{index.ddl}</CodeBlock>
            <div className="item-text">{index.reason[lang]}</div>
            <IndexRoles index={index} lang={lang} />
            <IndexFigures index={index} lang={lang} />
            <IndexBasis index={index} lang={lang} />
          </div>
        ))
      )}
    </div>
  );
}

/** Each column of the index with what it does there (equality, join, range, order, group, cover). */
function IndexRoles({ index, lang }: { index: IndexAdvice; lang: Language }) {
  const { t } = useTranslation();
  if (!index.roles?.length) return null;
  return (
    <div className="index-roles" data-testid="index-roles">
      <span className="muted">{t('result.indexRoles')}</span>
      {index.roles.map(({ column, role }) => (
        <Tag key={`${column}-${role}`} data-role={role}>
          {column} · {indexRoleLabels[role][lang]}
        </Tag>
      ))}
    </div>
  );
}

/** What the estimated benefit rests on; advice on default selectivity names the columns without statistics. */
function IndexBasis({ index, lang }: { index: IndexAdvice; lang: Language }) {
  const text = indexBasisWording(index)?.[lang];
  if (!text) return null;
  return (
    <div
      className={index.estimateBasis === 'column-statistics' ? 'index-basis' : 'index-basis index-basis-weak'}
      data-testid="index-basis"
      data-basis={index.estimateBasis}
    >
      {text}
    </div>
  );
}

/** Tables a plan hotspot says an index may help that get no advised index, each with why. */
export function IndexGaps({ gaps, lang }: { gaps: IndexGap[]; lang: Language }) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  return (
    <div className="index-gaps" data-testid="result-index-gaps">
      <div className="index-gaps-title">{t('result.indexGaps')}</div>
      {gaps.map((gap) => (
        <div key={gap.table} className="index-gap" data-reason={gap.reason}>
          <div className="index-head">
            <Tag color="geekblue">{gap.table}</Tag>
            <Tag>{indexGapReasonLabels[gap.reason][lang]}</Tag>
          </div>
          <div className="item-text">{gap.message[lang]}</div>
        </div>
      ))}
    </div>
  );
}

/**
 * What the optimizer and the statistics say about one index: cost with and without the set, its share, its size;
 * and what its DDL says in passing (stored columns, the rows a partial index holds, descending keys).
 */
function IndexFigures({ index, lang }: { index: IndexAdvice; lang: Language }) {
  const { t } = useTranslation();
  const figures: string[] = [];
  if (index.include?.length) figures.push(t('result.indexInclude', { columns: index.include.join(', ') }));
  if (index.where) figures.push(t('result.indexPartial', { where: index.where }));
  if (index.descending?.length) figures.push(t('result.indexDescending', { columns: index.descending.join(', ') }));
  if (index.costBefore !== undefined && index.costAfter !== undefined) {
    figures.push(
      t('result.indexCost', {
        before: formatNumber(index.costBefore, lang),
        after: formatNumber(index.costAfter, lang),
      }),
    );
  }
  if (index.benefit !== undefined)
    figures.push(t('result.indexBenefit', { benefit: formatNumber(index.benefit, lang) }));
  if (index.estimatedBytes !== undefined) {
    figures.push(t('result.indexSize', { size: formatBytes(index.estimatedBytes, lang) }));
  }
  if (figures.length === 0) return null;
  return (
    <div className="index-figures" data-testid="index-figures">
      {figures.map((figure) => (
        <span key={figure}>{figure}</span>
      ))}
    </div>
  );
}

/**
 * Rewrites that verified but that the optimizer's estimates do not show to be faster (a higher cost, or on MariaDB a new
 * join order it barely prefers), so the optimized statement leaves them out; each says why.
 */
export function DroppedSteps({ steps, lang }: { steps: DroppedStep[]; lang: Language }) {
  const { t } = useTranslation();
  if (steps.length === 0) return null;
  return (
    <div className="dropped-steps" data-testid="result-dropped-steps">
      <div className="dropped-title">{t('result.droppedSteps')}</div>
      {steps.map((step) => (
        <div key={step.ruleId} className="item-text">
          <Tag>{step.title[lang]}</Tag> {step.reason[lang]}
        </div>
      ))}
    </div>
  );
}

/** For several statements: the one index set the workload advisor chose for all of them. */
export function WorkloadView({ workload, lang }: { workload: WorkloadIndexes; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div data-testid="result-workload">
      <div className="item-text">
        {t('result.workloadSummary', {
          count: workload.statements,
          before: formatNumber(workload.costBefore, lang),
          after: formatNumber(workload.costAfter, lang),
          budget: formatBytes(workload.budgetBytes, lang),
        })}
      </div>
      {workload.note ? <div className="item-text muted">{workload.note[lang]}</div> : null}
      <IndexList indexes={workload.indexes} lang={lang} />
      <WorkloadSourceView workload={workload} lang={lang} />
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
  // A percentage, a factor where the cut is near all of the cost, or no gain (no rising arrow then).
  const { kind, figure } = gainFigure(gain.ratio);
  return (
    <div
      data-testid="result-gain"
      data-gain={String(gain.ratio)}
      className={kind === 'none' ? 'gain gain-none' : 'gain'}
    >
      <div className="gain-value">
        {kind === 'none' ? (
          t('result.gainNone')
        ) : (
          <>
            <RiseOutlined /> {figure}
          </>
        )}
      </div>
      {kind === 'factor' && <div className="gain-note">{t('result.gainFactor', { factor: figure.slice(0, -1) })}</div>}
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

const aiStatusColor: Record<AiRewrite['status'], string> = {
  skipped: 'default',
  'not-needed': 'default',
  failed: 'warning',
  'no-improvement': 'processing',
  applied: 'success',
};

const aiVerdictColor: Record<AiRewrite['candidates'][number]['verdict'], string> = {
  invalid: 'default',
  refuted: 'error',
  'not-run': 'warning',
  'not-refuted': 'success',
};

/** The AI rewrite step: its status line, why, and each candidate with its verdict, cost and note. */
export function AiRewriteView({ ai, lang }: { ai: AiRewrite; lang: Language }) {
  const { t } = useTranslation();
  const statusText: Record<AiRewrite['status'], string> = {
    skipped: t('aiRewrite.statusSkipped'),
    'not-needed': t('aiRewrite.statusNotNeeded'),
    failed: t('aiRewrite.statusFailed'),
    'no-improvement': t('aiRewrite.statusNoImprovement'),
    applied: t('aiRewrite.statusApplied'),
  };
  const verdictText: Record<AiRewrite['candidates'][number]['verdict'], string> = {
    invalid: t('aiRewrite.verdictInvalid'),
    refuted: t('aiRewrite.verdictRefuted'),
    'not-run': t('aiRewrite.verdictNotRun'),
    'not-refuted': t('aiRewrite.verdictNotRefuted'),
  };
  return (
    <div className="ai-rewrite" data-testid="result-ai" data-status={ai.status}>
      <div className="item-head">
        <Tag color={aiStatusColor[ai.status]} icon={<RobotOutlined />}>
          {statusText[ai.status]}
        </Tag>
        {ai.model ? <span className="muted">{t('aiRewrite.model', { model: ai.model })}</span> : null}
        {ai.costToBeat !== undefined && ai.candidates.length > 0 ? (
          <span className="muted mono">{t('aiRewrite.costToBeat', { cost: formatNumber(ai.costToBeat, lang) })}</span>
        ) : null}
      </div>
      <div className="item-text">{ai.detail[lang]}</div>
      {ai.candidates.length > 0 ? (
        <ol className="numbered-list">
          {ai.candidates.map((candidate, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: candidates have no id; the list never reorders
            <li key={i} className="numbered-item" data-testid={`ai-candidate-${i}`} data-verdict={candidate.verdict}>
              <span className="item-number">{i + 1}</span>
              <div className="item-body">
                <div className="item-head">
                  <Tag color={aiVerdictColor[candidate.verdict]}>{verdictText[candidate.verdict]}</Tag>
                  {candidate.kept ? (
                    <Tag color="green" icon={<ThunderboltOutlined />}>
                      {t('aiRewrite.kept')}
                    </Tag>
                  ) : null}
                  {candidate.costAfter !== undefined ? (
                    <span className="muted mono">
                      {t('aiRewrite.candidateCost', { cost: formatNumber(candidate.costAfter, lang) })}
                    </span>
                  ) : null}
                </div>
                <CodeBlock>{candidate.sql}</CodeBlock>
                {candidate.explanation ? <div className="item-text">{candidate.explanation}</div> : null}
                <div className="item-text muted">{candidate.note[lang]}</div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
