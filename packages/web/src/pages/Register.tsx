import { CheckCircleFilled, CloseCircleFilled, LockOutlined } from '@ant-design/icons';
import { isStrongPassword, type PasswordProblem, passwordProblems } from '@sqltune/contracts';
import { Alert, Button, Checkbox, Form, Input, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { register } from '../api/auth.ts';
import { errorText } from '../api/http.ts';
import { AuthDemos } from '../components/AuthDemos.tsx';
import { EmailField } from '../components/EmailField.tsx';
import { isLanguage } from '../lib/language.ts';
import { useAuthSubmit } from '../lib/useAuthSubmit.ts';

interface RegisterForm {
  email: string;
  password: string;
  acceptTerms: boolean;
}

const ALL_PROBLEMS: PasswordProblem[] = [
  'missingNumber',
  'missingLowercase',
  'missingUppercase',
  'missingSpecial',
  'tooShort',
];

/** Live password feedback: which rules are met, or "strong password". */
function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const problems = passwordProblems(password);
  const score = ALL_PROBLEMS.length - problems.length;
  const strong = problems.length === 0;
  const color = strong ? '#389e0d' : score >= 3 ? '#d48806' : '#cf1322';
  return (
    <div className="password-strength" data-testid="password-strength" data-strong={strong ? 'true' : 'false'}>
      <Progress percent={(score / ALL_PROBLEMS.length) * 100} showInfo={false} size="small" strokeColor={color} />
      {strong ? (
        <div className="strength-item ok">
          <CheckCircleFilled /> {t('password.strong')}
        </div>
      ) : (
        <ul className="strength-list">
          {problems.map((problem) => (
            <li key={problem} className="strength-item bad">
              <CloseCircleFilled /> {t(`password.${problem}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function Register() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [form] = Form.useForm<RegisterForm>();
  const password = Form.useWatch('password', form) ?? '';
  const { submit, submitting, error, redirect } = useAuthSubmit(t('register.success'));

  const onFinish = (values: RegisterForm) =>
    submit(() =>
      register({ email: values.email.trim(), password: values.password, acceptTerms: values.acceptTerms === true }),
    );

  const loginLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <Typography.Title level={3} className="auth-title">
          {t('register.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
        <Form<RegisterForm>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          requiredMark={false}
          disabled={submitting}
          initialValues={{ acceptTerms: false }}
        >
          <EmailField testId="register-email" />
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[
              { required: true, message: t('login.passwordRequired') },
              {
                validator: (_rule, value: string | undefined) =>
                  !value || isStrongPassword(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('register.passwordWeak'))),
              },
            ]}
            extra={password ? <PasswordStrength password={password} /> : null}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="new-password"
              data-testid="register-password"
              size="large"
            />
          </Form.Item>
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
              {t('register.termsPrefix')} <span className="terms-link">{t('register.terms')}</span>
            </Checkbox>
          </Form.Item>
          {error ? (
            <Alert
              type="error"
              showIcon
              title={errorText(error, lang)}
              className="auth-error"
              data-testid="register-error"
            />
          ) : null}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </Form>
        <div className="auth-switch">
          <span className="muted">{t('register.haveAccount')}</span>{' '}
          <Link to={loginLink}>{t('register.gotoLogin')}</Link>
        </div>
        <AuthDemos />
      </div>
    </div>
  );
}
