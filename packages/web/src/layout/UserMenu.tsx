import { CrownOutlined, KeyOutlined, LogoutOutlined, MailOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../lib/actions.ts';
import { useSession } from '../lib/session.ts';
import { UserTrigger } from './UserTrigger.tsx';

// Opened from the menu only: loaded then.
const NewsletterDialog = lazy(() =>
  import('./NewsletterDialog.tsx').then((module) => ({ default: module.NewsletterDialog })),
);

/** The signed-in user's menu in the top bar: account, plan, update emails, password, sign-out. */
export function UserMenu({ openAtStart = false }: { openAtStart?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [newsletterOpen, setNewsletterOpen] = useState(false);
  const [open, setOpen] = useState(openAtStart);
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
    { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'plan') navigate('/subscribe');
    if (key === 'newsletter') setNewsletterOpen(true);
    if (key === 'password') navigate('/account/password');
    if (key === 'logout') void signOut(queryClient, () => navigate('/'));
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
      >
        <UserTrigger email={email} />
      </Dropdown>
      {newsletterOpen ? (
        <Suspense fallback={null}>
          <NewsletterDialog open onClose={() => setNewsletterOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
