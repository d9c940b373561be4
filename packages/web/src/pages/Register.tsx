import { MailOutlined } from '@ant-design/icons';
import type { SignedUp } from '@sqltune/contracts';
import { Alert, Button, Checkbox, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { register, resendActivation } from '../api/auth.ts';
import { errorText } from '../api/http.ts';
import { AuthDemos } from '../components/AuthDemos.tsx';
import { AuthForm, AuthHeading } from '../components/AuthForm.tsx';
import { AuthSubmit } from '../components/AuthSubmit.tsx';
import { CodeField } from '../components/CodeField.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { NewPasswordField } from '../components/PasswordStrength.tsx';
import { TermsDialog } from '../components/TermsDialog.tsx';
import { isLanguage } from '../lib/language.ts';

interface RegisterForm {
  email: string;
  code: string;
  password: string;
  acceptTerms: boolean;
}

/** Sign-up: email, a mailed code, a strong password and the Terms of Service; then the activation mail is awaited. */
export default function Register() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [form] = Form.useForm<RegisterForm>();
  const password = Form.useWatch('password', form) ?? '';
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [signedUp, setSignedUp] = useState<SignedUp | null>(null);

  const onFinish = async (values: RegisterForm) => {
    setSubmitting(true);
    setError(null);
    try {
      setSignedUp(
        await register({
          email: values.email.trim(),
          password: values.password,
          code: values.code.trim(),
          acceptTerms: values.acceptTerms === true,
        }),
      );
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const loginLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

  if (signedUp) return <CheckYourMail email={signedUp.email} loginLink={loginLink} />;

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
        <AuthForm<RegisterForm>
          form={form}
          onFinish={onFinish}
          submitting={submitting}
          initialValues={{ acceptTerms: false }}
        >
          <EmailField testId="register-email" />
          <CodeField form={form} purpose="register" testId="register" onError={setError} />
          <NewPasswordField password={password} testId="register-password" label={t('login.password')} />
          <Form.Item
            name="acceptTerms"
            valuePropName="checked"
            rules={[
              {
                validator: (_rule, value: boolean | undefined) =>
                  value ? Promise.resolve() : Promise.reject(new Error(t('register.termsRequired'))),
              },
            ]}
          >
            <Checkbox data-testid="register-terms">
              {t('register.termsPrefix')}{' '}
              <Button
                type="link"
                className="terms-link"
                data-testid="open-terms"
                onClick={(event) => {
                  // Inside the checkbox's label: open the dialog without ticking the box.
                  event.preventDefault();
                  event.stopPropagation();
                  setTermsOpen(true);
                }}
              >
                {t('register.terms')}
              </Button>
            </Checkbox>
          </Form.Item>
          <AuthSubmit
            error={error ? errorText(error, lang) : null}
            submitting={submitting}
            label={t('register.submit')}
            testId="register"
          />
        </AuthForm>
        <div className="auth-switch">
          <span className="muted">{t('register.haveAccount')}</span>{' '}
          <Link to={loginLink}>{t('register.gotoLogin')}</Link>
        </div>
        <AuthDemos />
      </div>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </div>
  );
}

/** After sign-up: the activation link is in the mail; it can be sent again. */
function CheckYourMail({ email, loginLink }: { email: string; loginLink: string }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [state, setState] = useState<{ sending: boolean; sent: boolean; error: unknown }>({
    sending: false,
    sent: false,
    error: null,
  });
  const again = async () => {
    setState({ sending: true, sent: false, error: null });
    try {
      await resendActivation(email);
      setState({ sending: false, sent: true, error: null });
    } catch (error) {
      setState({ sending: false, sent: false, error });
    }
  };
  return (
    <div className="page auth-page">
      <div className="auth-card" data-testid="register-done">
        <Result
          icon={<MailOutlined />}
          title={t('register.checkMail')}
          subTitle={t('register.checkMailDesc', { email })}
          extra={[
            <Button key="again" onClick={again} loading={state.sending} data-testid="resend-activation">
              {t('register.resendActivation')}
            </Button>,
            <Link key="login" to={loginLink}>
              <Button type="primary">{t('register.gotoLogin')}</Button>
            </Link>,
          ]}
        />
        {state.sent ? <Alert type="success" showIcon title={t('register.activationSent')} /> : null}
        {state.error ? <Alert type="error" showIcon title={errorText(state.error, lang)} /> : null}
      </div>
    </div>
  );
}
