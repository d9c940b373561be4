import { BulbOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type Dialect, ErrorCode } from '@sqltune/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../api/http.ts';
import { createOptimize } from '../api/optimizes.ts';
import { useSiteConfig } from '../api/site.ts';
import { CodeInput } from '../components/CodeInput.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useSourceUpload } from '../components/SourceUpload.tsx';
import type { EditorMarker } from '../editor/types.ts';
import { isLanguage } from '../lib/language.ts';
import { overLimit } from '../lib/limits.ts';
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
  const dialect: Dialect = Form.useWatch('dialect', form) ?? 'mysql';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const support = useSiteConfig()?.links.support;
  const [openPanels, setOpenPanels] = useState<string[]>(['schema']);
  const [submitting, setSubmitting] = useState(false);
  /** The server's error at its line and column, shown in the field's editor until the field changes. */
  const [markers, setMarkers] = useState<Partial<Record<FieldName, EditorMarker>>>({});
  const upload = useSourceUpload({
    ext: '.sql',
    testId: 'sql-upload',
    disabled: submitting,
    onText: ({ text }) => {
      form.setFieldsValue({ sql: text });
      form.setFields([{ name: 'sql', errors: [] }]);
      setMarkers((current) => ({ ...current, sql: undefined }));
    },
  });
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
    upload.clear();
    setMarkers({});
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
    const tooLarge = overLimit(
      (['sql', 'schema', 'stats', 'plan', 'workload'] as const).map((name) => ({
        name,
        limit: name,
        text: values[name],
      })),
    );
    if (tooLarge) {
      if (tooLarge.name !== 'sql') open(tooLarge.name);
      form.setFields([{ name: tooLarge.name, errors: [tooLarge.message] }]);
      form.scrollToField(tooLarge.name, { block: 'center' });
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
      const reason = errorText(error, lang);
      let text = reason;
      if (error instanceof ApiError && error.line !== undefined) {
        text += ` (${t('errors.location', { line: error.line, column: error.column ?? 1 })})`;
      }
      const field = error instanceof ApiError ? fieldOf(error) : null;
      if (field) {
        if (field !== 'sql') open(field);
        if (error instanceof ApiError && error.line !== undefined) {
          const at = { line: error.line, column: error.column ?? 1 };
          setMarkers({ [field]: { ...at, message: t('editor.errorMarker', { ...at, message: reason }) } });
        }
        form.setFields([{ name: field, errors: [text] }]);
        form.scrollToField(field, { block: 'center' });
      } else {
        setGeneralError(text);
      }
    } finally {
      setSubmitting(false);
    }
  };

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
          onValuesChange={(changed: Partial<SqlForm>) => {
            const fields = Object.keys(changed) as (keyof SqlForm)[];
            if (fields.some((name) => name in markers)) setMarkers({});
          }}
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
              {upload.button}
              <CopyButton text={sql} label={t('sqlConfig.copySql')} size="middle" testId="copy-sql" disabled={!sql} />
            </div>
          </div>
          <Form.Item
            name="sql"
            label={
              <span>
                {t('sqlConfig.sqlLabel')}
                {upload.uploaded?.fileName ? <span className="file-chip">{upload.uploaded.fileName}</span> : null}
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
            <CodeInput
              testId="sql-input"
              language={dialect}
              rows={12}
              placeholder={t('sqlConfig.sqlPlaceholder')}
              marker={markers.sql}
              disabled={submitting}
              ariaLabel={t('sqlConfig.sqlLabel')}
            />
          </Form.Item>
          {upload.notice}
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
                      <CodeInput
                        testId="schema-input"
                        language={dialect}
                        rows={10}
                        placeholder={t('sqlConfig.schemaPlaceholder')}
                        marker={markers.schema}
                        disabled={submitting}
                      />
                    </Form.Item>
                    <Form.Item
                      name="stats"
                      label={t('sqlConfig.statsTitle')}
                      extra={t('sqlConfig.statsHint')}
                      className="collapse-item"
                    >
                      <CodeInput
                        testId="stats-input"
                        language={'plain'}
                        rows={4}
                        placeholder={STATS_PLACEHOLDER}
                        marker={markers.stats}
                        disabled={submitting}
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
                    <CodeInput
                      testId="plan-input"
                      language={'plain'}
                      rows={8}
                      placeholder={t('sqlConfig.planPlaceholder')}
                      marker={markers.plan}
                      disabled={submitting}
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
                    <CodeInput
                      testId="workload-input"
                      language={'plain'}
                      rows={8}
                      placeholder={t('sqlConfig.workloadPlaceholder')}
                      marker={markers.workload}
                      disabled={submitting}
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
