import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a page fails to load or render (for example a stale chunk after a deploy). Part of the first route,
 * so it is built from plain elements: antd's Result carries every status illustration with it.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page route-error" role="alert">
      <CloseCircleFilled className="route-error-icon" />
      <h2 className="route-error-title">{t('errors.serviceException')}</h2>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
