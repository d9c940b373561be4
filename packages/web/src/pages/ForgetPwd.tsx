import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingLater } from '../components/ComingLater.tsx';

export default function ForgetPwd() {
  const { t } = useTranslation();
  return (
    <ComingLater
      title={t('later.forgetTitle')}
      description={t('later.forgetDesc')}
      extra={
        <Link to="/login">
          <Button type="primary">{t('common.signIn')}</Button>
        </Link>
      }
    />
  );
}
