/**
 * Permission assignment of one account (§2 account/op/permission/:id/:roleId/:tel and
 * authorization/permission/:id/:account/:roleId): choose its role, see the role's menu tree and
 * data permission, save. The person holds the new codes from their next request. "No role" says
 * exactly what remains (the kind's minimal codes); roles beyond the caller's own cannot be chosen.
 */
import { roleFitsAccount } from '@lyyp/contracts/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { adminApi } from '../../api/admin.api.ts';
import { DataScopeField } from './DataScopeField.tsx';
import { PermissionTree } from './PermissionTree.tsx';
import { useRoles } from './RoleTable.tsx';
import { useDescribeAdminFailure } from './admin-text.ts';
import { minimalCodeNames, roleGrantable, useGrantCeiling } from './grant-ceiling.ts';
import { useLocaleStore } from '../../app/i18n.ts';

const NO_ROLE = '0';

export default function PermissionAssignPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const fromAuthorization = useLocation().pathname.startsWith('/manage/authorization/');
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const accountId = params.id ?? '';
  const account = useQuery({
    queryKey: ['admin', 'account', accountId],
    queryFn: () => adminApi.accountDetail(accountId),
  });
  const roles = useRoles();
  const locale = useLocaleStore((state) => state.locale);
  const ceiling = useGrantCeiling();
  // The role chosen on this screen; until one is chosen, the one the account holds.
  const [picked, setRoleId] = useState<string | null>(null);
  const roleId = picked ?? (account.data ? (account.data.roleId ?? NO_ROLE) : (params.roleId ?? NO_ROLE));
  const assign = useMutation({
    mutationFn: () => adminApi.assignRole({ accountId, ...(roleId === NO_ROLE ? {} : { roleId }) }),
    onSuccess: () => {
      void message.success(t('admin.assign.saved'));
      void account.refetch();
    },
    onError: (error) => void message.error(describe(error)),
  });
  const kind = account.data?.accountKind;
  const fitting = (roles.data ?? []).filter((role) => kind && roleFitsAccount(role.audience, kind));
  const chosen = fitting.find((role) => role.id === roleId);
  const kept = minimalCodeNames(kind === 'developer' ? 'developer' : 'operation', locale).join(
    locale === 'en-US' ? ', ' : '、',
  );
  const error = account.error ?? roles.error;
  return (
    <Card
      variant="borderless"
      title={t(fromAuthorization ? 'routes.AuthorizationPermission' : 'routes.AccountOpPermission')}
      extra={
        <Space>
          <Link to="/manage/authorization">{t('admin.assign.manageRoles')}</Link>
          <Button onClick={() => void navigate(-1)}>{t('admin.common.back')}</Button>
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon title={describe(error)} style={{ marginBottom: 16 }} /> : null}
      {account.data ? (
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('admin.fields.username')}>
            {account.data.username ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.fields.name')}>{account.data.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.fields.tel')}>{account.data.tel ?? '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form layout="vertical">
        <Form.Item label={t('admin.assign.role')}>
          <Select
            data-testid="assign-role"
            style={{ maxWidth: 360 }}
            value={roleId}
            onChange={setRoleId}
            options={[
              { value: NO_ROLE, label: t('admin.assign.noRole') },
              ...fitting.map((role) => {
                const grantable = roleGrantable(ceiling, role) || role.id === account.data?.roleId;
                return {
                  value: role.id,
                  label: grantable ? role.name : t('admin.accounts.beyond', { name: role.name }),
                  disabled: !grantable,
                };
              }),
            ]}
          />
        </Form.Item>
        {chosen ? (
          <>
            <Form.Item label={t('admin.assign.treeTitle')}>
              <PermissionTree value={chosen.permissions} disabled />
            </Form.Item>
            <Form.Item label={t('admin.assign.dataTitle')}>
              <DataScopeField
                value={{ dataScope: chosen.dataScope, productIds: chosen.productIds }}
                disabled
              />
            </Form.Item>
          </>
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="assign-no-role-hint"
            style={{ marginBottom: 16 }}
            title={t('admin.assign.noRoleHint', { codes: kept })}
          />
        )}
        <Button
          type="primary"
          data-testid="assign-save"
          loading={assign.isPending}
          disabled={!account.data}
          onClick={() => assign.mutate()}
        >
          {t('admin.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
