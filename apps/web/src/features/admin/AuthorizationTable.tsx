/**
 * Accounts holding a role: their role and codes; open the assignment, or cancel the authorization
 * at once — the confirmation names the minimal codes the account keeps.
 */
import type { AccountListKind, Authorization } from '@lyyp/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import { PagedTable, actionColumn, timeColumn, usePagedQuery } from '../../blocks/index.ts';
import { permissionPathOf } from './AccountActions.tsx';
import { useDescribeAdminFailure } from './admin-text.ts';
import { minimalCodeNames } from './grant-ceiling.ts';
import { useLocaleStore } from '../../app/i18n.ts';

export function AuthorizationTable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const locale = useLocaleStore((state) => state.locale);
  const [keyword, setKeyword] = useState('');
  const list = usePagedQuery<Authorization>({
    queryKey: ['admin', 'authorizations', keyword],
    fetch: (paging) => adminApi.listAuthorizations({ keyword: keyword || undefined, ...paging }),
  });
  const cancel = useMutation({
    mutationFn: (accountId: string) => adminApi.assignRole({ accountId }),
    onSuccess: () => void list.refetch(),
    onError: (error) => void message.error(describe(error)),
  });
  return (
    <>
      <Input.Search
        allowClear
        style={{ width: 260, marginBottom: 16 }}
        placeholder={t('admin.common.search')}
        onSearch={(value) => setKeyword(value.trim())}
      />
      <PagedTable<Authorization>
        paged={list}
        rowKey={(row) => row.account.id}
        testId="authorizations"
        describeError={describe}
        emptyText={t('admin.roles.emptyAuthorizations')}
        columns={[
          {
            title: t('admin.fields.username'),
            key: 'username',
            render: (_v, row) => row.account.username ?? '—',
          },
          { title: t('admin.fields.name'), key: 'name', render: (_v, row) => row.account.name ?? '—' },
          { title: t('admin.accounts.role'), key: 'role', render: (_v, row) => row.account.roleName ?? '—' },
          {
            title: t('admin.roles.permissions'),
            key: 'codes',
            width: 100,
            render: (_v, row) => row.permissions.length,
          },
          timeColumn(t('admin.roles.assignedAt'), 'assignedAt'),
          actionColumn(
            t('admin.common.actions'),
            (row) => {
              const kind: AccountListKind = row.account.accountKind === 'operation' ? 'op' : 'dev';
              const path = permissionPathOf(kind, row.account);
              const name = row.account.name ?? row.account.username ?? '';
              return (
                <Space size={0}>
                  {path ? (
                    <Link to={path}>
                      <Button type="link" size="small">
                        {t('admin.accounts.permission')}
                      </Button>
                    </Link>
                  ) : null}
                  <Popconfirm
                    title={t('admin.roles.cancelConfirm', { name })}
                    description={
                      <div style={{ maxWidth: 320 }} data-testid="cancel-keeps">
                        {t('admin.roles.cancelKeeps', {
                          codes: minimalCodeNames(
                            row.account.accountKind === 'developer' ? 'developer' : 'operation',
                            locale,
                          ).join(locale === 'en-US' ? ', ' : '、'),
                        })}
                      </div>
                    }
                    onConfirm={() => cancel.mutate(row.account.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t('admin.roles.cancelAuthorization')}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
            220,
          ),
        ]}
      />
    </>
  );
}
