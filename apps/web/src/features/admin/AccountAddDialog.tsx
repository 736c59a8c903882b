/**
 * A new operation staff or developer account: username, name, phone, email and a role — required
 * for staff (the catalogue's 2226), optional for developers, who keep only the minimal codes
 * without one. Roles beyond the caller's own permissions are shown but cannot be chosen.
 */
import { roleFitsAccount, type AccountAddRequest, type IssuedPassword } from '@lyyp/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { FormDialog, TextField } from '../../blocks/index.ts';
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
  const describe = useDescribeAdminFailure();
  const roles = useQuery({
    queryKey: ['admin', 'roles', locale],
    queryFn: () => adminApi.listRoles(),
    enabled: open,
  });
  const audience = kind === 'op' ? 'operation' : 'developer';
  const ceiling = useGrantCeiling();
  const separator = locale === 'en-US' ? ', ' : '、';
  const noRole = t('admin.accounts.noRole', { codes: minimalCodeNames(audience, locale).join(separator) });
  const roleRules = kind === 'op' ? [{ required: true, message: translateCatalogue('2226', locale) }] : [];
  return (
    <FormDialog<Omit<AccountAddRequest, 'kind'>, IssuedPassword>
      open={open}
      title={t(`admin.accounts.addTitle.${kind}`)}
      onClose={onClose}
      okText={t('admin.common.save')}
      testId="account-add-form"
      describeError={describe}
      successText={null}
      submit={(values) =>
        adminApi.addAccount({
          kind,
          ...values,
          tel: values.tel?.trim() || undefined,
          email: values.email?.trim() || undefined,
        })
      }
      onSaved={onCreated}
    >
      <Form.Item name="username" label={t('admin.fields.username')} rules={rules.username} required>
        <Input autoComplete="off" />
      </Form.Item>
      <TextField name="name" label={t('admin.fields.name')} rules={rules.name} />
      <TextField name="tel" label={t('admin.fields.tel')} rules={rules.tel} />
      <TextField name="email" label={t('admin.fields.email')} rules={rules.email} />
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
    </FormDialog>
  );
}
