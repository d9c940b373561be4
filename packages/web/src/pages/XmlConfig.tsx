import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingLater } from '../components/ComingLater.tsx';

export default function XmlConfig() {
  const { t } = useTranslation();
  return (
    <ComingLater
      title={t('later.xmlConfigTitle')}
      description={t('later.xmlConfigDesc')}
      extra={
        <Link to="/sqlConfig">
          <Button type="primary">{t('later.goSql')}</Button>
        </Link>
      }
    />
  );
}
