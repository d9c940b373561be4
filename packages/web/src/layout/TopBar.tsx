import { GlobalOutlined, LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSiteConfig } from '../api/site.ts';
import { Logo } from '../components/Logo.tsx';
import { switchLanguage } from '../lib/actions.ts';
import { loginPath } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { UserTrigger } from './UserTrigger.tsx';

// The signed-in user's menu (antd Dropdown and Menu) is not needed by a visitor's first page: loaded when shown,
// with the same trigger drawn while it loads.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((module) => ({ default: module.UserMenu })));

/**
 * The language switch: one button that toggles zh <-> en and shows the language it switches to. With the server's
 * refresh flag the page reloads in the new language.
 */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const reload = useSiteConfig()?.languageRefresh ?? false;
  const next = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <Button
      type="text"
      className="lang-switch"
      icon={<GlobalOutlined />}
      data-testid="lang-switch"
      data-lang={i18n.language}
      aria-label={`${t('lang.switch')}: ${t(`lang.${next}`)}`}
      title={t('lang.switch')}
      onClick={() => void switchLanguage(next, { reload })}
    >
      <span className="lang-switch-label">{t(`lang.${next}`)}</span>
    </Button>
  );
}

/** The fixed 72px top bar. */
export function TopBar() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  // A click on the trigger while the menu's code still loads opens the menu once it has loaded.
  const [menuRequested, setMenuRequested] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const onLoginPage = location.pathname === '/login' || location.pathname.startsWith('/login/');

  return (
    <header className="topbar">
      <Link to="/" className="brand" aria-label={t('header.home')}>
        <Logo />
        <span className="brand-name">{t('common.productName')}</span>
      </Link>
      <div className="topbar-actions">
        <LanguageSwitch />
        {loggedIn ? (
          <Suspense fallback={<UserTrigger email={user?.email ?? ''} onClick={() => setMenuRequested(true)} />}>
            <UserMenu openAtStart={menuRequested} />
          </Suspense>
        ) : (
          <Button
            type="primary"
            icon={<LoginOutlined />}
            data-testid="signin-button"
            onClick={() =>
              navigate(onLoginPage ? `/login${location.search}` : loginPath(`${location.pathname}${location.search}`))
            }
          >
            {t('common.signIn')}
          </Button>
        )}
      </div>
    </header>
  );
}
