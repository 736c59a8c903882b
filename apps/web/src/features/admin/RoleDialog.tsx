/**
 * Creates or edits a role: name, which accounts it is for, menu permissions (tree) and data
 * permission. Codes beyond the caller's own are greyed, and "all products" is offered only to those
 * who have all products themselves.
 */
import type { Role, RoleSaveRequest } from '@lyyp/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { DataScopeField, type DataScopeValue } from './DataScopeField.tsx';
import { PermissionTree } from './PermissionTree.tsx';
import { buildAdminRules, useDescribeAdminFailure } from './admin-text.ts';
import { grantableCodes, useGrantCeiling } from './grant-ceiling.ts';

interface RoleFormValues {
  name: string;
  audience: Role['audience'];
  permissions: string[];
  scope: DataScopeValue;
}

/** What the dialog edits: a stored role, a copy of one (no id), or a blank new role. */
export type RoleDraft = Partial<Role> | null;

export function RoleDialog({
  draft,
  onClose,
  onSaved,
}: {
  draft: RoleDraft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const [form] = Form.useForm<RoleFormValues>();
  const readOnly = draft?.builtIn === true;
  const ceiling = useGrantCeiling();
  const grantable = useMemo(() => grantableCodes(ceiling), [ceiling]);
  useEffect(() => {
    if (!draft) return;
    form.setFieldsValue({
      name: draft.name ?? '',
      audience: draft.audience ?? 'operation',
      permissions: draft.permissions ?? [],
      scope: {
        dataScope: draft.dataScope ?? (ceiling.allProducts ? 'all' : 'chosen'),
        productIds: draft.productIds ?? [],
      },
    });
  }, [draft, form, ceiling.allProducts]);
  const save = useMutation({
    mutationFn: (values: RoleFormValues) => {
      const request: RoleSaveRequest = {
        ...(draft?.id ? { id: draft.id } : {}),
        name: values.name,
        audience: values.audience,
        permissions: values.permissions,
        dataScope: values.scope.dataScope,
        productIds: values.scope.productIds,
      };
      return adminApi.saveRole(request);
    },
    onSuccess: () => {
      void message.success(t('admin.common.saved'));
      onSaved();
    },
    onError: (error) => void message.error(describe(error)),
  });
  return (
    <Modal
      open={draft !== null}
      width={640}
      title={draft?.id ? t('admin.roles.editTitle') : t('admin.roles.addTitle')}
      onCancel={onClose}
      okButtonProps={{ disabled: readOnly }}
      okText={t('admin.common.save')}
      confirmLoading={save.isPending}
      // A refused form shows its messages on the inputs; nothing else is left to handle.
      onOk={() =>
        void form.validateFields().then(
          (values) => save.mutate(values),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      {readOnly ? (
        <Alert type="info" showIcon title={t('admin.roles.builtInHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" disabled={readOnly} data-testid="role-form">
        <Form.Item name="name" label={t('admin.roles.name')} rules={buildAdminRules(locale).roleName}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="audience" label={t('admin.fields.audience')}>
          <Radio.Group
            options={[
              { value: 'operation', label: t('admin.roles.audience.operation') },
              { value: 'developer', label: t('admin.roles.audience.developer') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('admin.roles.permissions')}
          extra={
            readOnly || ceiling.superManager
              ? t('admin.roles.treeHint')
              : `${t('admin.roles.treeHint')} ${t('admin.roles.treeCeilingHint')}`
          }
        >
          <PermissionTree disabled={readOnly} grantable={readOnly ? undefined : grantable} />
        </Form.Item>
        <Form.Item name="scope" label={t('admin.roles.dataScope')}>
          <DataScopeField disabled={readOnly} allowAll={readOnly || ceiling.allProducts} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
