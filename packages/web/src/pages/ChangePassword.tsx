import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changePassword } from '../api/auth.ts';
import { ApiError, errorText } from '../api/http.ts';
import { AuthForm, AuthHeading } from '../components/AuthForm.tsx';
import { AuthSubmit } from '../components/AuthSubmit.tsx';
import { CurrentPasswordField } from '../components/CurrentPasswordField.tsx';
import { NewPasswordField } from '../components/PasswordStrength.tsx';
import { completeSignIn } from '../lib/actions.ts';
import { isLanguage } from '../lib/language.ts';
import { loginPath } from '../lib/paths.ts';
import { useLoggedIn } from '../lib/session.ts';

interface PasswordForm {
  oldPassword: string;
  password: string;
}

/**
 * A signed-in user's password change (user menu): the old password and a new one under the spec's strength rules. The
 * server signs every session out and answers a new one for this browser, so only this page stays signed in.
 */
export default function ChangePassword() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordForm>();
  const password = Form.useWatch('password', form) ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onFinish = async (values: PasswordForm) => {
    setSubmitting(true);
    setError(null);
    try {
      await completeSignIn(queryClient, await changePassword(values));
      setDone(true);
    } catch (err) {
      const text = errorText(err, lang);
      if (err instanceof ApiError && err.field === 'oldPassword')
        form.setFields([{ name: 'oldPassword', errors: [text] }]);
      else if (err instanceof ApiError && err.field === 'password')
        form.setFields([{ name: 'password', errors: [text] }]);
      else setError(text);
    } finally {
      setSubmitting(false);
    }
  };

  if (!loggedIn && !done) {
    return (
      <div className="page auth-page">
        <div className="auth-card">
          <Result
            status="info"
            title={t('changePassword.signInFirst')}
            extra={
              <Button type="primary" onClick={() => navigate(loginPath())}>
                {t('common.signIn')}
              </Button>
            }
          />
        </div>
      </div>
    );
  }

  return (
    <div className="page auth-page">
      <div className="auth-card">
        {done ? (
          <Result
            status="success"
            title={t('changePassword.done')}
            subTitle={t('changePassword.othersSignedOut')}
            extra={
              <Link to="/">
                <Button type="primary">{t('common.backHome')}</Button>
              </Link>
            }
            data-testid="password-done"
          />
        ) : (
          <>
            <AuthHeading title={t('changePassword.title')} subtitle={t('changePassword.subtitle')} />
            <AuthForm<PasswordForm> form={form} onFinish={onFinish} submitting={submitting}>
              <CurrentPasswordField name="oldPassword" label={t('changePassword.oldPassword')} testId="password-old" />
              <NewPasswordField password={password} testId="password-new" label={t('changePassword.newPassword')} />
              <AuthSubmit
                error={error || null}
                submitting={submitting}
                label={t('changePassword.submit')}
                testId="password"
              />
            </AuthForm>
          </>
        )}
      </div>
    </div>
  );
}
