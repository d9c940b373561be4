import { BulbOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { type Dialect, ErrorCode } from '@sqltune/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { UploadFile } from 'antd';
import { Alert, Button, Card, Collapse, Form, Input, Modal, Select, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../api/http.ts';
import { createOptimize } from '../api/optimizes.ts';
import { useSiteConfig } from '../api/site.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { isLanguage } from '../lib/language.ts';
import { useMessage } from '../lib/message.tsx';
import { loginPath } from '../lib/paths.ts';
import { isLoggedIn } from '../lib/session.ts';
import { checkSql } from '../lib/sqlCheck.ts';
import { EXAMPLE_SCHEMA, EXAMPLE_SQL } from '../lib/sqlExample.ts';

interface SqlForm {
  dialect: Dialect;
  sql: string;
  schema: string;
  /** Statistics as JSON, {"tables": {...}}. */
  stats: string;
  plan: string;
  /** Pasted statement statistics (pg_stat_statements, a digest table, a slow log). */
  workload: string;
}

type FieldName = 'sql' | 'schema' | 'stats' | 'plan' | 'workload';

const DRAFT_KEY = 'sqlConfigDraft';
const STATS_PLACEHOLDER =
  '{"tables": {"orders": {"rows": 1500000, "columns": {"o_custkey": {"ndv": 100000, "null_frac": 0}}}}}';
const INITIAL: SqlForm = { dialect: 'mysql', sql: '', schema: '', stats: '', plan: '', workload: '' };

/** Which field a server error belongs to: its `field`, else by code. */
function fieldOf(error: ApiError): FieldName | null {
  const field = error.field;
  if (field === 'sql' || field === 'file') return 'sql';
  if (field === 'schema' || field === 'stats' || field === 'plan' || field === 'workload') return field;
  if (error.code === ErrorCode.WORKLOAD_INVALID) return 'workload';
  if (
    error.code === ErrorCode.CONTENT_INVALID ||
    error.code === ErrorCode.STATEMENT_NOT_ALLOWED ||
    error.code === ErrorCode.INPUT_REQUIRED
  ) {
    return 'sql';
  }
  if (error.code === ErrorCode.TABLE_STRUCTURE_INVALID) return 'schema';
  if (error.code === ErrorCode.PLAN_INVALID) return 'plan';
  return null;
}

function readDraft(): SqlForm | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(DRAFT_KEY);
    return { ...INITIAL, ...(JSON.parse(raw) as Partial<SqlForm>) };
  } catch {
    return null;
  }
}

export default function SqlConfig() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<SqlForm>();
  const sql = Form.useWatch('sql', form) ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const support = useSiteConfig()?.links.support;
  const [openPanels, setOpenPanels] = useState<string[]>(['schema']);
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  useEffect(() => {
    const draft = readDraft();
    if (!draft) return;
    form.setFieldsValue(draft);
    if (draft.plan) setOpenPanels((panels) => [...new Set([...panels, 'plan'])]);
    if (draft.workload) setOpenPanels((panels) => [...new Set([...panels, 'workload'])]);
  }, [form]);

  const open = (panel: string) => setOpenPanels((panels) => (panels.includes(panel) ? panels : [...panels, panel]));

  const fillExample = () => {
    form.setFieldsValue({ dialect: 'mysql', sql: EXAMPLE_SQL, schema: EXAMPLE_SCHEMA });
    form.setFields([
      { name: 'sql', errors: [] },
      { name: 'schema', errors: [] },
      { name: 'stats', errors: [] },
      { name: 'plan', errors: [] },
      { name: 'workload', errors: [] },
    ]);
    setFileList([]);
    setGeneralError(null);
    open('schema');
  };

  const askToSignIn = () => {
    modal.confirm({
      title: t('sqlConfig.loginTitle'),
      content: t('sqlConfig.loginDesc'),
      okText: t('sqlConfig.goSignIn'),
      cancelText: t('common.cancel'),
      onOk: () => {
        try {
          sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form.getFieldsValue()));
        } catch {
          // the draft is a convenience only
        }
        navigate(loginPath('/sqlConfig'));
      },
    });
  };

  const showQuotaDialog = () => {
    modal.confirm({
      title: t('quota.title'),
      content: t('quota.desc'),
      okText: t('quota.upgrade'),
      cancelText: t('quota.contact'),
      onOk: () => navigate('/subscribe'),
      onCancel: () => {
        if (support) window.open(support, '_blank', 'noopener,noreferrer');
      },
    });
  };

  const onFinish = async (values: SqlForm) => {
    setGeneralError(null);
    if (!isLoggedIn()) {
      askToSignIn();
      return;
    }
    setSubmitting(true);
    try {
      const task = await createOptimize({
        dialect: values.dialect,
        sql: values.sql,
        schema: values.schema,
        stats: values.stats,
        plan: values.plan,
        workload: values.workload,
      });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void message.success(t('sqlConfig.submitted'));
      navigate(`/sqlResult?id=${encodeURIComponent(task.id)}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.UNAUTHORIZED) return;
      if (error instanceof ApiError && error.code === ErrorCode.QUOTA_EXCEEDED) {
        showQuotaDialog();
        return;
      }
      let text = errorText(error, lang);
      if (error instanceof ApiError && error.line !== undefined) {
        text += ` (${t('errors.location', { line: error.line, column: error.column ?? 1 })})`;
      }
      const field = error instanceof ApiError ? fieldOf(error) : null;
      if (field) {
        if (field !== 'sql') open(field);
        form.setFields([{ name: field, errors: [text] }]);
        form.scrollToField(field, { block: 'center' });
      } else {
        setGeneralError(text);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const beforeUpload = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.sql')) {
      void message.error(t('sqlConfig.onlySqlFile'));
      return Upload.LIST_IGNORE;
    }
    try {
      const text = await file.text();
      form.setFieldsValue({ sql: text });
      form.setFields([{ name: 'sql', errors: [] }]);
      setFileList([{ uid: `${Date.now()}`, name: file.name, status: 'done', size: file.size }]);
    } catch {
      void message.error(t('sqlConfig.fileReadFailed'));
    }
    return Upload.LIST_IGNORE;
  };

  const monoArea = { fontFamily: 'var(--mono)', fontSize: 13, lineHeight: 1.6 };

  return (
    <div className="page">
      {modalHolder}
      <PageHeader title={t('sqlConfig.title')} subtitle={t('sqlConfig.subtitle')} />
      <Card className="config-card">
        <Form<SqlForm>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={onFinish}
          requiredMark={false}
          disabled={submitting}
        >
          <div className="config-toolbar">
            <Form.Item name="dialect" label={t('sqlConfig.dialect')} className="dialect-item">
              <Select
                data-testid="dialect-select"
                className="dialect-select"
                options={[
                  { value: 'mysql', label: t('sqlConfig.dialectMysql') },
                  { value: 'postgresql', label: t('sqlConfig.dialectPostgres') },
                ]}
              />
            </Form.Item>
            <div className="config-actions">
              <Button icon={<BulbOutlined />} onClick={fillExample} data-testid="fill-example">
                {t('sqlConfig.fillExample')}
              </Button>
              <Upload
                accept=".sql"
                maxCount={1}
                fileList={fileList}
                beforeUpload={beforeUpload}
                onRemove={() => setFileList([])}
                showUploadList={false}
              >
                <Button icon={<UploadOutlined />} data-testid="sql-upload">
                  {t('sqlConfig.upload')}
                </Button>
              </Upload>
              <CopyButton text={sql} label={t('sqlConfig.copySql')} size="middle" testId="copy-sql" disabled={!sql} />
            </div>
          </div>
          <Form.Item
            name="sql"
            label={
              <span>
                {t('sqlConfig.sqlLabel')}
                {fileList[0] ? <span className="file-chip">{fileList[0].name}</span> : null}
              </span>
            }
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  // Pasted workload statistics bring their own statements: the SQL may then stay empty.
                  const workload = (form.getFieldValue('workload') as string | undefined)?.trim();
                  if (workload && !value?.trim()) return Promise.resolve();
                  const problem = checkSql(value ?? '', form.getFieldValue('dialect') as Dialect);
                  if (problem === 'required') return Promise.reject(new Error(t('sqlConfig.sqlRequired')));
                  if (problem === 'notAllowed') return Promise.reject(new Error(t('sqlConfig.notAllowed')));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              data-testid="sql-input"
              rows={12}
              placeholder={t('sqlConfig.sqlPlaceholder')}
              spellCheck={false}
              style={monoArea}
              className="code-input"
            />
          </Form.Item>
          <Collapse
            className="config-collapse"
            activeKey={openPanels}
            onChange={(keys) => setOpenPanels(Array.isArray(keys) ? keys : [keys])}
            items={[
              {
                key: 'schema',
                forceRender: true,
                label: (
                  <span>
                    {t('sqlConfig.schemaTitle')} <span className="muted">({t('common.optional')})</span>
                  </span>
                ),
                children: (
                  <>
                    <Form.Item name="schema" extra={t('sqlConfig.schemaHint')} className="collapse-item">
                      <Input.TextArea
                        data-testid="schema-input"
                        rows={10}
                        placeholder={t('sqlConfig.schemaPlaceholder')}
                        spellCheck={false}
                        style={monoArea}
                        className="code-input"
                      />
                    </Form.Item>
                    <Form.Item
                      name="stats"
                      label={t('sqlConfig.statsTitle')}
                      extra={t('sqlConfig.statsHint')}
                      className="collapse-item"
                    >
                      <Input.TextArea
                        data-testid="stats-input"
                        rows={4}
                        placeholder={STATS_PLACEHOLDER}
                        spellCheck={false}
                        style={monoArea}
                        className="code-input"
                      />
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'plan',
                forceRender: true,
                label: (
                  <span>
                    {t('sqlConfig.planTitle')} <span className="muted">({t('common.optional')})</span>
                  </span>
                ),
                children: (
                  <Form.Item name="plan" extra={t('sqlConfig.planHint')} className="collapse-item">
                    <Input.TextArea
                      data-testid="plan-input"
                      rows={8}
                      placeholder={t('sqlConfig.planPlaceholder')}
                      spellCheck={false}
                      style={monoArea}
                      className="code-input"
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'workload',
                forceRender: true,
                label: (
                  <span>
                    {t('sqlConfig.workloadTitle')} <span className="muted">({t('common.optional')})</span>
                  </span>
                ),
                children: (
                  <Form.Item name="workload" extra={t('sqlConfig.workloadHint')} className="collapse-item">
                    <Input.TextArea
                      data-testid="workload-input"
                      rows={8}
                      placeholder={t('sqlConfig.workloadPlaceholder')}
                      spellCheck={false}
                      style={monoArea}
                      className="code-input"
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
          {generalError ? (
            <Alert type="error" showIcon title={generalError} className="config-error" data-testid="optimize-error" />
          ) : null}
          <div className="config-submit">
            <Button
              type="primary"
              size="large"
              htmlType="submit"
              icon={<ThunderboltOutlined />}
              loading={submitting}
              data-testid="optimize-submit"
            >
              {t('sqlConfig.optimize')}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
