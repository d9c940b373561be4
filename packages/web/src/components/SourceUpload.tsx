import { UploadOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  FIELD_BYTE_LIMITS,
  formatByteLimit,
  IMAGE_BYTE_LIMIT,
  MAX_OCR_IMAGES,
  MAX_TEXT_FILES,
  OCR_IMAGE_TYPES,
} from '@sqltune/contracts';
import { Alert, Button, Progress, Tooltip, Upload } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../lib/message.tsx';

/** What was put in the field: a file's text (sent as the file by the mapper form) or the text read from images. */
export interface UploadedSource {
  text: string;
  /** The file's name; null for text read from images. */
  fileName: string | null;
}

type OcrState =
  | { state: 'reading'; image: number; images: number; percent: number }
  | { state: 'done'; count: number }
  | null;

const isImage = (file: File) => (OCR_IMAGE_TYPES as readonly string[]).includes(file.type);

/**
 * The upload of the SQL or XML field, shared by /sqlConfig and /xmlConfig: one `.sql` (or `.xml`) file read into the
 * field, or up to MAX_OCR_IMAGES images read by OCR in the browser into it for the user to check. The limits are the
 * shared ones of @sqltune/contracts: a file over the field's limit is refused with 4207 and more images than allowed
 * with 4211, never cut. Returns the button, the OCR notice to show under the field, and what was uploaded.
 */
export function useSourceUpload({
  ext,
  testId,
  disabled,
  onText,
}: {
  ext: '.sql' | '.xml';
  testId: string;
  disabled: boolean;
  onText: (source: UploadedSource) => void;
}): { button: ReactNode; notice: ReactNode; uploaded: UploadedSource | null; clear: () => void } {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [uploaded, setUploaded] = useState<UploadedSource | null>(null);
  const [ocr, setOcr] = useState<OcrState>(null);
  const [ocrError, setOcrError] = useState<string | null>(null);
  /** The batch being handled: antd calls beforeUpload once per file of a selection. */
  const batch = useRef<readonly File[] | null>(null);

  const refuse = (text: string) => {
    void message.error({ content: <span data-testid={`${testId}-error`}>{text}</span>, duration: 6 });
  };

  const put = (source: UploadedSource) => {
    setUploaded(source);
    onText(source);
  };

  const readText = async (file: File) => {
    if (file.size > FIELD_BYTE_LIMITS.sql) {
      const limit = formatByteLimit(FIELD_BYTE_LIMITS.sql);
      refuse(t('editor.fileTooLarge', { name: file.name, limit, code: ErrorCode.FIELD_TOO_LARGE }));
      return;
    }
    try {
      put({ text: await file.text(), fileName: file.name });
      setOcr(null);
    } catch {
      refuse(t('sqlConfig.fileReadFailed'));
    }
  };

  const readImages = async (files: readonly File[]) => {
    const large = files.find((file) => file.size > IMAGE_BYTE_LIMIT);
    if (large) {
      const limit = formatByteLimit(IMAGE_BYTE_LIMIT);
      refuse(t('editor.fileTooLarge', { name: large.name, limit, code: ErrorCode.FIELD_TOO_LARGE }));
      return;
    }
    setOcrError(null);
    setOcr({ state: 'reading', image: 0, images: files.length, percent: 0 });
    try {
      const { readImages: recognize } = await import('../editor/ocr.ts');
      const text = await recognize(files, i18n.language === 'zh', ({ image, images, progress }) =>
        setOcr({ state: 'reading', image, images, percent: Math.round(progress * 100) }),
      );
      if (!text.trim()) {
        setOcr(null);
        setOcrError(t('editor.ocrEmpty'));
        return;
      }
      put({ text, fileName: null });
      setOcr({ state: 'done', count: files.length });
    } catch {
      setOcr(null);
      setOcrError(t('editor.ocrFailed'));
    }
  };

  const handle = async (files: readonly File[]) => {
    const images = files.filter(isImage);
    const texts = files.filter((file) => file.name.toLowerCase().endsWith(ext));
    if (images.length + texts.length < files.length) return refuse(t('editor.wrongFile', { ext }));
    if (images.length > 0 && texts.length > 0) return refuse(t('editor.mixedFiles', { ext }));
    if (texts.length > MAX_TEXT_FILES) {
      return refuse(t('editor.tooManyTextFiles', { max: MAX_TEXT_FILES, ext, code: ErrorCode.TOO_MANY_FILES }));
    }
    if (images.length > MAX_OCR_IMAGES) {
      return refuse(
        t('editor.tooManyImages', { max: MAX_OCR_IMAGES, count: images.length, code: ErrorCode.TOO_MANY_FILES }),
      );
    }
    if (texts[0]) return readText(texts[0]);
    return readImages(images);
  };

  const beforeUpload = (_file: File, fileList: File[]) => {
    if (batch.current !== fileList) {
      batch.current = fileList;
      void handle(fileList);
    }
    return Upload.LIST_IGNORE;
  };

  const reading = ocr?.state === 'reading';
  const button = (
    <Tooltip title={t('editor.uploadHint', { ext, max: MAX_OCR_IMAGES })}>
      <span>
        <Upload
          accept={[ext, ...OCR_IMAGE_TYPES].join(',')}
          multiple
          beforeUpload={beforeUpload}
          showUploadList={false}
          disabled={disabled || reading}
        >
          <Button icon={<UploadOutlined />} data-testid={testId} loading={reading} disabled={disabled}>
            {ext === '.sql' ? t('editor.uploadSql') : t('editor.uploadXml')}
          </Button>
        </Upload>
      </span>
    </Tooltip>
  );

  let notice: ReactNode = null;
  if (ocr?.state === 'reading') {
    notice = (
      <div className="ocr-status" data-testid="ocr-progress">
        <span>
          {ocr.image === 0
            ? t('editor.ocrStarting')
            : t('editor.ocrReading', { image: ocr.image, images: ocr.images, percent: ocr.percent })}
        </span>
        <Progress percent={ocr.percent} size="small" showInfo={false} />
      </div>
    );
  } else if (ocr?.state === 'done') {
    notice = (
      <Alert
        type="info"
        showIcon
        className="ocr-status"
        data-testid="ocr-done"
        title={t('editor.ocrDone', { count: ocr.count })}
      />
    );
  } else if (ocrError) {
    notice = <Alert type="warning" showIcon className="ocr-status" data-testid="ocr-error" title={ocrError} />;
  }

  const clear = () => {
    setUploaded(null);
    setOcr(null);
    setOcrError(null);
  };
  return { button, notice, uploaded, clear };
}
