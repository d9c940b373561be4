import { FileSearchOutlined, LoadingOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { TaskDetail, TaskType } from '@sqltune/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Progress, Result, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../api/http.ts';
import { getTask } from '../api/optimizes.ts';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { TaskStateTag } from '../components/TaskStateTag.tsx';
import { RESULT_POLL_MS } from '../config.ts';
import { etaText } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { MapperReportView } from './MapperReportView.tsx';
import { ReportView } from './ReportView.tsx';

export type ResultState = 'loading' | 'in-progress' | 'failed' | 'completed' | 'empty';

function StateBox({ state, children }: { state: ResultState; children: ReactNode }) {
  return (
    <div data-testid="result-state" data-state={state} className="result-state">
      {children}
    </div>
  );
}

/** The page a task of each type is submitted on. */
const configPath: Record<TaskType, string> = { sql: '/sqlConfig', mybatis: '/xmlConfig' };

function Actions({ type }: { type: TaskType }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Link to={configPath[type]}>
        <Button type="primary">{type === 'mybatis' ? t('xmlResult.goOptimize') : t('result.goOptimize')}</Button>
      </Link>
      <Link to="/task">
        <Button>{t('result.goTasks')}</Button>
      </Link>
    </Space>
  );
}

function InProgress({ task }: { task: TaskDetail }) {
  const { t } = useTranslation();
  return (
    <Card className="report-card">
      <Result
        icon={<Spin indicator={<LoadingOutlined spin style={{ fontSize: 48 }} />} />}
        title={t('result.inProgressTitle')}
        subTitle={
          <Space orientation="vertical" size={4}>
            <span>
              <TaskStateTag state={task.state} />
              {task.etaMinutes !== null ? <span className="muted">{etaText(t, task.etaMinutes)}</span> : null}
            </span>
            <span className="muted">{t('task.etaNote')}</span>
            <span className="muted">{t('result.inProgressDesc')}</span>
          </Space>
        }
      />
      <Progress percent={100} status="active" showInfo={false} className="progress-bar" />
      {task.input.sql ? <CodeBlock testId="result-input">{task.input.sql}</CodeBlock> : null}
    </Card>
  );
}

/**
 * The result screen of a SQL or a mapper task (`type`): polls a running task, then shows the report. `stacked` is
 * the phone layout.
 */
export function ResultPage({ stacked = false, type = 'sql' }: { stacked?: boolean; type?: TaskType }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const id = params.get('id');
  const shareId = params.get('shareid');

  const task = useQuery({
    queryKey: ['task', type, id],
    queryFn: () => getTask(type, id ?? ''),
    enabled: Boolean(id) && !shareId,
    refetchInterval: (query) => (query.state.data?.state === 'In Progress' ? RESULT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });

  let body: ReactNode;
  let state: ResultState;

  if (shareId) {
    state = 'empty';
    body = (
      <Card className="report-card">
        <Result
          status="info"
          icon={<ShareAltOutlined />}
          title={t('result.shareTitle')}
          subTitle={
            <>
              <div>{t('result.shareDesc')}</div>
              <div className="muted">{t('common.laterRelease')}</div>
            </>
          }
          extra={<Actions type={type} />}
        />
      </Card>
    );
  } else if (!id) {
    state = 'empty';
    body = (
      <Card className="report-card">
        <Empty image={<FileSearchOutlined className="empty-icon" />} description={t('result.emptyDesc')}>
          <Actions type={type} />
        </Empty>
      </Card>
    );
  } else if (task.data) {
    const detail = task.data;
    if (detail.state === 'In Progress') {
      state = 'in-progress';
      body = <InProgress task={detail} />;
    } else if (detail.state === 'Failed') {
      state = 'failed';
      body = (
        <Card className="report-card">
          <Result
            status="error"
            title={t('result.failedTitle')}
            subTitle={detail.error?.message[lang] ?? t('errors.unknown')}
            extra={
              <Link to={configPath[type]}>
                <Button type="primary">{t('result.retry')}</Button>
              </Link>
            }
          />
          {detail.input.sql ? <CodeBlock testId="result-input">{detail.input.sql}</CodeBlock> : null}
        </Card>
      );
    } else if (detail.report && (detail.report.statements.length > 0 || detail.report.mapper)) {
      state = 'completed';
      body = detail.report.mapper ? (
        <MapperReportView report={detail.report} original={detail.input.sql} stacked={stacked} />
      ) : (
        <ReportView report={detail.report} stacked={stacked} />
      );
    } else {
      state = 'empty';
      body = (
        <Card className="report-card">
          <Empty description={t('result.emptyTitle')}>
            <Actions type={type} />
          </Empty>
        </Card>
      );
    }
  } else if (task.isError) {
    state = 'failed';
    body = (
      <Card className="report-card">
        <Result
          status="error"
          title={t('result.loadFailedTitle')}
          subTitle={errorText(task.error, lang)}
          extra={
            <Space wrap>
              <Button onClick={() => void task.refetch()}>{t('common.retry')}</Button>
              <Link to={configPath[type]}>
                <Button type="primary">{t('result.retry')}</Button>
              </Link>
            </Space>
          }
        />
      </Card>
    );
  } else {
    state = 'loading';
    body = (
      <Card className="report-card">
        <div className="center-block">
          <Spin size="large" />
          <div className="muted">{t('result.loading')}</div>
        </div>
      </Card>
    );
  }

  return (
    <div className={stacked ? 'page page-narrow' : 'page page-wide'}>
      <PageHeader title={type === 'mybatis' ? t('xmlResult.title') : t('result.title')} />
      {task.isError && task.data ? (
        <Alert type="warning" showIcon title={errorText(task.error, lang)} className="report-alert" />
      ) : null}
      <StateBox state={state}>{body}</StateBox>
    </div>
  );
}
