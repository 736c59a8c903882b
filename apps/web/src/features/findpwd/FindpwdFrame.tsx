/** The frame of password recovery (§2 /findpwd): a progress bar over the current step. */
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PublicCard, PublicFrame } from '../../app/public/PublicFrame.tsx';
import { useRouteLeaf } from '../../app/route-handle.ts';
import { FindpwdMethods } from './FindpwdMethods.tsx';

/** The steps in order, by the route name that shows each. */
const STEPS = [
  { route: 'FindpwdTelValidate', label: 'findpwd.steps.tel' },
  { route: 'FindpwdPassword', label: 'findpwd.steps.password' },
  { route: 'FindpwdFinish', label: 'findpwd.steps.finish' },
] as const;

export default function FindpwdFrame() {
  const { t } = useTranslation();
  const leaf = useRouteLeaf();
  const current = Math.max(
    0,
    STEPS.findIndex((step) => step.route === leaf?.name),
  );
  return (
    <PublicFrame>
      <PublicCard title={t('findpwd.title')}>
        <Steps
          size="small"
          current={current}
          status={current === STEPS.length - 1 ? 'finish' : 'process'}
          items={STEPS.map((step) => ({ title: t(step.label) }))}
          style={{ marginBottom: 28 }}
        />
        <FindpwdMethods routeName={leaf?.name} />
        <Outlet />
      </PublicCard>
    </PublicFrame>
  );
}
