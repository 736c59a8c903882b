/**
 * Sign-in by SMS code. A phone the platform has not seen gets a new account that must be completed
 * first; the landing rule sends such an account to the first-time screen. After several failures
 * from the same network the platform asks for the picture check with the sign-in (1150): the form's
 * picture, which also guards sending codes, is then answered again and its ticket sent along.
 */
import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { FormAlert } from './FormAlert.tsx';
import { SmsCodeFields } from './SmsCodeFields.tsx';
import { useFormRules } from './use-form-support.ts';
import { useSignIn } from './use-sign-in.ts';

interface SmsLoginValues {
  tel: string;
  smsCode: string;
  captcha?: string;
}

export function SmsLoginForm() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { form, formProps, picture, alertText, mutation } = useSignIn<SmsLoginValues>({
    fields: ['tel', 'smsCode'],
    pictureAlways: true,
    firstChallengeOn: 'picture',
    fallbackField: 'smsCode',
    signIn: ({ tel, smsCode }, proof) =>
      authApi.loginWithSmsCode({ tel: tel.trim(), smsCode: smsCode.trim(), ...proof }),
  });

  return (
    <Form name="login-sms" {...formProps}>
      <FormAlert text={alertText} />
      <Form.Item name="tel" label={t('fields.tel')} rules={rules.phone}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('placeholders.tel')}
          autoComplete="tel"
          inputMode="tel"
        />
      </Form.Item>
      <SmsCodeFields
        form={form}
        picture={picture}
        send={(proof) => authApi.sendSmsCode({ ...proof, purpose: 'login' })}
      />
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
