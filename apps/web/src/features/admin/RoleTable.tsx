/** Built-in and staff-created roles: menu permission count, data permission, holders; edit, copy, delete. */
import type { Role } from '@lyyp/contracts/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { RoleDialog, type RoleDraft } from './RoleDialog.tsx';
import { useDescribeAdminFailure } from './admin-text.ts';

export function useRoles() {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({ queryKey: ['admin', 'roles', locale], queryFn: () => adminApi.listRoles() });
}

export function RoleTable({ creating, onCreatingDone }: { creating: boolean; onCreatingDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const roles = useRoles();
  const [draft, setDraft] = useState<RoleDraft>(null);
  const remove = useMutation({
    mutationFn: (id: string) => adminApi.deleteRole(id),
    onSuccess: () => void roles.refetch(),
    onError: (error) => void message.error(describe(error)),
  });
  const shown: RoleDraft = creating ? {} : draft;
  const close = () => {
    setDraft(null);
    onCreatingDone();
  };
  const custom = (roles.data ?? []).filter((role) => !role.builtIn);
  return (
    <>
      <Table<Role>
        rowKey="id"
        size="small"
        data-testid="roles"
        loading={roles.isFetching}
        dataSource={roles.data ?? []}
        pagination={false}
        footer={custom.length === 0 ? () => t('admin.roles.empty') : undefined}
        columns={[
          {
            title: t('admin.roles.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space size={4}>
                {name}
                {row.builtIn ? <Tag>{t('admin.roles.builtIn')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('admin.fields.audience'),
            dataIndex: 'audience',
            width: 120,
            render: (value: Role['audience']) => t(`admin.roles.audience.${value}`),
          },
          {
            title: t('admin.roles.dataScope'),
            dataIndex: 'dataScope',
            width: 140,
            render: (value: Role['dataScope'], row) =>
              value === 'all'
                ? t('admin.roles.scopeAll')
                : t('admin.roles.chosenCount', { count: row.productIds.length }),
          },
          { title: t('admin.roles.holders'), dataIndex: 'accountCount', width: 90 },
          {
            title: t('admin.common.actions'),
            key: 'actions',
            width: 220,
            render: (_value: unknown, row: Role) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDraft(row)}>
                  {row.builtIn ? t('admin.common.view') : t('admin.common.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setDraft({ ...row, id: undefined, builtIn: false, name: `${row.name} 2` })}
                >
                  {t('admin.roles.copy')}
                </Button>
                {row.builtIn ? null : (
                  <Popconfirm
                    title={t('admin.roles.deleteConfirm', { name: row.name })}
                    onConfirm={() => remove.mutate(row.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t('admin.common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RoleDialog
        draft={shown}
        onClose={close}
        onSaved={() => {
          close();
          void roles.refetch();
        }}
      />
    </>
  );
}
