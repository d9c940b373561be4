import { DeleteOutlined, PictureOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { CreatedShare } from '@sqltune/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/http.ts';
import { createShare, revokeShare } from '../api/shares.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { copyText } from '../lib/clipboard.ts';
import { isLanguage } from '../lib/language.ts';
import { useMessage } from '../lib/message.tsx';
import { shareLink } from './shareLink.ts';

/**
 * The owner's share control on a result: makes (or gets again) the task's share link and copies it, then offers the
 * link, the share image and revoking. `captureRef` is the part of the page the image shows.
 */
export function ShareButton({ taskId, captureRef }: { taskId: string; captureRef: RefObject<HTMLElement | null> }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const message = useMessage();
  const [share, setShare] = useState<CreatedShare | null>(null);
  const link = share ? shareLink(share.type, share.shareId) : '';

  const create = useMutation({
    mutationFn: () => createShare(taskId),
    onSuccess: async (created) => {
      setShare(created);
      if (await copyText(shareLink(created.type, created.shareId))) void message.success(t('share.linkCopied'));
    },
    onError: (error) => void message.error(`${t('share.createFailed')}: ${errorText(error, lang)}`),
  });

  const revoke = useMutation({
    mutationFn: (shareId: string) => revokeShare(shareId),
    onSuccess: () => {
      setShare(null);
      void message.success(t('share.revoked'));
    },
    onError: (error) => void message.error(`${t('share.revokeFailed')}: ${errorText(error, lang)}`),
  });

  const image = useMutation({
    mutationFn: async () => {
      const node = captureRef.current;
      if (!node || !share) throw new Error('nothing to draw');
      // modern-screenshot and qrcode load only now: they weigh nothing on the result page until asked for.
      const { downloadShareImage } = await import('./shareImage.ts');
      await downloadShareImage(node, link, { brand: t('share.imageBrand'), scanToView: t('share.scanToView') });
    },
    onSuccess: () => void message.success(t('share.imageDone')),
    onError: (error) => void message.error(`${t('share.imageFailed')}: ${errorText(error, lang)}`),
  });

  return (
    <span data-share-exclude="">
      <Button
        icon={<ShareAltOutlined />}
        loading={create.isPending}
        onClick={() => create.mutate()}
        data-testid="share-button"
      >
        {t('share.button')}
      </Button>
      <Modal
        open={share !== null}
        title={t('share.title')}
        onCancel={() => setShare(null)}
        footer={null}
        data-testid="share-dialog"
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('share.desc')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} data-testid="share-link" onFocus={(event) => event.target.select()} />
            <CopyButton text={link} label={t('share.copyLink')} size="middle" testId="share-copy" />
          </Space.Compact>
          <Space wrap>
            <Button
              type="primary"
              icon={<PictureOutlined />}
              loading={image.isPending}
              onClick={() => image.mutate()}
              data-testid="share-image"
            >
              {image.isPending ? t('share.imageMaking') : t('share.image')}
            </Button>
            <Popconfirm
              title={t('share.revokeConfirm')}
              okText={t('share.revoke')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'share-revoke-confirm' } as ButtonProps}
              onConfirm={() => share && revoke.mutate(share.shareId)}
            >
              <Button danger icon={<DeleteOutlined />} loading={revoke.isPending} data-testid="share-revoke">
                {t('share.revoke')}
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      </Modal>
    </span>
  );
}
