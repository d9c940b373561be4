import { Form, type FormInstance, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The top of every account form (sign-in, sign-up, reset, password change): its title and the line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <Typography.Title level={3} className="auth-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
    </>
  );
}

/** An account form: labels above the fields, no required marks, every field disabled while it is being sent. */
export function AuthForm<Values extends object>({
  form,
  onFinish,
  submitting,
  initialValues,
  children,
}: {
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  submitting: boolean;
  initialValues?: Partial<Values>;
  children: ReactNode;
}) {
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      requiredMark={false}
      disabled={submitting}
      initialValues={initialValues}
    >
      {children}
    </Form>
  );
}
