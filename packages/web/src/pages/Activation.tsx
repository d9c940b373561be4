import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingLater } from '../components/ComingLater.tsx';

export default function Activation() {
  const { t } = useTranslation();
  return (
    <ComingLater
      title={t('later.activationTitle')}
      description={t('later.activationDesc')}
      extra={
        <Link to="/login">
          <Button type="primary">{t('common.signIn')}</Button>
        </Link>
      }
    />
  );
}
