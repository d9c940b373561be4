import {
  CrownOutlined,
  DownOutlined,
  GlobalOutlined,
  LoginOutlined,
  LogoutOutlined,
  MailOutlined,
  NotificationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { PRIMARY_COLOR } from '../config.ts';
import { signOut, switchLanguage } from '../lib/actions.ts';
import { loginPath } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { NewsletterDialog } from './NewsletterDialog.tsx';

/** The language switch: one button that toggles zh <-> en and shows the language it switches to. */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
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
      onClick={() => void switchLanguage(next)}
    >
      <span className="lang-switch-label">{t(`lang.${next}`)}</span>
    </Button>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [newsletterOpen, setNewsletterOpen] = useState(false);
  const email = user?.email ?? '';

  const items: MenuProps['items'] = [
    {
      key: 'email',
      icon: <MailOutlined />,
      label: <span className="user-menu-email">{email || t('header.account')}</span>,
      disabled: true,
    },
    { type: 'divider' },
    { key: 'plan', icon: <CrownOutlined />, label: t('nav.account') },
    { key: 'newsletter', icon: <NotificationOutlined />, label: t('header.subscribeUpdates') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'plan') navigate('/subscribe');
    if (key === 'newsletter') setNewsletterOpen(true);
    if (key === 'logout') void signOut(queryClient, () => navigate('/'));
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="user-trigger" data-testid="user-menu" aria-label={t('header.account')}>
          <Avatar
            size={32}
            className="user-avatar"
            style={{ background: PRIMARY_COLOR }}
            icon={email ? undefined : <UserOutlined />}
          >
            {email ? email.charAt(0).toUpperCase() : null}
          </Avatar>
          <span className="user-trigger-email">{email}</span>
          <DownOutlined className="user-trigger-caret" />
        </button>
      </Dropdown>
      <NewsletterDialog open={newsletterOpen} onClose={() => setNewsletterOpen(false)} />
    </>
  );
}

/** The fixed 72px top bar. */
export function TopBar() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
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
          <UserMenu />
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
