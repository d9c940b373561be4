import { CloseOutlined, NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/site.ts';
import { setCommonData } from '../lib/commonData.ts';

/** The 43px update banner: the text links to the blog post; the close mark only hides the banner. */
export function Banner() {
  const { t } = useTranslation();
  const blog = useSiteConfig()?.links.blog;
  return (
    <section className="banner" data-testid="banner" aria-label={t('banner.text')}>
      <a className="banner-link" href={blog} target="_blank" rel="noopener noreferrer">
        <NotificationOutlined className="banner-icon" />
        <span className="banner-text">{t('banner.text')}</span>
        <span className="banner-cta">
          {t('banner.link')} <RightOutlined />
        </span>
      </a>
      <button
        type="button"
        className="banner-close"
        data-testid="banner-close"
        aria-label={t('banner.close')}
        title={t('banner.close')}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setCommonData({ notificationIsShow: false });
        }}
      >
        <CloseOutlined />
      </button>
    </section>
  );
}
