/** The last step (§2 success/:type/:phone): what was set, and the way back to the settings. */
import { SECURITY_TARGETS, type SecurityTarget } from '@lyyp/contracts/account-centre';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SetupFrame } from './SetupFrame.tsx';

export default function SetupSuccessPage() {
  const { t } = useTranslation();
  const { type = '', phone = '-' } = useParams();
  const target: SecurityTarget = (SECURITY_TARGETS as readonly string[]).includes(type)
    ? (type as SecurityTarget)
    : 'password';
  return (
    <SetupFrame target={target} step="success">
      <div data-testid="setup-success">
        <Result
          status="success"
          title={t(`accountCentre.setup.successTitle.${target}`)}
          subTitle={
            target === 'tel' && phone !== '-'
              ? t('accountCentre.setup.successTel', { phone })
              : t('accountCentre.setup.successText')
          }
          extra={
            <Link to="/account/security/sms">
              <Button type="primary">{t('accountCentre.setup.back')}</Button>
            </Link>
          }
        />
      </div>
    </SetupFrame>
  );
}
