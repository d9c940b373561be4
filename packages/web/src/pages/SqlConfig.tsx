import { type Dialect, ErrorCode } from '@sqltune/contracts';
import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api/http.ts';
import { createOptimize } from '../api/optimizes.ts';
import {
  ConfigActions,
  ConfigScreen,
  DialectSelect,
  OptionalPanels,
  plainTextPanel,
  SourceField,
  schemaPanel,
} from '../components/config/ConfigParts.tsx';
import { takeDraft, useConfigSubmission } from '../components/config/useConfigSubmission.ts';
import { useSourceUpload } from '../components/SourceUpload.tsx';
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

export default function SqlConfig() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SqlForm>();
  const sql = Form.useWatch('sql', form) ?? '';
  const dialect: Dialect = Form.useWatch('dialect', form) ?? 'mysql';
  const submission = useConfigSubmission<SqlForm, FieldName>(form, {
    path: '/sqlConfig',
    draftKey: DRAFT_KEY,
    mainField: 'sql',
    fieldOf,
    quotaText: t('quota.desc'),
    resultPath: (id) => `/sqlResult?id=${encodeURIComponent(id)}`,
  });
  const { submitting, markers, setMarkers, open, setOpenPanels } = submission;
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

  useEffect(() => {
    const draft = takeDraft(DRAFT_KEY, INITIAL);
    if (!draft) return;
    form.setFieldsValue(draft);
    if (draft.plan) setOpenPanels((panels) => [...new Set([...panels, 'plan'])]);
    if (draft.workload) setOpenPanels((panels) => [...new Set([...panels, 'workload'])]);
  }, [form, setOpenPanels]);

  const fillExample = () => {
    form.setFieldsValue({ dialect: 'mysql', sql: EXAMPLE_SQL, schema: EXAMPLE_SCHEMA });
    submission.clearErrors(['sql', 'schema', 'stats', 'plan', 'workload']);
    upload.clear();
    open('schema');
  };

  const onFinish = (values: SqlForm) =>
    submission.submit(
      (['sql', 'schema', 'stats', 'plan', 'workload'] as const).map((name) => ({
        name,
        limit: name,
        text: values[name],
      })),
      () =>
        createOptimize({
          dialect: values.dialect,
          sql: values.sql,
          schema: values.schema,
          stats: values.stats,
          plan: values.plan,
          workload: values.workload,
        }),
    );

  return (
    <ConfigScreen<SqlForm>
      title={t('sqlConfig.title')}
      subtitle={t('sqlConfig.subtitle')}
      form={form}
      initialValues={INITIAL}
      onFinish={onFinish}
      submission={submission}
    >
      <div className="config-toolbar">
        <DialectSelect />
        <ConfigActions
          onFillExample={fillExample}
          uploadButton={upload.button}
          copy={{ text: sql, label: t('sqlConfig.copySql'), testId: 'copy-sql' }}
        />
      </div>
      <SourceField
        name="sql"
        label={t('sqlConfig.sqlLabel')}
        fileName={upload.uploaded?.fileName}
        validate={(value) => {
          // Pasted workload statistics bring their own statements: the SQL may then stay empty.
          const workload = (form.getFieldValue('workload') as string | undefined)?.trim();
          if (workload && !value?.trim()) return Promise.resolve();
          const problem = checkSql(value ?? '', form.getFieldValue('dialect') as Dialect);
          if (problem === 'required') return Promise.reject(new Error(t('sqlConfig.sqlRequired')));
          if (problem === 'notAllowed') return Promise.reject(new Error(t('sqlConfig.notAllowed')));
          return Promise.resolve();
        }}
        editor={{
          testId: 'sql-input',
          language: dialect,
          rows: 12,
          placeholder: t('sqlConfig.sqlPlaceholder'),
          marker: markers.sql,
          disabled: submitting,
        }}
      />
      {upload.notice}
      <OptionalPanels
        openPanels={submission.openPanels}
        setOpenPanels={setOpenPanels}
        items={[
          schemaPanel(t, { dialect, markers, disabled: submitting }),
          plainTextPanel(t, {
            name: 'plan',
            title: t('sqlConfig.planTitle'),
            hint: t('sqlConfig.planHint'),
            placeholder: t('sqlConfig.planPlaceholder'),
            marker: markers.plan,
            disabled: submitting,
          }),
          plainTextPanel(t, {
            name: 'workload',
            title: t('sqlConfig.workloadTitle'),
            hint: t('sqlConfig.workloadHint'),
            placeholder: t('sqlConfig.workloadPlaceholder'),
            marker: markers.workload,
            disabled: submitting,
          }),
        ]}
      />
    </ConfigScreen>
  );
}
