import { Form, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '../api/auth.ts';
import { errorText } from '../api/http.ts';
import { AuthForm, AuthHeading } from '../components/AuthForm.tsx';
import { AuthSubmit } from '../components/AuthSubmit.tsx';
import { CodeField } from '../components/CodeField.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { NewPasswordField } from '../components/PasswordStrength.tsx';
import { RESET_REDIRECT_MS } from '../config.ts';
import { isLanguage } from '../lib/language.ts';
import { clearSession } from '../lib/session.ts';

interface ResetForm {
  email: string;
  code: string;
  password: string;
}

/** Forgot password: a mailed code and a new password; on success every session ends and login follows in 3 s. */
export default function ForgetPwd() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [form] = Form.useForm<ResetForm>();
  const password = Form.useWatch('password', form) ?? '';
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onFinish = async (values: ResetForm) => {
    setSubmitting(true);
    setError(null);
    try {
      await resetPassword({ email: values.email.trim(), code: values.code.trim(), password: values.password });
      // The server ended every session, this browser's too.
      clearSession();
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        {done ? (
          <Result
            status="success"
            title={t('forget.done')}
            subTitle={t('forget.redirecting', { seconds: RESET_REDIRECT_MS / 1000 })}
            data-testid="reset-done"
          />
        ) : (
          <>
            <AuthHeading title={t('forget.title')} subtitle={t('forget.subtitle')} />
            <AuthForm<ResetForm> form={form} onFinish={onFinish} submitting={submitting}>
              <EmailField testId="reset-email" />
              <CodeField form={form} purpose="reset" testId="reset" onError={setError} />
              <NewPasswordField password={password} testId="reset-password" label={t('forget.newPassword')} />
              <AuthSubmit
                error={error ? errorText(error, lang) : null}
                submitting={submitting}
                label={t('forget.submit')}
                testId="reset"
              />
            </AuthForm>
            <div className="auth-switch">
              <Link to="/login">{t('register.gotoLogin')}</Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
