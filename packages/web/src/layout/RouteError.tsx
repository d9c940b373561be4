import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Result
        status="error"
        title={t('errors.serviceException')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
