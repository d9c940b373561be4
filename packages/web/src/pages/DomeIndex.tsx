import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingLater } from '../components/ComingLater.tsx';
import { EXAMPLE_SQL_SHARE_ID } from '../config.ts';

export default function DomeIndex() {
  const { t } = useTranslation();
  return (
    <ComingLater
      title={t('later.domeTitle')}
      description={t('later.domeDesc')}
      extra={
        <Link to={`/sqlResult?shareid=${EXAMPLE_SQL_SHARE_ID}`}>
          <Button type="primary">{t('home.demoSql')}</Button>
        </Link>
      }
    />
  );
}
