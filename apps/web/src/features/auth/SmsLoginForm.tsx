/**
 * Sign-in by SMS code. A phone the platform has not seen gets a new account that must be completed
 * first; the landing rule sends such an account to the first-time screen.
 */
import { MobileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/index.ts';
import { SmsCodeFields } from './SmsCodeFields.tsx';
import { useFormError, useFormRules, useLandAfterSignIn } from './use-form-support.ts';
import { FormAlert } from './FormAlert.tsx';

interface SmsLoginValues {
  tel: string;
  smsCode: string;
}

const FIELDS = ['tel', 'smsCode'] as const;

export function SmsLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsLoginValues>();
  const rules = useFormRules();
  const land = useLandAfterSignIn();
  const { alertText, showError, clearError } = useFormError(form, FIELDS);

  const signIn = useMutation({
    mutationFn: ({ tel, smsCode }: SmsLoginValues) =>
      authApi.loginWithSmsCode({ tel: tel.trim(), smsCode: smsCode.trim() }),
    onSuccess: land,
    onError: (error) => showError(error, 'smsCode'),
  });

  return (
    <Form
      form={form}
      name="login-sms"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => signIn.mutate(values)}
      onValuesChange={clearError}
    >
      <FormAlert text={alertText} />
      <Form.Item name="tel" label={t('fields.tel')} rules={rules.phone}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('placeholders.tel')}
          autoComplete="tel"
          inputMode="tel"
        />
      </Form.Item>
      <SmsCodeFields form={form} send={(proof) => authApi.sendSmsCode({ ...proof, purpose: 'login' })} />
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
