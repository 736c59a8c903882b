/** Row actions of an account list: permissions, reset password, enable/disable, delete — each confirmed. */
import type { AccountListKind, AdminAccount, IssuedPassword } from '@lyyp/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import { useSessionStore } from '../../app/session-store.ts';
import { useDescribeAdminFailure } from './admin-text.ts';

/** Where an account's permission assignment opens: §2's operator and authorization routes. */
export function permissionPathOf(kind: AccountListKind, account: AdminAccount): string | null {
  const roleId = encodeURIComponent(account.roleId ?? '0');
  if (kind === 'op') {
    return `/manage/account/op/permission/${account.id}/${roleId}/${encodeURIComponent(account.tel ?? '-')}`;
  }
  if (kind === 'dev') {
    return `/manage/authorization/permission/${account.id}/${encodeURIComponent(account.username ?? account.id)}/${roleId}`;
  }
  return null;
}

interface AccountActionsProps {
  kind: AccountListKind;
  account: AdminAccount;
  onChanged: () => void;
  onPassword: (issued: IssuedPassword) => void;
}

export function AccountActions({ kind, account, onChanged, onPassword }: AccountActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const selfId = useSessionStore((state) => state.user?.id);
  const name = account.name ?? account.username ?? account.tel ?? '';
  const onError = (error: unknown) => void message.error(describe(error));
  const reset = useMutation({
    mutationFn: () => adminApi.resetPassword(account.id),
    onSuccess: onPassword,
    onError,
  });
  const toggle = useMutation({
    mutationFn: () =>
      adminApi.setStatus({ id: account.id, status: account.status === 'enabled' ? 'disabled' : 'enabled' }),
    onSuccess: onChanged,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => adminApi.deleteAccount(account.id),
    onSuccess: (result) => {
      void message.success(t('admin.accounts.deleted', result.moved));
      onChanged();
    },
    onError,
  });
  if (account.isSuperManager || account.id === selfId) {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  const permissionPath = permissionPathOf(kind, account);
  return (
    <Space size={0} wrap>
      {permissionPath ? (
        <Link to={permissionPath}>
          <Button type="link" size="small">
            {t('admin.accounts.permission')}
          </Button>
        </Link>
      ) : null}
      <Popconfirm title={t('admin.accounts.resetConfirm', { name })} onConfirm={() => reset.mutate()}>
        <Button type="link" size="small" loading={reset.isPending}>
          {t('admin.accounts.resetPassword')}
        </Button>
      </Popconfirm>
      {account.status === 'enabled' ? (
        <Popconfirm title={t('admin.accounts.disableConfirm', { name })} onConfirm={() => toggle.mutate()}>
          <Button type="link" size="small" loading={toggle.isPending}>
            {t('admin.common.disable')}
          </Button>
        </Popconfirm>
      ) : (
        <Button type="link" size="small" loading={toggle.isPending} onClick={() => toggle.mutate()}>
          {t('admin.common.enable')}
        </Button>
      )}
      <Popconfirm
        title={t('admin.accounts.deleteConfirm', { name })}
        description={t('admin.accounts.deleteHint')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutate()}
      >
        <Button type="link" size="small" danger loading={remove.isPending}>
          {t('admin.common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
