import { SafetyOutlined } from '@ant-design/icons';
import type { CodePurpose } from '@sqltune/contracts';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode } from '../api/auth.ts';

/**
 * The verification code: "Send code" mails one to the form's email (checked first), then counts down until another
 * may be asked for. Errors of sending (already registered, too many attempts) go to `onError`.
 */
export function CodeField({
  form,
  purpose,
  testId,
  onError,
}: {
  form: FormInstance;
  purpose: CodePurpose;
  testId: string;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    let email: string;
    try {
      email = ((await form.validateFields(['email'])) as { email: string }).email.trim();
    } catch {
      return;
    }
    setSending(true);
    onError(null);
    try {
      const sent = await sendCode(email, purpose);
      setWait(sent.resendAfterSeconds);
    } catch (error) {
      onError(error);
      const retry = (error as { data?: { retryAfterSeconds?: unknown } }).data?.retryAfterSeconds;
      if (typeof retry === 'number') setWait(retry);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={t('code.label')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('code.required') }]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('code.placeholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            size="large"
            data-testid={`${testId}-code`}
          />
        </Form.Item>
        <Button size="large" onClick={send} loading={sending} disabled={wait > 0} data-testid={`${testId}-send-code`}>
          {wait > 0 ? t('code.resendIn', { seconds: wait }) : t('code.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
