import { type Dialect, ErrorCode, type MapperFramework } from '@sqltune/contracts';
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
  SourceField,
  schemaPanel,
  ToolbarSelect,
} from '../components/config/ConfigParts.tsx';
import { takeDraft, useConfigSubmission } from '../components/config/useConfigSubmission.ts';
import { useSourceUpload } from '../components/SourceUpload.tsx';
import { EXAMPLE_MAPPER, EXAMPLE_MAPPER_SCHEMA } from '../lib/mapperExample.ts';

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

/**
 * The XML screen: a MyBatis or iBatis mapper, uploaded (.xml) or pasted, with optional table structure and
 * statistics. An uploaded file is sent as the file, so its name is the one findings and the patched mapper carry.
 */
export default function XmlConfig() {
  const { t } = useTranslation();
  const [form] = Form.useForm<XmlForm>();
  const xml = Form.useWatch('xml', form) ?? '';
  const dialect: Dialect = Form.useWatch('dialect', form) ?? 'mysql';
  const submission = useConfigSubmission<XmlForm, FieldName>(form, {
    path: '/xmlConfig',
    draftKey: DRAFT_KEY,
    mainField: 'xml',
    fieldOf,
    quotaText: t('quota.descXml'),
    resultPath: (id) => `/xmlResult?id=${encodeURIComponent(id)}`,
  });
  const { submitting, markers, setMarkers, open } = submission;
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

  useEffect(() => {
    const draft = takeDraft(DRAFT_KEY, INITIAL);
    if (draft) form.setFieldsValue(draft);
  }, [form]);

  const fillExample = () => {
    form.setFieldsValue({ orm: 'mybatis', dialect: 'mysql', xml: EXAMPLE_MAPPER, schema: EXAMPLE_MAPPER_SCHEMA });
    submission.clearErrors(['xml', 'schema', 'stats']);
    upload.clear();
    open('schema');
  };

  const onFinish = (values: XmlForm) =>
    submission.submit(
      [
        { name: 'xml', limit: 'sql', text: values.xml },
        { name: 'schema', limit: 'schema', text: values.schema },
        { name: 'stats', limit: 'stats', text: values.stats },
      ],
      () => {
        const uploaded = upload.uploaded;
        const asFile =
          uploaded?.fileName && uploaded.text === values.xml ? new File([uploaded.text], uploaded.fileName) : undefined;
        return createOptimize({
          orm: values.orm,
          dialect: values.dialect,
          ...(asFile ? { file: asFile } : { sql: values.xml }),
          schema: values.schema,
          stats: values.stats,
        });
      },
    );

  return (
    <ConfigScreen<XmlForm>
      title={t('xmlConfig.title')}
      subtitle={t('xmlConfig.subtitle')}
      form={form}
      initialValues={INITIAL}
      onFinish={onFinish}
      submission={submission}
    >
      <div className="config-toolbar">
        <ToolbarSelect
          name="orm"
          label={t('xmlConfig.orm')}
          testId="orm-select"
          options={[
            { value: 'mybatis', label: t('xmlConfig.ormMybatis') },
            { value: 'ibatis', label: t('xmlConfig.ormIbatis') },
          ]}
        />
        <DialectSelect />
        <ConfigActions
          onFillExample={fillExample}
          uploadButton={upload.button}
          copy={{ text: xml, label: t('xmlConfig.copyXml'), testId: 'copy-xml' }}
        />
      </div>
      <SourceField
        name="xml"
        label={t('xmlConfig.xmlLabel')}
        fileName={upload.uploaded?.fileName}
        validate={(value) =>
          value?.trim() ? Promise.resolve() : Promise.reject(new Error(t('xmlConfig.xmlRequired')))
        }
        editor={{
          testId: 'xml-input',
          language: 'xml',
          rows: 14,
          placeholder: t('xmlConfig.xmlPlaceholder'),
          marker: markers.xml,
          disabled: submitting,
        }}
      />
      {upload.notice}
      <OptionalPanels
        openPanels={submission.openPanels}
        setOpenPanels={submission.setOpenPanels}
        items={[schemaPanel(t, { dialect, markers, disabled: submitting })]}
      />
    </ConfigScreen>
  );
}
