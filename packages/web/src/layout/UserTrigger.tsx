import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIMARY_COLOR } from '../config.ts';

/**
 * The button that opens the user menu: the avatar with the email's first letter. A Dropdown passes it its handlers
 * and ref; on its own it is drawn while the menu's code loads.
 */
export const UserTrigger = forwardRef<HTMLButtonElement, { email: string } & ComponentPropsWithoutRef<'button'>>(
  function UserTrigger({ email, className, ...buttonProps }, ref) {
    const { t } = useTranslation();
    return (
      <button
        ref={ref}
        type="button"
        data-testid="user-menu"
        aria-label={t('header.account')}
        {...buttonProps}
        // The Dropdown adds its own class (ant-dropdown-trigger, -open): kept beside ours.
        className={className ? `user-trigger ${className}` : 'user-trigger'}
      >
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
    );
  },
);
