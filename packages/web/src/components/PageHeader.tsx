import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <div className="page-header-text">
        <Typography.Title level={3} className="page-title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      </div>
      {extra ? <div className="page-header-extra">{extra}</div> : null}
    </div>
  );
}
