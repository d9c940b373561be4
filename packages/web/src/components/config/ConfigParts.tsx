import { BulbOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Dialect } from '@sqltune/contracts';
import { Alert, Button, Card, Collapse, type CollapseProps, Form, type FormInstance, Select } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeLanguage, EditorMarker } from '../../editor/types.ts';
import { CodeInput } from '../CodeInput.tsx';
import { CopyButton } from '../CopyButton.tsx';
import { PageHeader } from '../PageHeader.tsx';

/** The parts the SQL and XML configuration screens share, so both look and behave as one product. */

const STATS_PLACEHOLDER =
  '{"tables": {"orders": {"rows": 1500000, "columns": {"o_custkey": {"ndv": 100000, "null_frac": 0}}}}}';

/** A choice in the screen's toolbar, before its buttons (the database, the mapper framework). */
export function ToolbarSelect({
  name,
  label,
  testId,
  options,
}: {
  name: string;
  label: string;
  testId: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Form.Item name={name} label={label} className="dialect-item">
      <Select data-testid={testId} className="dialect-select" options={options} />
    </Form.Item>
  );
}

/** The database the statements are for. */
export function DialectSelect() {
  const { t } = useTranslation();
  return (
    <ToolbarSelect
      name="dialect"
      label={t('sqlConfig.dialect')}
      testId="dialect-select"
      options={[
        { value: 'mysql', label: t('sqlConfig.dialectMysql') },
        { value: 'postgresql', label: t('sqlConfig.dialectPostgres') },
      ]}
    />
  );
}

/** A collapsible panel's title: its name and "(optional)". */
export function optionalPanelLabel(t: TFunction, title: string) {
  return (
    <span>
      {title} <span className="muted">({t('common.optional')})</span>
    </span>
  );
}

type PanelItem = NonNullable<CollapseProps['items']>[number];

/** The toolbar's buttons after the selects: fill in the example, upload a file, copy the main field's text. */
export function ConfigActions({
  onFillExample,
  uploadButton,
  copy,
}: {
  onFillExample: () => void;
  uploadButton: ReactNode;
  copy: { text: string; label: string; testId: string };
}) {
  const { t } = useTranslation();
  return (
    <div className="config-actions">
      <Button icon={<BulbOutlined />} onClick={onFillExample} data-testid="fill-example">
        {t('sqlConfig.fillExample')}
      </Button>
      {uploadButton}
      <CopyButton text={copy.text} label={copy.label} size="middle" testId={copy.testId} disabled={!copy.text} />
    </div>
  );
}

/**
 * The screen's main field (the statements, the mapper XML): a code editor checked by `validate`, its label with the
 * uploaded file's name after it when its text came from a file; the editor is named by the same label.
 */
export function SourceField({
  name,
  label,
  fileName,
  validate,
  editor,
}: {
  name: string;
  label: string;
  fileName: string | null | undefined;
  /** Resolves for a valid value, rejects with the message to show. */
  validate: (value: string | undefined) => Promise<void>;
  editor: {
    testId: string;
    language: CodeLanguage;
    rows: number;
    placeholder: string;
    marker: EditorMarker | undefined;
    disabled: boolean;
  };
}) {
  return (
    <Form.Item
      name={name}
      label={
        <span>
          {label}
          {fileName ? <span className="file-chip">{fileName}</span> : null}
        </span>
      }
      rules={[{ validator: (_rule, value: string | undefined) => validate(value) }]}
    >
      <CodeInput {...editor} ariaLabel={label} />
    </Form.Item>
  );
}

/** The collapsible optional panels under the main field; which are open is the submission's (`openPanels`). */
export function OptionalPanels({
  items,
  openPanels,
  setOpenPanels,
}: {
  items: PanelItem[];
  openPanels: string[];
  setOpenPanels: (panels: string[]) => void;
}) {
  return (
    <Collapse
      className="config-collapse"
      activeKey={openPanels}
      onChange={(keys) => setOpenPanels(Array.isArray(keys) ? keys : [keys])}
      items={items}
    />
  );
}

/** An optional panel holding one plain-text field of the same name (key and form field `name`, test id `<name>-input`). */
export function plainTextPanel(
  t: TFunction,
  options: {
    name: string;
    title: string;
    hint: string;
    placeholder: string;
    marker: EditorMarker | undefined;
    disabled: boolean;
  },
): PanelItem {
  return {
    key: options.name,
    forceRender: true,
    label: optionalPanelLabel(t, options.title),
    children: (
      <Form.Item name={options.name} extra={options.hint} className="collapse-item">
        <CodeInput
          testId={`${options.name}-input`}
          language="plain"
          rows={8}
          placeholder={options.placeholder}
          marker={options.marker}
          disabled={options.disabled}
        />
      </Form.Item>
    ),
  };
}

/** The optional table structure and statistics panel (key `schema`). */
export function schemaPanel(
  t: TFunction,
  options: {
    dialect: Dialect;
    markers: Partial<Record<'schema' | 'stats', EditorMarker>>;
    disabled: boolean;
  },
): PanelItem {
  return {
    key: 'schema',
    forceRender: true,
    label: optionalPanelLabel(t, t('sqlConfig.schemaTitle')),
    children: (
      <>
        <Form.Item name="schema" extra={t('sqlConfig.schemaHint')} className="collapse-item">
          <CodeInput
            testId="schema-input"
            language={options.dialect}
            rows={10}
            placeholder={t('sqlConfig.schemaPlaceholder')}
            marker={options.markers.schema}
            disabled={options.disabled}
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
            language="plain"
            rows={4}
            placeholder={STATS_PLACEHOLDER}
            marker={options.markers.stats}
            disabled={options.disabled}
          />
        </Form.Item>
      </>
    ),
  };
}

/** A refusal that belongs to no field, then the Optimize button. */
function SubmitFooter({ generalError, submitting }: { generalError: string | null; submitting: boolean }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/**
 * A configuration screen's frame: the page title, the submission's dialogs, the form (disabled while sending, the
 * submission told of every change), and after the screen's fields the refusal and the Optimize button.
 */
export function ConfigScreen<Values extends object>({
  title,
  subtitle,
  form,
  initialValues,
  onFinish,
  submission,
  children,
}: {
  title: string;
  subtitle: string;
  form: FormInstance<Values>;
  initialValues: Values;
  onFinish: (values: Values) => void;
  submission: {
    modalHolder: ReactNode;
    submitting: boolean;
    generalError: string | null;
    onValuesChange: (changed: Partial<Values>) => void;
  };
  children: ReactNode;
}) {
  return (
    <div className="page">
      {submission.modalHolder}
      <PageHeader title={title} subtitle={subtitle} />
      <Card className="config-card">
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          requiredMark={false}
          disabled={submission.submitting}
          onValuesChange={submission.onValuesChange}
        >
          {children}
          <SubmitFooter generalError={submission.generalError} submitting={submission.submitting} />
        </Form>
      </Card>
    </div>
  );
}
