/** Creates or edits a role: name, which accounts it is for, menu permissions (tree) and data permission. */
import type { Role, RoleSaveRequest } from '@lyyp/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { DataScopeField, type DataScopeValue } from './DataScopeField.tsx';
import { PermissionTree } from './PermissionTree.tsx';
import { buildAdminRules, useDescribeAdminFailure } from './admin-text.ts';

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
  useEffect(() => {
    if (!draft) return;
    form.setFieldsValue({
      name: draft.name ?? '',
      audience: draft.audience ?? 'operation',
      permissions: draft.permissions ?? [],
      scope: { dataScope: draft.dataScope ?? 'all', productIds: draft.productIds ?? [] },
    });
  }, [draft, form]);
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
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      destroyOnHidden
    >
      {readOnly ? (
        <Alert type="info" showIcon message={t('admin.roles.builtInHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} layout="vertical" disabled={readOnly} data-testid="role-form">
        <Form.Item name="name" label={t('admin.roles.name')} rules={buildAdminRules(locale).name}>
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
        <Form.Item name="permissions" label={t('admin.roles.permissions')} extra={t('admin.roles.treeHint')}>
          <PermissionTree disabled={readOnly} />
        </Form.Item>
        <Form.Item name="scope" label={t('admin.roles.dataScope')}>
          <DataScopeField disabled={readOnly} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
