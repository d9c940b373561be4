import { CheckCircleFilled, CloseCircleFilled, LockOutlined } from '@ant-design/icons';
import { isStrongPassword, type PasswordProblem, passwordProblems } from '@sqltune/contracts';
import { Form, Input, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

const ALL_PROBLEMS: PasswordProblem[] = [
  'missingNumber',
  'missingLowercase',
  'missingUppercase',
  'missingSpecial',
  'tooShort',
];

/** Live password feedback with the spec's messages: which rules are missing, or "strong password". */
export function PasswordStrength({ password }: { password: string }) {
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

/** A new password (sign-up, reset): required, strong per the spec, with the live feedback under it. */
export function NewPasswordField({ password, testId, label }: { password: string; testId: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
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
        data-testid={testId}
        size="large"
      />
    </Form.Item>
  );
}
