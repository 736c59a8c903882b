/**
 * A new operation staff or developer account: username, name, phone, email and a role — required
 * for staff (the catalogue's 2226), optional for developers, who keep only the minimal codes
 * without one. Roles beyond the caller's own permissions are shown but cannot be chosen.
 */
import { roleFitsAccount, type AccountAddRequest, type IssuedPassword } from '@lyyp/contracts/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { buildAdminRules, useDescribeAdminFailure } from './admin-text.ts';
import { minimalCodeNames, roleGrantable, useGrantCeiling } from './grant-ceiling.ts';

interface AccountAddDialogProps {
  kind: 'op' | 'dev';
  open: boolean;
  onClose: () => void;
  onCreated: (issued: IssuedPassword) => void;
}

export function AccountAddDialog({ kind, open, onClose, onCreated }: AccountAddDialogProps) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const rules = buildAdminRules(locale);
  const { message } = App.useApp();
  const describe = useDescribeAdminFailure();
  const [form] = Form.useForm<Omit<AccountAddRequest, 'kind'>>();
  const roles = useQuery({
    queryKey: ['admin', 'roles', locale],
    queryFn: () => adminApi.listRoles(),
    enabled: open,
  });
  const add = useMutation({
    mutationFn: (values: Omit<AccountAddRequest, 'kind'>) =>
      adminApi.addAccount({
        kind,
        ...values,
        tel: values.tel?.trim() || undefined,
        email: values.email?.trim() || undefined,
      }),
    onSuccess: (issued) => {
      form.resetFields();
      onCreated(issued);
    },
    onError: (error) => void message.error(describe(error)),
  });
  const audience = kind === 'op' ? 'operation' : 'developer';
  const ceiling = useGrantCeiling();
  const separator = locale === 'en-US' ? ', ' : '、';
  const noRole = t('admin.accounts.noRole', { codes: minimalCodeNames(audience, locale).join(separator) });
  const roleRules = kind === 'op' ? [{ required: true, message: translateCatalogue('2226', locale) }] : [];
  return (
    <Modal
      open={open}
      title={t(`admin.accounts.addTitle.${kind}`)}
      onCancel={onClose}
      // A refused form shows its messages on the inputs; nothing else is left to handle.
      onOk={() =>
        void form
          .validateFields()
          .then((values) => add.mutate(values))
          .catch(() => undefined)
      }
      confirmLoading={add.isPending}
      okText={t('admin.common.save')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="account-add-form">
        <Form.Item name="username" label={t('admin.fields.username')} rules={rules.username} required>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('admin.fields.name')} rules={rules.name}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="tel" label={t('admin.fields.tel')} rules={rules.tel}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('admin.fields.email')} rules={rules.email}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('admin.fields.roleId')}
          rules={roleRules}
          required={kind === 'op'}
          extra={kind === 'dev' ? noRole : undefined}
        >
          <Select
            allowClear={kind === 'dev'}
            data-testid="account-add-role"
            placeholder={kind === 'dev' ? noRole : undefined}
            options={(roles.data ?? [])
              .filter((role) => roleFitsAccount(role.audience, audience))
              .map((role) => {
                const grantable = roleGrantable(ceiling, role);
                return {
                  value: role.id,
                  label: grantable ? role.name : t('admin.accounts.beyond', { name: role.name }),
                  disabled: !grantable,
                };
              })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
