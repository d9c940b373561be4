import { Typography } from 'antd';

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
