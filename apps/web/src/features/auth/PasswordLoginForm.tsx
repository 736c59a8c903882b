/** Sign-in by account (username or phone) and password, both encrypted for the platform's key. */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { sealCredentials } from './login-crypto.ts';
import { useFormError, useFormRules, useLandAfterSignIn } from './use-form-support.ts';
import { FormAlert } from './FormAlert.tsx';

interface PasswordLoginValues {
  account: string;
  password: string;
}

const FIELDS = ['account', 'password'] as const;

export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordLoginValues>();
  const rules = useFormRules();
  const land = useLandAfterSignIn();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const signIn = useMutation({
    mutationFn: async ({ account, password }: PasswordLoginValues) => {
      const key = await authApi.fetchPublicKey();
      const body = await sealCredentials(key, account.trim(), password, Date.now());
      return authApi.loginWithEncryptedPassword(body);
    },
    onSuccess: land,
    // Which of the two was wrong is deliberately not told, so the message stays above the form.
    onError: (error) => showError(error),
  });

  return (
    <Form
      form={form}
      name="login-password"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => signIn.mutate(values)}
      onValuesChange={clearError}
    >
      <FormAlert text={alertText} />
      <Form.Item name="account" label={t('fields.account')} rules={rules.loginAccount}>
        <Input prefix={<UserOutlined />} placeholder={t('placeholders.account')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.loginPassword}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('placeholders.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
