import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../api/auth.ts';
import { errorText } from '../api/http.ts';
import { AuthDemos } from '../components/AuthDemos.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { completeSignIn } from '../lib/actions.ts';
import { isLanguage } from '../lib/language.ts';
import { safeRedirect } from '../lib/paths.ts';

interface LoginForm {
  email: string;
  password: string;
}

export default function Login() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const redirect = params.get('redirect');

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const session = await login({ email: values.email.trim(), password: values.password });
      await completeSignIn(queryClient, session);
      void message.success(t('login.success'));
      navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const registerLink = redirect ? `/login/register?redirect=${encodeURIComponent(redirect)}` : '/login/register';

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <Typography.Title level={3} className="auth-title">
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        <Form<LoginForm> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={submitting}>
          <EmailField testId="login-email" />
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              data-testid="login-password"
              size="large"
            />
          </Form.Item>
          <div className="auth-row-end">
            <Link to="/login/forget-pwd">{t('login.forgot')}</Link>
          </div>
          {error ? (
            <Alert
              type="error"
              showIcon
              title={errorText(error, lang)}
              className="auth-error"
              data-testid="login-error"
            />
          ) : null}
          <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <div className="auth-switch">
          <span className="muted">{t('login.noAccount')}</span>{' '}
          <Link to={registerLink} data-testid="goto-register">
            {t('login.gotoRegister')}
          </Link>
        </div>
        <AuthDemos />
      </div>
    </div>
  );
}
