import { DeleteOutlined, EyeOutlined, InfoCircleOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import type { TaskSummary } from '@sqltune/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Card, Empty, Grid, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../api/http.ts';
import { deleteTask, listTasks } from '../api/optimizes.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { TaskStateTag } from '../components/TaskStateTag.tsx';
import { TASK_PAGE_SIZE, TASK_REFRESH_MS } from '../config.ts';
import { etaText, formatDate, formatDateTime, formatGain } from '../lib/format.ts';
import { isLanguage } from '../lib/language.ts';
import { useMessage } from '../lib/message.tsx';
import { loginPath } from '../lib/paths.ts';
import { useLoggedIn } from '../lib/session.ts';

/** A task's result page: SQL and mapper results have their own. */
function resultPath(task: TaskSummary): string {
  return `/${task.type === 'mybatis' ? 'xmlResult' : 'sqlResult'}?id=${encodeURIComponent(task.id)}`;
}

function SignInEmpty() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <Empty description={t('task.signInNeeded')} data-testid="task-signin">
        <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate(loginPath('/task'))}>
          {t('task.signInAction')}
        </Button>
      </Empty>
    </Card>
  );
}

function TaskTable() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const message = useMessage();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;

  const tasks = useQuery({
    queryKey: ['tasks', page],
    queryFn: () => listTasks(page, TASK_PAGE_SIZE),
    refetchInterval: TASK_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: deleteTask,
    onSuccess: () => {
      void message.success(t('task.deleted'));
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
    },
    onError: (error) => {
      void message.error(errorText(error, lang));
    },
  });

  const stateOf = (task: TaskSummary) => (
    <div className="task-state">
      <TaskStateTag state={task.state} />
      {task.state === 'In Progress' && task.etaMinutes !== null ? (
        <span className="muted task-eta">{etaText(t, task.etaMinutes)}</span>
      ) : null}
    </div>
  );

  /** View and delete; on a phone as icons only (their names stay as accessible labels). */
  const actionsOf = (task: TaskSummary, labelled: boolean) => (
    <Space size={4}>
      <Link to={resultPath(task)} data-testid={`task-view-${task.id}`} aria-label={t('task.view')}>
        <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('task.view')}>
          {labelled ? t('task.view') : null}
        </Button>
      </Link>
      <Popconfirm
        title={t('task.deleteConfirm')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() => remove.mutateAsync(task.id).catch(() => undefined)}
      >
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('task.delete')}
          data-testid={`task-delete-${task.id}`}
        >
          {labelled ? t('task.delete') : null}
        </Button>
      </Popconfirm>
    </Space>
  );

  // A phone shows what a user looks for in a list (what, its state, what to do), not ten columns to scroll through.
  const phoneColumns: TableColumnsType<TaskSummary> = [
    {
      title: t('task.colObject'),
      dataIndex: 'object',
      key: 'object',
      ellipsis: { showTitle: false },
      render: (object: string, task) => (
        <div className="task-phone-object">
          <span className="mono">{object}</span>
          <span className="muted">
            {task.type === 'mybatis' ? t('task.typeMybatis') : t('task.typeSql')} · {formatDate(task.createdAt, lang)}
            {task.performanceGain !== null ? ` · ${formatGain(task.performanceGain)}` : ''}
          </span>
        </div>
      ),
    },
    {
      title: t('task.colState'),
      dataIndex: 'state',
      key: 'state',
      width: 96,
      render: (_state: TaskSummary['state'], task) => stateOf(task),
    },
    { title: t('task.colAction'), key: 'action', width: 76, render: (_value, task) => actionsOf(task, false) },
  ];

  const wideColumns: TableColumnsType<TaskSummary> = [
    {
      title: t('task.colId'),
      dataIndex: 'id',
      key: 'id',
      width: 110,
      render: (id: string) => (
        <Tooltip title={id}>
          <Typography.Text className="mono" copyable={{ text: id }}>
            {id.length > 8 ? `${id.slice(0, 8)}…` : id}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('task.colType'),
      dataIndex: 'type',
      key: 'type',
      width: 80,
      render: (type: TaskSummary['type']) => (type === 'mybatis' ? t('task.typeMybatis') : t('task.typeSql')),
    },
    {
      title: t('task.colObject'),
      dataIndex: 'object',
      key: 'object',
      ellipsis: { showTitle: false },
      render: (object: string) => (
        <Tooltip title={object} placement="topLeft">
          <span className="mono">{object}</span>
        </Tooltip>
      ),
    },
    {
      title: t('task.colState'),
      dataIndex: 'state',
      key: 'state',
      width: 130,
      render: (_state: TaskSummary['state'], task) => stateOf(task),
    },
    { title: t('task.colRules'), dataIndex: 'totalRules', key: 'totalRules', width: 90, align: 'right' },
    {
      title: t('task.colGain'),
      dataIndex: 'performanceGain',
      key: 'performanceGain',
      width: 110,
      align: 'right',
      render: (gain: number | null) => formatGain(gain),
    },
    { title: t('task.colIndexes'), dataIndex: 'totalIndexes', key: 'totalIndexes', width: 90, align: 'right' },
    {
      title: t('task.colCreated'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      render: (createdAt: string) => formatDateTime(createdAt, lang),
    },
    {
      title: t('task.colAction'),
      key: 'action',
      width: 180,
      fixed: wide ? 'right' : undefined,
      render: (_value, task) => actionsOf(task, true),
    },
  ];

  return (
    <Card className="table-card">
      {tasks.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('task.loadFailed')}
          description={errorText(tasks.error, lang)}
          className="table-error"
        />
      ) : null}
      <div data-testid="task-table">
        <Table<TaskSummary>
          rowKey="id"
          columns={wide ? wideColumns : phoneColumns}
          dataSource={tasks.data?.items ?? []}
          loading={tasks.isPending}
          scroll={wide ? { x: 1100 } : undefined}
          size="middle"
          pagination={{
            current: page,
            pageSize: TASK_PAGE_SIZE,
            total: tasks.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          locale={{
            emptyText: (
              <Empty description={t('task.empty')}>
                <Link to="/sqlConfig">
                  <Button type="primary" icon={<PlusOutlined />} data-testid="task-empty-action">
                    {t('task.emptyAction')}
                  </Button>
                </Link>
              </Empty>
            ),
          }}
        />
      </div>
    </Card>
  );
}

export default function Task() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <div className="page">
      <PageHeader
        title={t('task.title')}
        subtitle={
          <span>
            <InfoCircleOutlined /> {t('task.subtitle')} {t('task.etaNote')}
          </span>
        }
      />
      {loggedIn ? <TaskTable /> : <SignInEmpty />}
    </div>
  );
}
