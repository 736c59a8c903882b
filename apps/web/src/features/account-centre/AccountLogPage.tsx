/** The account's own operation log: sign-ins with address, security changes and writes; ≤ 30 days. */
import {
  ACCOUNT_LOG_KINDS,
  ACCOUNT_LOG_KIND_CODES,
  ADMIN_ACTIONS,
  VERIFY_METHODS,
  type AccountLogEntry,
  type AccountLogKind,
  type AdminAction,
} from '@lyyp/contracts/account-centre';
import { Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { PagedTable, ScreenCard, timeColumn, usePagedQuery, useQueryRange } from '../../blocks/index.ts';
import { useDescribeAccountFailure } from './account-rules.ts';
import { nameIn } from './registry-names.ts';

export default function AccountLogPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describe = useDescribeAccountFailure();
  const range = useQueryRange();
  const [kind, setKind] = useState<AccountLogKind | undefined>();
  const query = { start: range.start, end: range.end, kind };
  const log = usePagedQuery<AccountLogEntry>({
    queryKey: ['account-log', query.start, query.end, kind],
    fetch: (paging) => accountCentreApi.log({ ...query, ...paging }),
    enabled: range.valid,
    pageSize: 20,
  });

  return (
    <ScreenCard
      title={t('routes.AccountLog')}
      intro={<Typography.Paragraph type="secondary">{t('accountCentre.log.intro')}</Typography.Paragraph>}
      filters={
        <>
          {range.picker({ label: t('accountCentre.log.range') })}
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('accountCentre.log.allKinds')}
            value={kind}
            onChange={(next: AccountLogKind | undefined) => setKind(next)}
            options={ACCOUNT_LOG_KIND_CODES.map((code) => ({
              value: code,
              label: nameIn(ACCOUNT_LOG_KINDS, code, locale),
            }))}
          />
        </>
      }
    >
      {range.complaint}
      <PagedTable<AccountLogEntry>
        paged={log}
        testId="account-log"
        describeError={describe}
        emptyText={t('accountCentre.log.empty')}
        columns={[
          timeColumn(t('accountCentre.log.at'), 'at'),
          {
            title: t('accountCentre.log.kind'),
            dataIndex: 'kind',
            width: 140,
            render: (value: AccountLogKind) => <Tag>{nameIn(ACCOUNT_LOG_KINDS, value, locale)}</Tag>,
          },
          {
            title: t('accountCentre.log.address'),
            dataIndex: 'address',
            width: 140,
            render: (value: string | null) => value ?? '—',
          },
          {
            title: t('accountCentre.log.detail'),
            dataIndex: 'detail',
            ellipsis: true,
            // A check's detail is the method it used (`tel`, `email`, `question`, `password`).
            render: (value: string | null, entry) => {
              if (entry.kind === 'verify' && value && (VERIFY_METHODS as readonly string[]).includes(value))
                return t(`accountCentre.setup.methods.${value}`);
              if (entry.kind === 'admin' && value && value in ADMIN_ACTIONS)
                return nameIn(ADMIN_ACTIONS, value as AdminAction, locale);
              return value ?? '—';
            },
          },
          {
            title: t('accountCentre.log.result'),
            dataIndex: 'result',
            width: 130,
            render: (value: string | null) => value ?? '—',
          },
        ]}
      />
    </ScreenCard>
  );
}
