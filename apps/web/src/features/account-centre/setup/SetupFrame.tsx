/** The card around each step of the verification flow: what is being set, and where the person is. */
import { Card, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SecurityTarget } from '../../../api/account-centre.api.ts';

const STEP_INDEX = { validate: 0, set: 1, success: 2 } as const;

export function SetupFrame({
  target,
  step,
  children,
}: {
  target: SecurityTarget;
  step: keyof typeof STEP_INDEX;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="borderless"
      title={t(`accountCentre.setup.title.${target}`)}
      extra={<Link to="/account/security/sms">{t('accountCentre.setup.back')}</Link>}
    >
      <Steps
        size="small"
        current={STEP_INDEX[step]}
        status={step === 'success' ? 'finish' : 'process'}
        style={{ maxWidth: 640, marginBottom: 32 }}
        items={(['validate', 'set', 'success'] as const).map((name) => ({
          title: t(`accountCentre.setup.steps.${name}`),
        }))}
      />
      <div style={{ maxWidth: 420 }}>{children}</div>
    </Card>
  );
}
