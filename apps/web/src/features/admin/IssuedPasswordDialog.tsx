/** A new password, shown once: the person who asked for it tells the account holder; it is never shown again. */
import type { IssuedPassword } from '@lyyp/contracts/admin';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function IssuedPasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={issued !== null}
      title={t('admin.accounts.passwordTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {issued ? (
        <>
          <Typography.Paragraph>{issued.account.username ?? issued.account.tel}</Typography.Paragraph>
          <Typography.Title level={3} copyable data-testid="issued-password">
            {issued.password}
          </Typography.Title>
          <Alert type="warning" showIcon title={t('admin.accounts.passwordHint')} />
        </>
      ) : null}
    </Modal>
  );
}
