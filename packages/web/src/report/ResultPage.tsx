import { ClockCircleOutlined, FileSearchOutlined, LoadingOutlined } from '@ant-design/icons';
import { ErrorCode, type TaskDetail, type TaskType } from '@sqltune/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Progress, Result, Space, Spin, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../api/http.ts';
import { getTask } from '../api/optimizes.ts';
import { getSharedTask } from '../api/shares.ts';
import { CodeBlock } from '../components/CodeBlock.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { TaskStateTag } from '../components/TaskStateTag.tsx';
import { EXAMPLE_RETRY_MS, EXAMPLE_SHARE_IDS, RESULT_POLL_MS } from '../config.ts';
import { etaText } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { ShareButton } from '../share/ShareButton.tsx';
import { MapperReportView } from './MapperReportView.tsx';
import { ReportView } from './ReportView.tsx';

// The feedback form (antd Select and TextArea) loads after the result is shown, in its own chunk.
const FeedbackPanel = lazy(() => import('../feedback/FeedbackPanel.tsx'));
/** The chat about a result: its own chunk, loaded when a completed result is shown. */
const ChatPanel = lazy(() => import('../chat/ChatPanel.tsx'));

export type ResultState = 'loading' | 'in-progress' | 'failed' | 'completed' | 'empty' | 'not-found' | 'preparing';

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

/** The live example asked for is being made by the server's pipeline (4701): the page asks again by itself. */
function isPreparing(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.EXAMPLE_PREPARING;
}

/**
 * The result screen of a SQL or a mapper task (`type`): polls a running task, then shows the report. `stacked` is
 * the phone layout. With `shareid` it shows a shared result read-only (no session needed, no owner controls); the
 * owner of a completed task gets the share button.
 */
export function ResultPage({ stacked = false, type = 'sql' }: { stacked?: boolean; type?: TaskType }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const id = params.get('id');
  const shareId = params.get('shareid');
  // A live example is read as a share named by the example; the server answers 4701 while it is being made.
  const isExample = shareId !== null && EXAMPLE_SHARE_IDS.includes(shareId);
  const shared = shareId !== null;
  const captureRef = useRef<HTMLDivElement>(null);

  const task = useQuery({
    queryKey: shared ? ['share', type, shareId] : ['task', type, id],
    queryFn: () => (shared ? getSharedTask(type, shareId) : getTask(type, id ?? '')),
    enabled: shared || (Boolean(id) && !shareId),
    // A missing or revoked share stays missing: asking again would only delay the not-found page.
    retry: (count, error) => !(error instanceof ApiError && (error.code === 404 || isPreparing(error))) && count < 3,
    refetchInterval: (query) => {
      if (query.state.data?.state === 'In Progress') return RESULT_POLL_MS;
      return isPreparing(query.state.error) ? EXAMPLE_RETRY_MS : false;
    },
    refetchIntervalInBackground: true,
  });

  let body: ReactNode;
  let state: ResultState;

  if (!id && !shared) {
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
  } else if (isExample && isPreparing(task.error)) {
    state = 'preparing';
    body = (
      <Card className="report-card">
        <Result
          status="info"
          icon={<ClockCircleOutlined />}
          title={t('examples.preparingTitle')}
          subTitle={t('examples.preparingDesc')}
          extra={
            <Button
              type="primary"
              loading={task.isFetching}
              onClick={() => void task.refetch()}
              data-testid="example-retry"
            >
              {t('examples.retry')}
            </Button>
          }
        />
      </Card>
    );
  } else if (shared && task.error instanceof ApiError && task.error.code === 404) {
    state = 'not-found';
    body = (
      <Card className="report-card">
        <Result
          status="404"
          title={t('share.notFoundTitle')}
          subTitle={t('share.notFoundDesc')}
          extra={<Actions type={type} />}
          data-testid="share-not-found"
        />
      </Card>
    );
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

  let headerExtra: ReactNode = null;
  if (isExample && task.data) {
    headerExtra = (
      <Tag color="green" data-testid="example-tag">
        {t('examples.tag')}
      </Tag>
    );
  } else if (shared && task.data) {
    headerExtra = (
      <Tag color="blue" data-testid="shared-tag">
        {t('share.sharedTag')}
      </Tag>
    );
  } else if (!shareId && id && state === 'completed') {
    headerExtra = <ShareButton taskId={id} captureRef={captureRef} />;
  }

  return (
    <div className={stacked ? 'page page-narrow' : 'page page-wide'} ref={captureRef}>
      <PageHeader title={type === 'mybatis' ? t('xmlResult.title') : t('result.title')} extra={headerExtra} />
      {task.isError && task.data ? (
        <Alert type="warning" showIcon title={errorText(task.error, lang)} className="report-alert" />
      ) : null}
      <StateBox state={state}>{body}</StateBox>
      {state === 'completed' && task.data && !isExample && (shared || (id && !shareId)) ? (
        <Suspense fallback={null}>
          <ChatPanel taskId={task.data.id} shareId={shared ? shareId : null} />
        </Suspense>
      ) : null}
      {!shareId && id && (state === 'completed' || state === 'failed') && task.data ? (
        <Suspense fallback={null}>
          <FeedbackPanel taskId={id} />
        </Suspense>
      ) : null}
    </div>
  );
}
