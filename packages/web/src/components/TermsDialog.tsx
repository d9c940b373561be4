import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Terms of Service, opened from the sign-up form's checkbox. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sections = t('terms.sections', { returnObjects: true }) as Array<{ title: string; text: string }>;
  return (
    <Modal open={open} onCancel={onClose} onOk={onClose} title={t('terms.title')} cancelButtonProps={{ hidden: true }}>
      <div className="terms-text" data-testid="terms-dialog">
        {sections.map((section) => (
          <div key={section.title}>
            <Typography.Title level={5}>{section.title}</Typography.Title>
            <Typography.Paragraph>{section.text}</Typography.Paragraph>
          </div>
        ))}
      </div>
    </Modal>
  );
}
