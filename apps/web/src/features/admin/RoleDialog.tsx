/**
 * Creates or edits a role: name, which accounts it is for, menu permissions (tree) and data
 * permission. Codes beyond the caller's own are greyed, and "all products" is offered only to those
 * who have all products themselves.
 */
import type { Role, RoleSaveRequest } from '@lyyp/contracts/admin';
import { Alert, Form, Input, Radio } from 'antd';
import { FormDialog } from '../../blocks/index.ts';
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
  const submit = (values: RoleFormValues) => {
    const request: RoleSaveRequest = {
      ...(draft?.id ? { id: draft.id } : {}),
      name: values.name,
      audience: values.audience,
      permissions: values.permissions,
      dataScope: values.scope.dataScope,
      productIds: values.scope.productIds,
    };
    return adminApi.saveRole(request);
  };
  return (
    <FormDialog<RoleFormValues>
      open={draft !== null}
      form={form}
      width={640}
      title={draft?.id ? t('admin.roles.editTitle') : t('admin.roles.addTitle')}
      onClose={onClose}
      readOnly={readOnly}
      okText={t('admin.common.save')}
      successText={t('admin.common.saved')}
      describeError={describe}
      testId="role-form"
      submit={submit}
      onSaved={onSaved}
    >
      {readOnly ? (
        <Alert type="info" showIcon title={t('admin.roles.builtInHint')} style={{ marginBottom: 16 }} />
      ) : null}
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
    </FormDialog>
  );
}
