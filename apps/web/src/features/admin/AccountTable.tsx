/** One account list (operation staff, developers or end users) with search, filters and paging. */
import type { AccountListKind, AdminAccount, IssuedPassword } from '@lyyp/contracts/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { AccountActions } from './AccountActions.tsx';
import { useDescribeAdminFailure } from './admin-text.ts';

interface AccountTableProps {
  kind: AccountListKind;
  onPassword: (issued: IssuedPassword) => void;
  /** Bumped by the page after it created an account, to load the list again. */
  revision: number;
}

export function AccountTable({ kind, onPassword, revision }: AccountTableProps) {
  const { t } = useTranslation();
  const describe = useDescribeAdminFailure();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<'enabled' | 'disabled' | undefined>();
  const [accountType, setAccountType] = useState<'personal' | 'enterprise' | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const accounts = useQuery({
    queryKey: ['admin', 'accounts', kind, keyword, status, accountType, paging, revision],
    queryFn: () =>
      adminApi.listAccounts({ kind, keyword: keyword || undefined, status, accountType, ...paging }),
    placeholderData: keepPreviousData,
  });
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('admin.common.search')}
          data-testid="account-search"
          onSearch={(value) => {
            setKeyword(value.trim());
            firstPage();
          }}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('admin.accounts.statusFilter')}
          value={status}
          onChange={(next: typeof status) => {
            setStatus(next);
            firstPage();
          }}
          options={[
            { value: 'enabled', label: t('admin.status.enabled') },
            { value: 'disabled', label: t('admin.status.disabled') },
          ]}
        />
        {kind === 'ter' ? (
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('admin.accounts.typeFilter')}
            value={accountType}
            onChange={(next: typeof accountType) => {
              setAccountType(next);
              firstPage();
            }}
            options={[
              { value: 'personal', label: t('admin.accountType.personal') },
              { value: 'enterprise', label: t('admin.accountType.enterprise') },
            ]}
          />
        ) : null}
      </Space>
      {accounts.error ? (
        <Typography.Paragraph type="danger">{describe(accounts.error)}</Typography.Paragraph>
      ) : null}
      <Table<AdminAccount>
        rowKey="id"
        size="small"
        data-testid={`accounts-${kind}`}
        loading={accounts.isFetching}
        dataSource={accounts.data?.list ?? []}
        scroll={{ x: 960 }}
        locale={{ emptyText: t(`admin.accounts.empty.${kind}`) }}
        pagination={{
          current: accounts.data?.page ?? paging.page,
          pageSize: accounts.data?.pageSize ?? paging.pageSize,
          total: accounts.data?.total ?? 0,
          showTotal: (total) => t('monitor.common.total', { total }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: t('admin.fields.username'),
            dataIndex: 'username',
            width: 130,
            render: (value: string | null, row) => (
              <Space size={4} wrap>
                {value ?? '—'}
                {row.isSuperManager ? <Tag color="gold">{t('admin.accounts.superManager')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('admin.fields.name'),
            dataIndex: 'name',
            width: 130,
            render: (value: string | null) => value ?? '—',
          },
          {
            title: t('admin.fields.tel'),
            dataIndex: 'tel',
            width: 130,
            render: (value: string | null) => value ?? '—',
          },
          kind === 'ter'
            ? {
                title: t('admin.accounts.typeFilter'),
                dataIndex: 'accountType',
                width: 150,
                render: (value: AdminAccount['accountType'], row: AdminAccount) =>
                  `${t(`admin.accountType.${value}`)}${row.company ? ` · ${row.company}` : ''}`,
              }
            : {
                title: t('admin.accounts.role'),
                dataIndex: 'roleName',
                width: 130,
                render: (value: string | null) => value ?? t('admin.common.none'),
              },
          {
            title: t('admin.fields.status'),
            dataIndex: 'status',
            width: 90,
            render: (value: AdminAccount['status']) => (
              <Tag color={value === 'enabled' ? 'green' : 'default'}>{t(`admin.status.${value}`)}</Tag>
            ),
          },
          {
            title: t('admin.accounts.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (value: string) => formatTime(Date.parse(value)),
          },
          {
            title: t('admin.common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 300,
            render: (_value: unknown, row: AdminAccount) => (
              <AccountActions
                kind={kind}
                account={row}
                onPassword={onPassword}
                onChanged={() => void accounts.refetch()}
              />
            ),
          },
        ]}
      />
    </>
  );
}
