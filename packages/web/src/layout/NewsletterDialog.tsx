import { Button, Modal, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.ts';
import { patchUser } from '../api/user.ts';
import { isLanguage } from '../lib/language.ts';
import { getStoredUser, storeUser } from '../lib/session.ts';

type Status = 'loading' | 'success' | 'error';

/** Subscribe-for-updates: opens, sends PATCH /v1/user {is_newsletter_subscribed: true}, then shows the outcome. */
export function NewsletterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setStatus('loading');
    setError(null);
    patchUser({ is_newsletter_subscribed: true })
      .then(() => {
        if (cancelled) return;
        const user = getStoredUser();
        if (user) storeUser({ ...user, is_newsletter_subscribed: true });
        setStatus('success');
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setError(err);
        setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [open]);

  const failure =
    error instanceof ApiError ? error.localized(lang) || t('newsletter.unknownError') : t('newsletter.unknownError');

  return (
    <Modal
      open={open}
      title={t('newsletter.title')}
      onCancel={onClose}
      closable={status !== 'loading'}
      mask={{ closable: status !== 'loading' }}
      footer={
        <Button type="primary" onClick={onClose} disabled={status === 'loading'}>
          {t('common.close')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="newsletter-dialog" data-state={status}>
        {status === 'loading' ? (
          <div className="center-block">
            <Spin />
            <div className="muted">{t('newsletter.loading')}</div>
          </div>
        ) : status === 'success' ? (
          <Result status="success" title={t('newsletter.success')} className="newsletter-result" />
        ) : (
          <Result status="error" title={t('newsletter.failure')} subTitle={failure} className="newsletter-result" />
        )}
      </div>
    </Modal>
  );
}
