import type { Language, PlanComparison, PlanNode, PlanTree } from '@sqltune/contracts';
import { Alert, Col, Collapse, Empty, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { formatNumber } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';

function NodeView({ node, lang }: { node: PlanNode; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div className="plan-node">
      <div className="plan-node-card">
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
      </div>
      {node.children.length > 0 ? (
        <div className="plan-children">
          {node.children.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plan children are positional
            <NodeView key={i} node={child} lang={lang} />
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

/** Plans before and after as indented node cards, labelled with the optimizer that produced them. */
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
      {plan.userSupplied ? (
        <Collapse
          className="plan-user"
          size="small"
          items={[
            { key: 'user', label: t('result.planUserSupplied'), children: <CodeBlock>{plan.userSupplied}</CodeBlock> },
          ]}
        />
      ) : null}
    </div>
  );
}
