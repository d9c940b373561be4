import { MailOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The email field of the sign-in and sign-up forms: required, checked as an address. */
export function EmailField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('login.email')}
      name="email"
      rules={[
        { required: true, whitespace: true, message: t('login.emailRequired') },
        { type: 'email', message: t('login.emailInvalid') },
      ]}
    >
      <Input
        prefix={<MailOutlined />}
        placeholder={t('login.emailPlaceholder')}
        autoComplete="email"
        data-testid={testId}
        size="large"
      />
    </Form.Item>
  );
}
