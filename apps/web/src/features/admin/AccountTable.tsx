/** One account list (operation staff, developers or end users) with search, filters and paging. */
import type { AccountListKind, AdminAccount, IssuedPassword } from '@lyyp/contracts/admin';
import { Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { FilterSelect, PagedTable, usePagedQuery } from '../../blocks/index.ts';
import { actionColumn, textColumn, timeColumn } from '../../blocks/columns.tsx';
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
  const accounts = usePagedQuery<AdminAccount>({
    queryKey: ['admin', 'accounts', kind, keyword, status, accountType, revision],
    fetch: (paging) =>
      adminApi.listAccounts({ kind, keyword: keyword || undefined, status, accountType, ...paging }),
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('admin.common.search')}
          data-testid="account-search"
          onSearch={(value) => setKeyword(value.trim())}
        />
        <FilterSelect
          placeholder={t('admin.accounts.statusFilter')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'enabled', label: t('admin.status.enabled') },
            { value: 'disabled', label: t('admin.status.disabled') },
          ]}
        />
        {kind === 'ter' ? (
          <FilterSelect
            width={170}
            placeholder={t('admin.accounts.typeFilter')}
            value={accountType}
            onChange={setAccountType}
            options={[
              { value: 'personal', label: t('admin.accountType.personal') },
              { value: 'enterprise', label: t('admin.accountType.enterprise') },
            ]}
          />
        ) : null}
      </Space>
      <PagedTable<AdminAccount>
        paged={accounts}
        testId={`accounts-${kind}`}
        describeError={describe}
        emptyText={t(`admin.accounts.empty.${kind}`)}
        columns={[
          textColumn(t('admin.fields.username'), 'username', {
            width: 130,
            render: (value: string | null, row) => (
              <Space size={4} wrap>
                {value ?? '—'}
                {row.isSuperManager ? <Tag color="gold">{t('admin.accounts.superManager')}</Tag> : null}
              </Space>
            ),
          }),
          textColumn(t('admin.fields.name'), 'name', { width: 130 }),
          textColumn(t('admin.fields.tel'), 'tel', { width: 130 }),
          kind === 'ter'
            ? textColumn(t('admin.accounts.typeFilter'), 'accountType', {
                width: 150,
                render: (value: AdminAccount['accountType'], row: AdminAccount) =>
                  `${t(`admin.accountType.${value}`)}${row.company ? ` · ${row.company}` : ''}`,
              })
            : textColumn(t('admin.accounts.role'), 'roleName', {
                width: 130,
                render: (value: string | null) => value ?? t('admin.common.none'),
              }),
          textColumn(t('admin.fields.status'), 'status', {
            width: 90,
            render: (value: AdminAccount['status']) => (
              <Tag color={value === 'enabled' ? 'green' : 'default'}>{t(`admin.status.${value}`)}</Tag>
            ),
          }),
          timeColumn(t('admin.accounts.createdAt'), 'createdAt'),
          actionColumn(
            t('admin.common.actions'),
            (row) => (
              <AccountActions
                kind={kind}
                account={row}
                onPassword={onPassword}
                onChanged={() => void accounts.refetch()}
              />
            ),
            300,
          ),
        ]}
      />
    </>
  );
}
