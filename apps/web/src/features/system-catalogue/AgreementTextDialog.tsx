/**
 * One version of the user agreement or privacy policy, read-only: the back-office's view of any
 * published version and the registration screen's view of the current one.
 */
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgreementText } from '../../api/system-catalogue.api.ts';

export function AgreementTextDialog({ text, onClose }: { text: AgreementText; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={720}
      title={`${text.title} · ${t('register.documentVersion', { version: text.version })}`}
      onCancel={onClose}
      onOk={onClose}
      okText={t('register.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <div style={{ maxHeight: '60vh', overflowY: 'auto' }} data-testid="agreement-text">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text.content}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
