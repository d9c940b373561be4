import { BulbOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type Dialect, ErrorCode, type MapperFramework } from '@sqltune/contracts';
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
import { EXAMPLE_MAPPER, EXAMPLE_MAPPER_SCHEMA } from '../lib/mapperExample.ts';
import { useMessage } from '../lib/message.tsx';
import { loginPath } from '../lib/paths.ts';
import { isLoggedIn } from '../lib/session.ts';

interface XmlForm {
  orm: MapperFramework;
  dialect: Dialect;
  /** The mapper's XML, pasted or read from the uploaded file. */
  xml: string;
  schema: string;
  /** Statistics as JSON, {"tables": {...}}. */
  stats: string;
}

type FieldName = 'xml' | 'schema' | 'stats';

const DRAFT_KEY = 'xmlConfigDraft';
const STATS_PLACEHOLDER =
  '{"tables": {"orders": {"rows": 1500000, "columns": {"o_custkey": {"ndv": 100000, "null_frac": 0}}}}}';
const INITIAL: XmlForm = { orm: 'mybatis', dialect: 'mysql', xml: '', schema: '', stats: '' };

/** Which field a server error belongs to: its `field`, else by code. */
function fieldOf(error: ApiError): FieldName | null {
  const field = error.field;
  if (field === 'sql' || field === 'file') return 'xml';
  if (field === 'schema' || field === 'stats') return field;
  if (
    error.code === ErrorCode.CONTENT_INVALID ||
    error.code === ErrorCode.INPUT_REQUIRED ||
    error.code === ErrorCode.TOO_MANY_STATEMENTS
  ) {
    return 'xml';
  }
  if (error.code === ErrorCode.TABLE_STRUCTURE_INVALID) return 'schema';
  return null;
}

function readDraft(): XmlForm | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(DRAFT_KEY);
    return { ...INITIAL, ...(JSON.parse(raw) as Partial<XmlForm>) };
  } catch {
    return null;
  }
}

/**
 * The XML screen: a MyBatis or iBatis mapper, uploaded (.xml) or pasted, with optional table structure and
 * statistics. An uploaded file is sent as the file, so its name is the one findings and the patched mapper carry.
 */
export default function XmlConfig() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<XmlForm>();
  const xml = Form.useWatch('xml', form) ?? '';
  const dialect: Dialect = Form.useWatch('dialect', form) ?? 'mysql';
  const navigate = useNavigate();
  const support = useSiteConfig()?.links.support;
  const queryClient = useQueryClient();
  const [openPanels, setOpenPanels] = useState<string[]>(['schema']);
  const [submitting, setSubmitting] = useState(false);
  /** The server's error at its line and column, shown in the field's editor until the form changes. */
  const [markers, setMarkers] = useState<Partial<Record<FieldName, EditorMarker>>>({});
  /** The uploaded file as read (upload.uploaded): sent as a file while the text is still what was read. */
  const upload = useSourceUpload({
    ext: '.xml',
    testId: 'xml-upload',
    disabled: submitting,
    onText: ({ text }) => {
      form.setFieldsValue({ xml: text });
      form.setFields([{ name: 'xml', errors: [] }]);
      setMarkers({});
    },
  });
  const [generalError, setGeneralError] = useState<string | null>(null);

  useEffect(() => {
    const draft = readDraft();
    if (!draft) return;
    form.setFieldsValue(draft);
  }, [form]);

  const open = (panel: string) => setOpenPanels((panels) => (panels.includes(panel) ? panels : [...panels, panel]));

  const fillExample = () => {
    form.setFieldsValue({ orm: 'mybatis', dialect: 'mysql', xml: EXAMPLE_MAPPER, schema: EXAMPLE_MAPPER_SCHEMA });
    form.setFields([
      { name: 'xml', errors: [] },
      { name: 'schema', errors: [] },
      { name: 'stats', errors: [] },
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
        navigate(loginPath('/xmlConfig'));
      },
    });
  };

  const showQuotaDialog = () => {
    modal.confirm({
      title: t('quota.title'),
      content: t('quota.descXml'),
      okText: t('quota.upgrade'),
      cancelText: t('quota.contact'),
      onOk: () => navigate('/subscribe'),
      onCancel: () => {
        if (support) window.open(support, '_blank', 'noopener,noreferrer');
      },
    });
  };

  const onFinish = async (values: XmlForm) => {
    setGeneralError(null);
    if (!isLoggedIn()) {
      askToSignIn();
      return;
    }
    const tooLarge = overLimit([
      { name: 'xml' as const, limit: 'sql', text: values.xml },
      { name: 'schema' as const, limit: 'schema', text: values.schema },
      { name: 'stats' as const, limit: 'stats', text: values.stats },
    ]);
    if (tooLarge) {
      if (tooLarge.name !== 'xml') open(tooLarge.name);
      form.setFields([{ name: tooLarge.name, errors: [tooLarge.message] }]);
      form.scrollToField(tooLarge.name, { block: 'center' });
      return;
    }
    setSubmitting(true);
    try {
      const uploaded = upload.uploaded;
      const asFile =
        uploaded?.fileName && uploaded.text === values.xml ? new File([uploaded.text], uploaded.fileName) : undefined;
      const task = await createOptimize({
        orm: values.orm,
        dialect: values.dialect,
        ...(asFile ? { file: asFile } : { sql: values.xml }),
        schema: values.schema,
        stats: values.stats,
      });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void message.success(t('sqlConfig.submitted'));
      navigate(`/xmlResult?id=${encodeURIComponent(task.id)}`);
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
        if (field !== 'xml') open(field);
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
      <PageHeader title={t('xmlConfig.title')} subtitle={t('xmlConfig.subtitle')} />
      <Card className="config-card">
        <Form<XmlForm>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={onFinish}
          requiredMark={false}
          disabled={submitting}
          onValuesChange={(changed: Partial<XmlForm>) => {
            const fields = Object.keys(changed) as (keyof XmlForm)[];
            if (fields.some((name) => name in markers)) setMarkers({});
          }}
        >
          <div className="config-toolbar">
            <Form.Item name="orm" label={t('xmlConfig.orm')} className="dialect-item">
              <Select
                data-testid="orm-select"
                className="dialect-select"
                options={[
                  { value: 'mybatis', label: t('xmlConfig.ormMybatis') },
                  { value: 'ibatis', label: t('xmlConfig.ormIbatis') },
                ]}
              />
            </Form.Item>
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
              <CopyButton text={xml} label={t('xmlConfig.copyXml')} size="middle" testId="copy-xml" disabled={!xml} />
            </div>
          </div>
          <Form.Item
            name="xml"
            label={
              <span>
                {t('xmlConfig.xmlLabel')}
                {upload.uploaded?.fileName ? <span className="file-chip">{upload.uploaded.fileName}</span> : null}
              </span>
            }
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  value?.trim() ? Promise.resolve() : Promise.reject(new Error(t('xmlConfig.xmlRequired'))),
              },
            ]}
          >
            <CodeInput
              testId="xml-input"
              language="xml"
              rows={14}
              placeholder={t('xmlConfig.xmlPlaceholder')}
              marker={markers.xml}
              ariaLabel={t('xmlConfig.xmlLabel')}
              disabled={submitting}
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
