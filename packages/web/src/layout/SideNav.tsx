import {
  CodeOutlined,
  ConsoleSqlOutlined,
  CrownOutlined,
  HistoryOutlined,
  LoginOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { Avatar } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSiteConfig } from '../api/site.ts';
import { PRIMARY_COLOR } from '../config.ts';
import { loginPath } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';

interface Entry {
  to: string;
  testId: string;
  icon: ReactNode;
  label: string;
  also?: string[];
}

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'nav-item active' : 'nav-item';
}

/** The left navigation: five entries and the avatar entry. Below 768px it shrinks to an icon rail. */
export function SideNav() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const help = useSiteConfig()?.links.help;

  const entries: Entry[] = [
    {
      to: '/sqlConfig',
      testId: 'nav-sql',
      icon: <ConsoleSqlOutlined />,
      label: t('nav.sql'),
      also: ['/sql-query-optimizer'],
    },
    { to: '/xmlConfig', testId: 'nav-xml', icon: <CodeOutlined />, label: t('nav.xml') },
    { to: '/task', testId: 'nav-task', icon: <HistoryOutlined />, label: t('nav.task') },
    { to: '/subscribe', testId: 'nav-subscribe', icon: <CrownOutlined />, label: t('nav.subscribe') },
  ];

  return (
    <nav className="sidenav" aria-label={t('nav.menu')}>
      <ul className="nav-list">
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              data-testid={entry.testId}
              title={entry.label}
              className={({ isActive }) =>
                navClass({ isActive: isActive || (entry.also ?? []).some((p) => location.pathname.startsWith(p)) })
              }
            >
              <span className="nav-icon">{entry.icon}</span>
              <span className="nav-label">{entry.label}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <a
            href={help}
            target="_blank"
            rel="noopener noreferrer"
            className="nav-item"
            data-testid="nav-help"
            title={t('nav.help')}
          >
            <span className="nav-icon">
              <QuestionCircleOutlined />
            </span>
            <span className="nav-label">{t('nav.help')}</span>
          </a>
        </li>
      </ul>
      <div className="nav-footer">
        {loggedIn ? (
          <NavLink to="/subscribe" className="nav-item nav-account" title={t('nav.account')} data-testid="nav-avatar">
            <Avatar size={28} className="user-avatar" style={{ background: PRIMARY_COLOR }}>
              {(user?.email ?? '?').charAt(0).toUpperCase()}
            </Avatar>
            <span className="nav-label nav-account-text">
              <span>{t('nav.account')}</span>
              {user?.email ? <span className="nav-account-email">{user.email}</span> : null}
            </span>
          </NavLink>
        ) : (
          <button
            type="button"
            className="nav-item nav-account"
            title={t('nav.signIn')}
            data-testid="nav-avatar"
            onClick={() => navigate(loginPath(`${location.pathname}${location.search}`))}
          >
            <Avatar size={28} icon={<LoginOutlined />} />
            <span className="nav-label">{t('nav.signIn')}</span>
          </button>
        )}
      </div>
    </nav>
  );
}
