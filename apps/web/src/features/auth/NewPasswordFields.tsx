/** A new password and its confirmation, with the §5 rules: used wherever a password is chosen. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from './use-form-support.ts';

export function NewPasswordFields({
  label = 'fields.password',
}: {
  label?: 'fields.password' | 'fields.newPassword';
}) {
  const { t } = useTranslation();
  const rules = useFormRules();
  return (
    <>
      <Form.Item name="password" label={t(label)} rules={rules.newPassword} required>
        <Input.Password placeholder={t('placeholders.newPassword')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        rules={rules.confirmPassword()}
        required
      >
        <Input.Password placeholder={t('placeholders.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
