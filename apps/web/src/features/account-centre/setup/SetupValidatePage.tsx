/**
 * The verify step (§4 security verification flow: choose a method, verify, set): a tab per method
 * the account has (phone, email, security questions, password). The §2 routes tel/validate,
 * email/validate and question/validate open their own tab.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { accountCentreApi, type VerifyMethod } from '../../../api/account-centre.api.ts';
import { useRouteLeaf } from '../../../app/route-handle.ts';
import { useDescribeAccountFailure } from '../account-rules.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { VerifyForm } from './VerifyForm.tsx';
import { firstMethod, readTarget, setPathOf } from './setup-target.ts';

export default function SetupValidatePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const leaf = useRouteLeaf();
  const describe = useDescribeAccountFailure();
  const target = readTarget(search, leaf?.name);
  const overview = useQuery({ queryKey: ['account-security'], queryFn: accountCentreApi.overview });
  const [chosen, setChosen] = useState<VerifyMethod | undefined>();
  const methods = overview.data?.methods ?? [];
  const active = chosen ?? firstMethod(leaf?.name, methods);

  return (
    <SetupFrame target={target} step="validate">
      {overview.isPending ? <Skeleton active /> : null}
      {overview.error ? (
        <Typography.Paragraph type="danger">{describe(overview.error)}</Typography.Paragraph>
      ) : null}
      {overview.data && methods.length === 0 ? (
        <Alert type="warning" showIcon title={t('accountCentre.setup.noMethod')} />
      ) : null}
      {overview.data && active ? (
        <>
          <Typography.Paragraph>{t('accountCentre.setup.chooseMethod')}</Typography.Paragraph>
          <Tabs
            activeKey={active}
            onChange={(key) => setChosen(key as VerifyMethod)}
            items={methods.map((method) => ({
              key: method,
              label: t(`accountCentre.setup.methods.${method}`),
              children: (
                <VerifyForm
                  method={method}
                  target={target}
                  overview={overview.data}
                  onVerified={() => void navigate(setPathOf(target))}
                />
              ),
            }))}
          />
        </>
      ) : null}
    </SetupFrame>
  );
}
