import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPIED_MS } from '../config.ts';
import { copyText } from '../lib/clipboard.ts';
import { useMessage } from '../lib/message.tsx';

interface CopyButtonProps {
  text: string;
  label?: string;
  size?: 'small' | 'middle' | 'large';
  type?: 'default' | 'text' | 'link' | 'primary' | 'dashed';
  testId?: string;
  disabled?: boolean;
}

/** Copies `text`; the label turns into "copied" for one second. */
export function CopyButton({ text, label, size = 'small', type = 'default', testId, disabled }: CopyButtonProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(text);
    if (!ok) {
      void message.error(t('common.copyFailed'));
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Button
      size={size}
      type={type}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={onClick}
      data-testid={testId}
      disabled={disabled}
    >
      {copied ? t('common.copied') : (label ?? t('common.copy'))}
    </Button>
  );
}
