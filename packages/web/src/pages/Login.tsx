import { ErrorCode } from '@sqltune/contracts';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login, resendActivation } from '../api/auth.ts';
import { ApiError, errorText } from '../api/http.ts';
import { AuthDemos } from '../components/AuthDemos.tsx';
import { AuthForm, AuthHeading } from '../components/AuthForm.tsx';
import { AuthSubmit } from '../components/AuthSubmit.tsx';
import { CurrentPasswordField } from '../components/CurrentPasswordField.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { isLanguage } from '../lib/language.ts';
import { useMessage } from '../lib/message.tsx';
import { useAuthSubmit } from '../lib/useAuthSubmit.ts';

interface LoginForm {
  email: string;
  password: string;
}

export default function Login() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const { submit, submitting, error, redirect } = useAuthSubmit(t('login.success'));
  const [form] = Form.useForm<LoginForm>();

  const onFinish = (values: LoginForm) =>
    submit(() => login({ email: values.email.trim(), password: values.password }));

  const registerLink = redirect ? `/login/register?redirect=${encodeURIComponent(redirect)}` : '/login/register';

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
        <AuthForm<LoginForm> form={form} onFinish={onFinish} submitting={submitting}>
          <EmailField testId="login-email" />
          <CurrentPasswordField name="password" label={t('login.password')} testId="login-password" />
          <div className="auth-row-end">
            <Link to="/login/forget-pwd">{t('login.forgot')}</Link>
          </div>
          <AuthSubmit
            error={error ? errorText(error, lang) : null}
            errorAction={
              error instanceof ApiError && error.code === ErrorCode.EMAIL_NOT_ACTIVATED ? (
                <ResendActivation email={() => form.getFieldValue('email') as string} />
              ) : undefined
            }
            submitting={submitting}
            label={t('login.submit')}
            testId="login"
          />
        </AuthForm>
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

/** Under "email account is not activated": mails the activation link again. */
function ResendActivation({ email }: { email: () => string }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const message = useMessage();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await resendActivation(email().trim());
      void message.success(t('register.activationSent'));
    } catch (error) {
      void message.error(errorText(error, lang));
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" onClick={send} loading={sending} data-testid="login-resend-activation">
      {t('register.resendActivation')}
    </Button>
  );
}
