import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface ComingLaterProps {
  title: string;
  description: string;
  extra?: ReactNode;
}

/** The honest placeholder of a page whose feature arrives in a later release. */
export function ComingLater({ title, description, extra }: ComingLaterProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-card">
        <Result
          status="info"
          title={title}
          subTitle={
            <>
              <div>{description}</div>
              <div className="muted">{t('common.laterRelease')}</div>
            </>
          }
          extra={
            extra ?? (
              <Link to="/">
                <Button type="primary">{t('common.backHome')}</Button>
              </Link>
            )
          }
        />
      </div>
    </div>
  );
}
