import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The password the account has now (sign-in, and the old password of a change): required, never checked for strength. */
export function CurrentPasswordField({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} name={name} rules={[{ required: true, message: t('login.passwordRequired') }]}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('login.passwordPlaceholder')}
        autoComplete="current-password"
        data-testid={testId}
        size="large"
      />
    </Form.Item>
  );
}
