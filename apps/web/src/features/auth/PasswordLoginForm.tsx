/**
 * Sign-in by account (username or phone) and password, both encrypted for the platform's key. After
 * several failures from the same network the platform asks for the picture check (1150): the form
 * then shows the picture and sends its ticket with every further try.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { CaptchaPictureField } from './CaptchaPicture.tsx';
import { FormAlert } from './FormAlert.tsx';
import { sealCredentials } from './login-crypto.ts';
import { useFormRules } from './use-form-support.ts';
import { useSignIn } from './use-sign-in.ts';

interface PasswordLoginValues {
  account: string;
  password: string;
  captcha?: string;
}

export function PasswordLoginForm() {
  const { t } = useTranslation();
  const rules = useFormRules();
  // Which of the two was wrong is deliberately not told, so a refusal stays above the form; the first
  // request for a picture check says why above the form too, and the picture appears.
  const { form, formProps, picture, pictureNeeded, alertText, mutation } = useSignIn<PasswordLoginValues>({
    fields: ['account', 'password'],
    firstChallengeOn: 'alert',
    signIn: async ({ account, password }, proof) => {
      const key = await authApi.fetchPublicKey();
      const body = await sealCredentials(key, account.trim(), password, Date.now());
      return authApi.loginWithEncryptedPassword({ ...body, ...proof });
    },
  });

  return (
    <Form name="login-password" {...formProps}>
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
      {pictureNeeded && <CaptchaPictureField form={form} picture={picture} />}
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
