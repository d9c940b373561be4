import { useTranslation } from 'react-i18next';
import { ComingLater } from '../components/ComingLater.tsx';

export default function Unsubscribe() {
  const { t } = useTranslation();
  return <ComingLater title={t('later.unsubscribeTitle')} description={t('later.unsubscribeDesc')} />;
}
