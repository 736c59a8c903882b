/** The account's own operation log: sign-ins with address, security changes and writes; ≤ 30 days. */
import { MAX_QUERY_RANGE_DAYS, checkQueryRange } from '@lyyp/contracts';
import {
  ACCOUNT_LOG_KINDS,
  ACCOUNT_LOG_KIND_CODES,
  ADMIN_ACTIONS,
  VERIFY_METHODS,
  type AccountLogEntry,
  type AccountLogKind,
  type AdminAction,
} from '@lyyp/contracts/account-centre';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountCentreApi } from '../../api/account-centre.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { describeViolation } from '../monitor/common/catalogue-text.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { useDescribeAccountFailure } from './account-rules.ts';
import { nameIn } from './registry-names.ts';

export default function AccountLogPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const describe = useDescribeAccountFailure();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(7, 'day'),
    dayjs().add(1, 'minute'),
  ]);
  const [kind, setKind] = useState<AccountLogKind | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const query = { start: range[0].valueOf(), end: range[1].valueOf(), kind };
  const violation = checkQueryRange(query);
  const log = useQuery({
    queryKey: ['account-log', query.start, query.end, kind, paging],
    queryFn: () => accountCentreApi.log({ ...query, ...paging }),
    enabled: violation === null,
    placeholderData: keepPreviousData,
  });

  return (
    <Card variant="borderless" title={t('routes.AccountLog')}>
      <Typography.Paragraph type="secondary">{t('accountCentre.log.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          value={range}
          aria-label={t('accountCentre.log.range')}
          onChange={(next) => {
            if (next?.[0] && next[1]) setRange([next[0], next[1]]);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('accountCentre.log.allKinds')}
          value={kind}
          onChange={(next: AccountLogKind | undefined) => {
            setKind(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={ACCOUNT_LOG_KIND_CODES.map((code) => ({
            value: code,
            label: nameIn(ACCOUNT_LOG_KINDS, code, locale),
          }))}
        />
      </Space>
      {violation ? (
        <Typography.Paragraph type="danger">
          {describeViolation(
            { ...violation, params: { ...violation.params, days: MAX_QUERY_RANGE_DAYS } },
            locale,
          )}
        </Typography.Paragraph>
      ) : null}
      {log.error ? <Typography.Paragraph type="danger">{describe(log.error)}</Typography.Paragraph> : null}
      <Table<AccountLogEntry>
        rowKey="id"
        size="small"
        data-testid="account-log"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('accountCentre.log.empty') }}
        pagination={{
          current: log.data?.page ?? paging.page,
          pageSize: log.data?.pageSize ?? paging.pageSize,
          total: log.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('accountCentre.log.at'),
            dataIndex: 'at',
            width: 170,
            render: (at: string) => formatTime(at),
          },
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
    </Card>
  );
}
