/** What the applicant reads about their enterprise certification: not applied, waiting, rejected (with reason), approved. */
import type { MyCertification } from '@lyyp/contracts/admin';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export function CertificationStatusAlert({ certification }: { certification: MyCertification }) {
  const { t } = useTranslation();
  if (certification.accountType === 'enterprise') {
    return (
      <Alert
        type="success"
        showIcon
        title={t('admin.company.approvedHint')}
        data-testid="certification-status"
      />
    );
  }
  const latest = certification.latest;
  if (latest?.status === 'pending') {
    return (
      <Alert type="info" showIcon title={t('admin.company.pendingHint')} data-testid="certification-status" />
    );
  }
  if (latest?.status === 'rejected') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('admin.company.rejectedHint', { reason: latest.reason ?? '' })}
        data-testid="certification-status"
      />
    );
  }
  return (
    <Alert type="info" showIcon title={t('admin.company.personalHint')} data-testid="certification-status" />
  );
}
