import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * The end of every account form (sign-in, sign-up, reset, password change): the error, when there is one, above the
 * full-width submit button. Test ids are `<testId>-error` and `<testId>-submit`.
 */
export function AuthSubmit({
  error,
  errorAction,
  submitting,
  label,
  testId,
}: {
  /** The error's text in the page's language, or null when there is none. */
  error: string | null;
  /** A control offered with the error, such as "resend the activation mail". */
  errorAction?: ReactNode;
  submitting: boolean;
  label: string;
  testId: string;
}) {
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="auth-error"
          data-testid={`${testId}-error`}
          action={errorAction}
        />
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid={`${testId}-submit`}>
        {label}
      </Button>
    </>
  );
}
