import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingLater } from '../components/ComingLater.tsx';

export default function XmlResult() {
  const { t } = useTranslation();
  return (
    <div data-testid="result-state" data-state="empty">
      <ComingLater
        title={t('later.xmlResultTitle')}
        description={t('later.xmlResultDesc')}
        extra={
          <Link to="/sqlConfig">
            <Button type="primary">{t('later.goSql')}</Button>
          </Link>
        }
      />
    </div>
  );
}
