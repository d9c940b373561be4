import type { Language, PlanComparison, PlanNode, PlanTree } from '@sqltune/contracts';
import { Alert, Col, Collapse, Empty, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { formatNumber } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';

/** Measured rows this far from the estimate (either way) are marked, as the misestimate hotspot does. */
const OFF_BY_FACTOR = 10;

/**
 * How far the measured rows are from the estimate, when both exist and the node ran. Under a Limit, fewer rows
 * than estimated only means execution stopped early.
 */
function misestimateFactor(node: PlanNode, underLimit: boolean): number | undefined {
  if (node.actualRows === undefined || node.loops === 0) return undefined;
  if (underLimit && node.actualRows < node.rows) return undefined;
  const high = Math.max(node.rows, node.actualRows);
  const low = Math.max(Math.min(node.rows, node.actualRows), 1);
  const factor = high / low;
  return factor >= OFF_BY_FACTOR ? factor : undefined;
}

function Measured({ node, underLimit, lang }: { node: PlanNode; underLimit: boolean; lang: Language }) {
  const { t } = useTranslation();
  if (node.actualRows === undefined) return null;
  const factor = misestimateFactor(node, underLimit);
  return (
    <>
      <span>
        {t('planNode.actualRows')}: <b>{formatNumber(node.actualRows, lang)}</b>
        {factor ? (
          <Tag color="orange" className="plan-tag">
            {t('planNode.offBy', { factor: formatNumber(Math.round(factor), lang) })}
          </Tag>
        ) : null}
      </span>
      {node.loops !== undefined && node.loops !== 1 ? (
        <span>
          {t('planNode.loops')}: <b>{formatNumber(node.loops, lang)}</b>
        </span>
      ) : null}
      {node.actualTimeMs !== undefined ? (
        <span>
          {t('planNode.time')}: <b>{t('planNode.ms', { ms: formatNumber(node.actualTimeMs, lang) })}</b>
        </span>
      ) : null}
    </>
  );
}

function NodeView({ node, underLimit = false, lang }: { node: PlanNode; underLimit?: boolean; lang: Language }) {
  const { t } = useTranslation();
  const flagged = node.warnings.length > 0;
  return (
    <div className="plan-node">
      <div className="plan-node-card" style={flagged ? { borderColor: '#ffc069', background: '#fffbf2' } : undefined}>
        <div className="plan-node-head">
          <span className="plan-node-type">{node.node}</span>
          {node.relation ? (
            <Tag color="blue" className="plan-tag">
              {t('result.relation')}: {node.relation}
            </Tag>
          ) : null}
          {node.index ? (
            <Tag color="green" className="plan-tag">
              {t('result.index')}: {node.index}
            </Tag>
          ) : null}
        </div>
        <div className="plan-node-meta">
          <span>
            {t('result.rows')}: <b>{formatNumber(node.rows, lang)}</b>
          </span>
          <Measured node={node} underLimit={underLimit} lang={lang} />
          <span>
            {t('result.cost')}: <b>{formatNumber(node.cost, lang)}</b>
          </span>
        </div>
        {node.filter ? (
          <div className="plan-node-filter">
            {t('result.filter')}: <code>{node.filter}</code>
          </div>
        ) : null}
        {node.warnings.map((warning) => (
          <div key={warning.en} className="plan-node-warning">
            {warning[lang]}
          </div>
        ))}
        {node.details && node.details.length > 0 ? (
          <details className="plan-node-filter">
            <summary>{t('planNode.details', { count: node.details.length })}</summary>
            {node.details.map((detail, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a node may print the same line twice; never reordered
              <div key={i}>
                <code>{detail}</code>
              </div>
            ))}
          </details>
        ) : null}
      </div>
      {node.children.length > 0 ? (
        <div className="plan-children">
          {node.children.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plan children are positional
            <NodeView key={i} node={child} underLimit={underLimit || node.node === 'Limit'} lang={lang} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function TreeView({ title, tree, lang }: { title: string; tree: PlanTree | null; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div className="plan-side">
      <div className="plan-side-head">
        <span className="plan-side-title">{title}</span>
        {tree ? (
          <span className="muted">
            {t('result.totalCost')}: <b>{formatNumber(tree.totalCost, lang)}</b>
          </span>
        ) : null}
      </div>
      {tree?.caveat ? <Alert type="warning" showIcon className="plan-caveat" title={tree.caveat[lang]} /> : null}
      {tree ? (
        <div className="plan-tree">
          <NodeView node={tree.root} lang={lang} />
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.planNotAvailable')} />
      )}
    </div>
  );
}

function countWarnings(node: PlanNode): number {
  return node.warnings.length + node.children.reduce((sum, child) => sum + countWarnings(child), 0);
}

function hasMeasurements(node: PlanNode): boolean {
  return node.actualRows !== undefined || node.children.some(hasMeasurements);
}

/** The name of the EXPLAIN output a user plan was read from (PlanTree.format, see the engine's plan readers). */
function useFormatLabel(format: string | undefined): string | undefined {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    'postgresql-text': t('userPlan.formatPostgresqlText'),
    'postgresql-json': t('userPlan.formatPostgresqlJson'),
    'mysql-table': t('userPlan.formatMysqlTable'),
    'mysql-json': t('userPlan.formatMysqlJson'),
    'mariadb-json': t('userPlan.formatMariadbJson'),
    'mysql-tree': t('userPlan.formatMysqlTree'),
  };
  return format === undefined ? undefined : (labels[format] ?? format);
}

/** The plan the user pasted, read into a tree like ours, with its hotspots marked on the nodes. */
function UserPlanView({ tree, raw, lang }: { tree: PlanTree; raw: string | undefined; lang: Language }) {
  const { t } = useTranslation();
  const format = useFormatLabel(tree.format);
  const hotspots = countWarnings(tree.root);
  return (
    <div className="plan-user" data-testid="result-user-plan">
      <div className="plan-side-head">
        <span className="plan-side-title">{t('userPlan.title')}</span>
        <span className="muted">
          {t('result.totalCost')}: <b>{formatNumber(tree.totalCost, lang)}</b>
        </span>
      </div>
      <div className="plan-source">
        {format ? (
          <>
            <Tag>{t('userPlan.format')}</Tag>
            <span>{format}</span>
          </>
        ) : null}
        {hasMeasurements(tree.root) ? <Tag color="purple">{t('userPlan.measured')}</Tag> : null}
        {tree.executionTimeMs !== undefined ? (
          <Tag>{t('userPlan.executionTime', { ms: formatNumber(tree.executionTimeMs, lang) })}</Tag>
        ) : null}
      </div>
      {tree.caveat ? <Alert type="info" showIcon className="plan-caveat" title={tree.caveat[lang]} /> : null}
      <Alert
        type={hotspots > 0 ? 'warning' : 'success'}
        showIcon
        className="plan-caveat"
        title={hotspots > 0 ? t('userPlan.hotspots', { count: hotspots }) : t('userPlan.noHotspots')}
      />
      <div className="plan-tree">
        <NodeView node={tree.root} lang={lang} />
      </div>
      {raw ? (
        <Collapse
          className="plan-user"
          size="small"
          items={[{ key: 'raw', label: t('userPlan.raw'), children: <CodeBlock>{raw}</CodeBlock> }]}
        />
      ) : null}
    </div>
  );
}

/** The pasted text when it was not read into a tree (several statements, or a report from before the reader). */
function UserPlanText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Collapse
      className="plan-user"
      size="small"
      items={[
        {
          key: 'user',
          label: t('result.planUserSupplied'),
          children: (
            <>
              <p className="muted">{t('userPlan.notRead')}</p>
              <CodeBlock>{text}</CodeBlock>
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * Plans before and after as indented node cards, labelled with the optimizer that produced them, and below them
 * the user's own plan when they gave one.
 */
export function PlanView({ plan, stacked }: { plan: PlanComparison; stacked?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const none = !plan.before && !plan.after;
  return (
    <div className="plan-view" data-testid="result-plan">
      {none ? (
        <Alert type="info" showIcon title={t('result.noPlan')} description={plan.missing?.[lang] ?? plan.source} />
      ) : (
        <>
          <div className="plan-source">
            <Tag>{t('result.planSource')}</Tag>
            <span>{plan.source}</span>
          </div>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={stacked ? 24 : 12}>
              <TreeView title={t('result.planBefore')} tree={plan.before} lang={lang} />
            </Col>
            <Col xs={24} lg={stacked ? 24 : 12}>
              <TreeView title={t('result.planAfter')} tree={plan.after} lang={lang} />
            </Col>
          </Row>
        </>
      )}
      {plan.userPlan ? (
        <UserPlanView tree={plan.userPlan} raw={plan.userSupplied} lang={lang} />
      ) : plan.userSupplied ? (
        <UserPlanText text={plan.userSupplied} />
      ) : null}
    </div>
  );
}
